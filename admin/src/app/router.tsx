import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AdminLayout } from '../components/admin-layout';
import { LoginPage } from '../features/auth/login-page';
import { RequireAuth } from '../features/auth/require-auth';
import { VerifyPage } from '../features/auth/verify-page';

export const ADMIN_BASENAME = '/admin';

// Login, verification and the layout shell load with the app; each screen is its own chunk, fetched
// when first opened (the layout shows a loading status meanwhile, see AdminLayout).
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const LeadsPage = lazy(() => import('../features/leads/leads-page').then((m) => ({ default: m.LeadsPage })));
const QueriesPage = lazy(() => import('../features/queries/queries-page').then((m) => ({ default: m.QueriesPage })));
const PortfolioPage = lazy(() => import('../features/portfolio/portfolio-page').then((m) => ({ default: m.PortfolioPage })));
const JobsPage = lazy(() => import('../features/jobs/jobs-page').then((m) => ({ default: m.JobsPage })));

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
