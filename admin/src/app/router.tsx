import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/login-page';
import { RequireAuth } from '../features/auth/require-auth';
import { VerifyPage } from '../features/auth/verify-page';
import { Toasts } from '../lib/toasts';

export const ADMIN_BASENAME = '/admin';

// What an admin downloads before signing in is React, the router's declarative API and the two sign-in
// screens. The signed-in shell (store, RTK Query, layout) is one chunk, fetched once the guard lets the
// admin in; each screen is its own chunk, fetched when first opened (the guard and the layout show a
// loading status meanwhile).
const SignedInShell = lazy(() => import('./signed-in-shell').then((m) => ({ default: m.SignedInShell })));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const LeadsPage = lazy(() => import('../features/inbox/inbox-pages').then((m) => ({ default: m.LeadsPage })));
const QueriesPage = lazy(() => import('../features/inbox/inbox-pages').then((m) => ({ default: m.QueriesPage })));
const PortfolioPage = lazy(() => import('../features/portfolio/portfolio-page').then((m) => ({ default: m.PortfolioPage })));
const JobsPage = lazy(() => import('../features/jobs/jobs-page').then((m) => ({ default: m.JobsPage })));
const DeliveriesPage = lazy(() => import('../features/deliveries/deliveries-page').then((m) => ({ default: m.DeliveriesPage })));
const NotificationSettingsPage = lazy(() =>
  import('../features/settings/notification-settings-page').then((m) => ({ default: m.NotificationSettingsPage })),
);
const WebhooksPage = lazy(() => import('../features/settings/webhooks-page').then((m) => ({ default: m.WebhooksPage })));
const RetentionPage = lazy(() => import('../features/settings/retention-page').then((m) => ({ default: m.RetentionPage })));
const PrivacyPage = lazy(() => import('../features/privacy/privacy-page').then((m) => ({ default: m.PrivacyPage })));

/** Every admin route (SPEC §2), under a router whose basename is /admin, and the toast container. */
export function AdminApp() {
  return (
    <>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/verify-2fa" element={<VerifyPage />} />
        <Route element={<RequireAuth />}>
          <Route element={<SignedInShell />}>
            <Route index element={<Navigate to="/dashboard" replace />} />
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/leads" element={<LeadsPage />} />
            <Route path="/queries" element={<QueriesPage />} />
            <Route path="/portfolio" element={<PortfolioPage />} />
            <Route path="/jobs" element={<JobsPage />} />
            <Route path="/deliveries" element={<DeliveriesPage />} />
            <Route path="/settings" element={<Navigate to="/settings/notifications" replace />} />
            <Route path="/settings/notifications" element={<NotificationSettingsPage />} />
            <Route path="/settings/webhooks" element={<WebhooksPage />} />
            <Route path="/settings/retention" element={<RetentionPage />} />
            <Route path="/privacy" element={<PrivacyPage />} />
            <Route path="*" element={<Navigate to="/dashboard" replace />} />
          </Route>
        </Route>
      </Routes>
      <Toasts />
    </>
  );
}
