import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AdminLayout } from '../components/admin-layout';
import { LoginPage } from '../features/auth/login-page';
import { RequireAuth } from '../features/auth/require-auth';
import { VerifyPage } from '../features/auth/verify-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { JobsPage } from '../features/jobs/jobs-page';
import { LeadsPage } from '../features/leads/leads-page';
import { PortfolioPage } from '../features/portfolio/portfolio-page';
import { QueriesPage } from '../features/queries/queries-page';

export const ADMIN_BASENAME = '/admin';

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/verify-2fa', element: <VerifyPage /> },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AdminLayout />,
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/leads', element: <LeadsPage /> },
          { path: '/queries', element: <QueriesPage /> },
          { path: '/portfolio', element: <PortfolioPage /> },
          { path: '/jobs', element: <JobsPage /> },
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
];

export function createAdminRouter() {
  return createBrowserRouter(routes, { basename: ADMIN_BASENAME });
}
