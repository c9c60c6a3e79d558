import { NavLink } from 'react-router-dom';

const TABS = [
  { to: '/settings/notifications', label: 'Notifications' },
  { to: '/settings/webhooks', label: 'Webhooks' },
  { to: '/settings/retention', label: 'Data retention' },
];

const tabClasses = ({ isActive }: { isActive: boolean }) =>
  `rounded-t-md border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-600 ${
    isActive ? 'border-blue-700 text-blue-800' : 'border-transparent text-gray-700 hover:border-gray-300 hover:text-gray-900'
  }`;

/** The screens of Settings; the current one is marked for screen readers by NavLink (aria-current="page"). */
export function SettingsTabs() {
  return (
    <nav aria-label="Settings" className="mb-6 flex gap-2 border-b border-gray-200">
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className={tabClasses}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
