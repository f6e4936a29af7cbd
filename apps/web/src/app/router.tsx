import { lazy, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

/** How to fetch each lazy screen's chunk, by component (preloadScreens). */
const loaders = new Map<unknown, () => Promise<unknown>>();

/**
 * A screen in its own chunk, shown behind <Suspense fallback="Carregando...">. Its chunk is fetched
 * once: by preloadScreens (main.tsx, at start, for the path being opened) or when it first renders.
 */
function screen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  let loading: Promise<M> | null = null;
  // A failed fetch is not kept: the next render (or preload) tries again.
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  const Screen = lazy(() => once().then((m) => ({ default: pick(m) })));
  loaders.set(Screen, once);
  return Screen;
}

const HomePage = screen(
  () => import('./routes/home'),
  (m) => m.HomePage,
);
const AboutPage = screen(
  () => import('./routes/about'),
  (m) => m.AboutPage,
);
const AuthPage = screen(
  () => import('./routes/auth'),
  (m) => m.AuthPage,
);
const ForgotPasswordPage = screen(
  () => import('./routes/forgot-password'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = screen(
  () => import('./routes/reset-password'),
  (m) => m.ResetPasswordPage,
);
const VerifyEmailPage = screen(
  () => import('./routes/verify-email'),
  (m) => m.VerifyEmailPage,
);
const ProfilePage = screen(
  () => import('./routes/profile'),
  (m) => m.ProfilePage,
);
const DashboardLayout = screen(
  () => import('./routes/dashboard-layout'),
  (m) => m.DashboardLayout,
);
const DashboardIndexPage = screen(
  () => import('./routes/dashboard-index'),
  (m) => m.DashboardIndexPage,
);
const StudentPage = screen(
  () => import('./routes/student'),
  (m) => m.StudentPage,
);
const StudentClassPage = screen(
  () => import('./routes/student-class'),
  (m) => m.StudentClassPage,
);
const TeacherPage = screen(
  () => import('./routes/teacher'),
  (m) => m.TeacherPage,
);
const TeacherClassPage = screen(
  () => import('./routes/teacher-class'),
  (m) => m.TeacherClassPage,
);
const ChatPage = screen(
  () => import('./routes/chat'),
  (m) => m.ChatPage,
);
const FlashcardsPage = screen(
  () => import('./routes/flashcards'),
  (m) => m.FlashcardsPage,
);
const FlashcardDeckPage = screen(
  () => import('./routes/flashcard-deck'),
  (m) => m.FlashcardDeckPage,
);
const FlashcardReviewPage = screen(
  () => import('./routes/flashcard-review'),
  (m) => m.FlashcardReviewPage,
);
const ExercisesPage = screen(
  () => import('./routes/exercises'),
  (m) => m.ExercisesPage,
);
const AssignmentPage = screen(
  () => import('./routes/assignment'),
  (m) => m.AssignmentPage,
);
const AssignmentResultsPage = screen(
  () => import('./routes/assignment-results'),
  (m) => m.AssignmentResultsPage,
);
const AdaptivePage = screen(
  () => import('./routes/adaptive'),
  (m) => m.AdaptivePage,
);
const MetricsPage = screen(
  () => import('./routes/metrics'),
  (m) => m.MetricsPage,
);
const AnalyticsPage = screen(
  () => import('./routes/analytics'),
  (m) => m.AnalyticsPage,
);
const AnalyticsStudentPage = screen(
  () => import('./routes/analytics-student'),
  (m) => m.AnalyticsStudentPage,
);
const WhiteboardPage = screen(
  () => import('./routes/whiteboard'),
  (m) => m.WhiteboardPage,
);
const WhiteboardBoardPage = screen(
  () => import('./routes/whiteboard-board'),
  (m) => m.WhiteboardBoardPage,
);
const WhiteboardHandoutsPage = screen(
  () => import('./routes/whiteboard-handouts'),
  (m) => m.WhiteboardHandoutsPage,
);
const DiagramsPage = screen(
  () => import('./routes/diagrams'),
  (m) => m.DiagramsPage,
);
const DiagramPage = screen(
  () => import('./routes/diagram'),
  (m) => m.DiagramPage,
);
const InvitePage = screen(
  () => import('./routes/invite'),
  (m) => m.InvitePage,
);
const NotFoundPage = screen(
  () => import('./routes/not-found'),
  (m) => m.NotFoundPage,
);

/**
 * The app's routes, rendered by main.tsx with `useRoutes` inside a <BrowserRouter> (declarative
 * mode: the app uses no loaders or actions, and the data router would add 19 KB gzipped to every
 * first load). Errors of a screen are caught by app/route-error-boundary.tsx, not `errorElement`.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'auth', element: <AuthPage /> },
      { path: 'auth/esqueci-senha', element: <ForgotPasswordPage /> },
      { path: 'auth/redefinir-senha', element: <ResetPasswordPage /> },
      { path: 'auth/verificar-email', element: <VerifyEmailPage /> },
      { path: 'convite/:token', element: <InvitePage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'profile', element: <ProfilePage /> },
          {
            path: 'dashboard',
            element: <DashboardLayout />,
            children: [
              { index: true, element: <DashboardIndexPage /> },
              { path: 'student', element: <StudentPage /> },
              { path: 'student/:classId', element: <StudentClassPage /> },
              { path: 'teacher', element: <TeacherPage /> },
              { path: 'teacher/:classId', element: <TeacherClassPage /> },
              { path: 'chat', element: <ChatPage /> },
              { path: 'chat/:conversationId', element: <ChatPage /> },
              { path: 'flashcard', element: <FlashcardsPage /> },
              { path: 'flashcard/:deckId', element: <FlashcardDeckPage /> },
              { path: 'flashcard/:deckId/estudar', element: <FlashcardReviewPage /> },
              { path: 'exercises', element: <ExercisesPage /> },
              { path: 'exercises/atividade/:assignmentId', element: <AssignmentPage /> },
              {
                path: 'exercises/resultados/:assignmentId',
                element: <AssignmentResultsPage />,
              },
              { path: 'adaptive', element: <AdaptivePage /> },
              { path: 'analytics', element: <AnalyticsPage /> },
              { path: 'analytics/:classId', element: <AnalyticsPage /> },
              { path: 'analytics/:classId/aluno/:userId', element: <AnalyticsStudentPage /> },
              { path: 'metrics', element: <MetricsPage /> },
              { path: 'whiteboard', element: <WhiteboardPage /> },
              { path: 'whiteboard/:boardId', element: <WhiteboardBoardPage /> },
              {
                path: 'whiteboard/:boardId/copias/:classId',
                element: <WhiteboardHandoutsPage />,
              },
              { path: 'mermaid', element: <DiagramsPage /> },
              { path: 'mermaid/:diagramId', element: <DiagramPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Starts fetching the chunks of every lazy screen that `pathname` renders (e.g. the dashboard
 * layout and the student page for /dashboard/student), so they load together with the session
 * check and the catalogs instead of one after the other (main.tsx; decision 0033).
 */
export function preloadScreens(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const type = (match.route.element as ReactElement | undefined)?.type;
    void loaders
      .get(type)?.()
      .catch(() => undefined);
  }
}
