import type { AdminArea } from '@brightwave/common';
import { Navigate, NavLink } from 'react-router-dom';
import { mayUse } from '../../components/area-gate';
import { Loading } from '../../components/ui/feedback';
import { useGetAccountQuery } from '../account/account-api';

// Owners use every tab; recruiters only Candidate e-mails (the server answers 403 to the others' calls).
const TABS: { to: string; label: string; area: AdminArea }[] = [
  { to: '/settings/notifications', label: 'Notifications', area: 'owner' },
  { to: '/settings/webhooks', label: 'Webhooks', area: 'owner' },
  { to: '/settings/retention', label: 'Data retention', area: 'owner' },
  { to: '/settings/sign-in', label: 'Sign-in', area: 'owner' },
  { to: '/settings/candidate-emails', label: 'Candidate e-mails', area: 'jobs' },
];

/** The areas of Settings' tabs: the roles that may use any of them see Settings in the sidebar. */
export const SETTINGS_AREAS: readonly AdminArea[] = [...new Set(TABS.map((tab) => tab.area))];

const tabClasses = ({ isActive }: { isActive: boolean }) =>
  `rounded-t-md border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-600 ${
    isActive ? 'border-blue-700 text-blue-800' : 'border-transparent text-gray-700 hover:border-gray-300 hover:text-gray-900'
  }`;

/** The screens of Settings the role may use; the current one is marked for screen readers by NavLink (aria-current="page"). */
export function SettingsTabs() {
  const role = useGetAccountQuery().data?.account.role;
  return (
    <nav aria-label="Settings" className="mb-6 flex flex-wrap gap-2 border-b border-gray-200">
      {TABS.filter((tab) => role && mayUse(role, tab.area)).map((tab) => (
        <NavLink key={tab.to} to={tab.to} className={tabClasses}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** `/settings`: the first tab the role may use (an owner's Notifications, a recruiter's Candidate e-mails). */
export function SettingsIndex() {
  const { data } = useGetAccountQuery();
  if (!data) return <Loading label="Loading your account…" />;
  const first = TABS.find((tab) => mayUse(data.account.role, tab.area)) ?? TABS[0];
  return <Navigate to={first?.to ?? '/dashboard'} replace />;
}
