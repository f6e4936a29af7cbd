import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { DASHBOARD_TOOLS } from '@aprenda/shared/constants';
import { LoadingScreen } from '@/components/errors/loading-screen';
import { RouteError } from '@/components/errors/route-error';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

// Every screen is its own chunk, shown behind <Suspense fallback="Carregando...">.
const HomePage = lazy(() => import('./routes/home').then((m) => ({ default: m.HomePage })));
const AboutPage = lazy(() => import('./routes/about').then((m) => ({ default: m.AboutPage })));
const AuthPage = lazy(() => import('./routes/auth').then((m) => ({ default: m.AuthPage })));
const ProfilePage = lazy(() =>
  import('./routes/profile').then((m) => ({ default: m.ProfilePage })),
);
const DashboardLayout = lazy(() =>
  import('./routes/dashboard-layout').then((m) => ({ default: m.DashboardLayout })),
);
const DashboardIndexPage = lazy(() =>
  import('./routes/dashboard-index').then((m) => ({ default: m.DashboardIndexPage })),
);
const ToolPage = lazy(() => import('./routes/tool').then((m) => ({ default: m.ToolPage })));
const NotFoundPage = lazy(() =>
  import('./routes/not-found').then((m) => ({ default: m.NotFoundPage })),
);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'auth', element: <AuthPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'profile', element: <ProfilePage /> },
          {
            path: 'dashboard',
            element: <DashboardLayout />,
            children: [
              { index: true, element: <DashboardIndexPage /> },
              ...DASHBOARD_TOOLS.map((tool) => ({ path: tool, element: <ToolPage tool={tool} /> })),
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
