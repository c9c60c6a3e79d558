import { WORK_ITEM_AREAS, WORK_ITEM_KINDS, WORK_ITEM_PATHS } from '@brightwave/common';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminLayout } from '../components/admin-layout';
import { EnrolmentGate } from '../features/account/enrolment-gate';

// Each screen is a chunk of its own, fetched when first opened. Their routes live here, in the signed-in shell's
// chunk, not in the first load: each lazy screen adds its import and the list of chunks it preloads to the file that
// declares it, and the first load has no room for them (npm run size).
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const LeadsPage = lazy(() => import('../features/inbox/inbox-pages').then((m) => ({ default: m.LeadsPage })));
const QueriesPage = lazy(() => import('../features/inbox/inbox-pages').then((m) => ({ default: m.QueriesPage })));
const FormsPage = lazy(() => import('../features/forms/forms-page').then((m) => ({ default: m.FormsPage })));
const PortfolioPage = lazy(() => import('../features/portfolio/portfolio-page').then((m) => ({ default: m.PortfolioPage })));
const ContentPagesPage = lazy(() => import('../features/content/content-pages-page').then((m) => ({ default: m.ContentPagesPage })));
const ContentEditorPage = lazy(() => import('../features/content/content-editor-page').then((m) => ({ default: m.ContentEditorPage })));
const PagesRoutes = lazy(() => import('../features/pages/pages-routes').then((m) => ({ default: m.PagesRoutes })));
const NewsRoutes = lazy(() => import('../features/news/news-routes').then((m) => ({ default: m.NewsRoutes })));
const ApplicationsPage = lazy(() => import('../features/applications/applications-page').then((m) => ({ default: m.ApplicationsPage })));
const JobsPage = lazy(() => import('../features/jobs/jobs-page').then((m) => ({ default: m.JobsPage })));
const PipelinePage = lazy(() => import('../features/hiring/pipeline-page').then((m) => ({ default: m.PipelinePage })));
const DeliveriesPage = lazy(() => import('../features/deliveries/deliveries-page').then((m) => ({ default: m.DeliveriesPage })));
const NotificationSettingsPage = lazy(() => import('../features/settings/notification-settings-page').then((m) => ({ default: m.NotificationSettingsPage })));
const WebhooksPage = lazy(() => import('../features/settings/webhooks-page').then((m) => ({ default: m.WebhooksPage })));
const CandidateEmailSettingsPage = lazy(() =>
  import('../features/hiring/candidate-email-settings-page').then((m) => ({ default: m.CandidateEmailSettingsPage })),
);
const SettingsIndex = lazy(() => import('../features/settings/settings-tabs').then((m) => ({ default: m.SettingsIndex })));
const RetentionPage = lazy(() => import('../features/settings/retention-page').then((m) => ({ default: m.RetentionPage })));
const SignInPolicyPage = lazy(() => import('../features/settings/sign-in-policy-page').then((m) => ({ default: m.SignInPolicyPage })));
const AuditPage = lazy(() => import('../features/audit/audit-page').then((m) => ({ default: m.AuditPage })));
const AdminsPage = lazy(() => import('../features/admins/admins-page').then((m) => ({ default: m.AdminsPage })));
const AvailabilityPage = lazy(() => import('../features/booking/availability-page').then((m) => ({ default: m.AvailabilityPage })));
const AccountPage = lazy(() => import('../features/account/account-page').then((m) => ({ default: m.AccountPage })));
const WorkItemPage = lazy(() => import('../features/workspace/work-item-page').then((m) => ({ default: m.WorkItemPage })));
const MyWorkPage = lazy(() => import('../features/workspace/my-work-page').then((m) => ({ default: m.MyWorkPage })));
const AreaGate = lazy(() => import('../components/area-gate').then((m) => ({ default: m.AreaGate })));
const PrivacyPage = lazy(() => import('../features/privacy/privacy-page').then((m) => ({ default: m.PrivacyPage })));
const AnalyticsPage = lazy(() => import('../features/analytics/analytics-page').then((m) => ({ default: m.AnalyticsPage })));

/**
 * Every signed-in screen (SPEC §2) inside the admin layout, below /admin/; for an admin who must set up a strong factor
 * first, only the enrolment screen (EnrolmentGate).
 */
export function SignedInRoutes() {
  return (
    <Routes>
      <Route
        element={
          <EnrolmentGate>
            <AdminLayout />
          </EnrolmentGate>
        }
      >
        <Route index element={<Navigate to="/dashboard" replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route
          path="leads"
          element={
            <AreaGate area="inbox">
              <LeadsPage />
            </AreaGate>
          }
        />
        <Route
          path="queries"
          element={
            <AreaGate area="inbox">
              <QueriesPage />
            </AreaGate>
          }
        />
        {/* The quote and contact forms' custom questions (features/forms/forms-page.tsx). */}
        {['forms', 'forms/:form'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <AreaGate area="inbox">
                <FormsPage />
              </AreaGate>
            }
          />
        ))}
        {/* The staff workspace's page of one item (staff mails link here). */}
        {WORK_ITEM_KINDS.map((kind) => (
          <Route
            key={kind}
            path={`${WORK_ITEM_PATHS[kind]}/:id`}
            element={
              <AreaGate area={WORK_ITEM_AREAS[kind]}>
                <WorkItemPage kind={kind} />
              </AreaGate>
            }
          />
        ))}
        <Route
          path="my-work"
          element={
            <AreaGate area={Object.values(WORK_ITEM_AREAS)}>
              <MyWorkPage />
            </AreaGate>
          }
        />
        <Route
          path="portfolio"
          element={
            <AreaGate area="portfolio">
              <PortfolioPage />
            </AreaGate>
          }
        />
        <Route
          path="content"
          element={
            <AreaGate area="content">
              <ContentPagesPage />
            </AreaGate>
          }
        />
        <Route
          path="content/:key"
          element={
            <AreaGate area="content">
              <ContentEditorPage />
            </AreaGate>
          }
        />
        {/* Pages built from blocks: the list and each page's editor (features/pages/pages-routes.tsx). */}
        <Route
          path="pages/*"
          element={
            <AreaGate area="content">
              <PagesRoutes />
            </AreaGate>
          }
        />
        {/* News: the posts and each post's editor (features/news/news-routes.tsx). */}
        <Route
          path="news/*"
          element={
            <AreaGate area="content">
              <NewsRoutes />
            </AreaGate>
          }
        />
        <Route
          path="analytics"
          element={
            <AreaGate area="analytics">
              <AnalyticsPage />
            </AreaGate>
          }
        />
        <Route
          path="jobs"
          element={
            <AreaGate area="jobs">
              <JobsPage />
            </AreaGate>
          }
        />
        <Route
          path="applications"
          element={
            <AreaGate area="jobs">
              <ApplicationsPage />
            </AreaGate>
          }
        />
        <Route
          path="jobs/:id/pipeline"
          element={
            <AreaGate area="jobs">
              <PipelinePage />
            </AreaGate>
          }
        />
        <Route
          path="deliveries"
          element={
            <AreaGate area="owner">
              <DeliveriesPage />
            </AreaGate>
          }
        />
        {/* The first tab the role may use: owners see every tab, recruiters Candidate e-mails only. */}
        <Route path="settings" element={<SettingsIndex />} />
        <Route
          path="settings/notifications"
          element={
            <AreaGate area="owner">
              <NotificationSettingsPage />
            </AreaGate>
          }
        />
        <Route
          path="settings/webhooks"
          element={
            <AreaGate area="owner">
              <WebhooksPage />
            </AreaGate>
          }
        />
        <Route
          path="settings/retention"
          element={
            <AreaGate area="owner">
              <RetentionPage />
            </AreaGate>
          }
        />
        <Route
          path="settings/sign-in"
          element={
            <AreaGate area="owner">
              <SignInPolicyPage />
            </AreaGate>
          }
        />
        <Route
          path="settings/candidate-emails"
          element={
            <AreaGate area="jobs">
              <CandidateEmailSettingsPage />
            </AreaGate>
          }
        />
        <Route
          path="privacy"
          element={
            <AreaGate area="owner">
              <PrivacyPage />
            </AreaGate>
          }
        />
        <Route
          path="audit"
          element={
            <AreaGate area="owner">
              <AuditPage />
            </AreaGate>
          }
        />
        <Route
          path="admins"
          element={
            <AreaGate area="owner">
              <AdminsPage />
            </AreaGate>
          }
        />
        <Route path="account" element={<AccountPage />} />
        <Route path="availability" element={<AvailabilityPage />} />
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Route>
    </Routes>
  );
}
