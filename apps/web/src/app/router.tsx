import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

// Every screen is its own chunk, shown behind <Suspense fallback="Carregando...">.
const HomePage = lazy(() => import('./routes/home').then((m) => ({ default: m.HomePage })));
const AboutPage = lazy(() => import('./routes/about').then((m) => ({ default: m.AboutPage })));
const AuthPage = lazy(() => import('./routes/auth').then((m) => ({ default: m.AuthPage })));
const ForgotPasswordPage = lazy(() =>
  import('./routes/forgot-password').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./routes/reset-password').then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyEmailPage = lazy(() =>
  import('./routes/verify-email').then((m) => ({ default: m.VerifyEmailPage })),
);
const ProfilePage = lazy(() =>
  import('./routes/profile').then((m) => ({ default: m.ProfilePage })),
);
const DashboardLayout = lazy(() =>
  import('./routes/dashboard-layout').then((m) => ({ default: m.DashboardLayout })),
);
const DashboardIndexPage = lazy(() =>
  import('./routes/dashboard-index').then((m) => ({ default: m.DashboardIndexPage })),
);
const StudentPage = lazy(() =>
  import('./routes/student').then((m) => ({ default: m.StudentPage })),
);
const StudentClassPage = lazy(() =>
  import('./routes/student-class').then((m) => ({ default: m.StudentClassPage })),
);
const TeacherPage = lazy(() =>
  import('./routes/teacher').then((m) => ({ default: m.TeacherPage })),
);
const TeacherClassPage = lazy(() =>
  import('./routes/teacher-class').then((m) => ({ default: m.TeacherClassPage })),
);
const ChatPage = lazy(() => import('./routes/chat').then((m) => ({ default: m.ChatPage })));
const FlashcardsPage = lazy(() =>
  import('./routes/flashcards').then((m) => ({ default: m.FlashcardsPage })),
);
const FlashcardDeckPage = lazy(() =>
  import('./routes/flashcard-deck').then((m) => ({ default: m.FlashcardDeckPage })),
);
const FlashcardReviewPage = lazy(() =>
  import('./routes/flashcard-review').then((m) => ({ default: m.FlashcardReviewPage })),
);
const ExercisesPage = lazy(() =>
  import('./routes/exercises').then((m) => ({ default: m.ExercisesPage })),
);
const AssignmentPage = lazy(() =>
  import('./routes/assignment').then((m) => ({ default: m.AssignmentPage })),
);
const AssignmentResultsPage = lazy(() =>
  import('./routes/assignment-results').then((m) => ({ default: m.AssignmentResultsPage })),
);
const AdaptivePage = lazy(() =>
  import('./routes/adaptive').then((m) => ({ default: m.AdaptivePage })),
);
const MetricsPage = lazy(() =>
  import('./routes/metrics').then((m) => ({ default: m.MetricsPage })),
);
const AnalyticsPage = lazy(() =>
  import('./routes/analytics').then((m) => ({ default: m.AnalyticsPage })),
);
const AnalyticsStudentPage = lazy(() =>
  import('./routes/analytics-student').then((m) => ({ default: m.AnalyticsStudentPage })),
);
const WhiteboardPage = lazy(() =>
  import('./routes/whiteboard').then((m) => ({ default: m.WhiteboardPage })),
);
const WhiteboardBoardPage = lazy(() =>
  import('./routes/whiteboard-board').then((m) => ({ default: m.WhiteboardBoardPage })),
);
const WhiteboardHandoutsPage = lazy(() =>
  import('./routes/whiteboard-handouts').then((m) => ({ default: m.WhiteboardHandoutsPage })),
);
const DiagramsPage = lazy(() =>
  import('./routes/diagrams').then((m) => ({ default: m.DiagramsPage })),
);
const DiagramPage = lazy(() =>
  import('./routes/diagram').then((m) => ({ default: m.DiagramPage })),
);
const InvitePage = lazy(() => import('./routes/invite').then((m) => ({ default: m.InvitePage })));
const NotFoundPage = lazy(() =>
  import('./routes/not-found').then((m) => ({ default: m.NotFoundPage })),
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
