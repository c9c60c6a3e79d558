import { Suspense } from 'react';
import { WORK_ITEM_AREAS, type AdminArea } from '@brightwave/common';
import type { IconType } from 'react-icons';
import {
  FiBarChart2,
  FiBell,
  FiBriefcase,
  FiCheckSquare,
  FiFileText,
  FiGrid,
  FiLayout,
  FiImage,
  FiInbox,
  FiList,
  FiLogOut,
  FiMessageSquare,
  FiSend,
  FiShield,
  FiUser,
  FiUsers,
} from 'react-icons/fi';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../app/hooks';
import { useGetAccountQuery } from '../features/account/account-api';
import { sessionEnded } from '../features/auth/auth-actions';
import { useLogoutMutation } from '../features/auth/auth-api';
import { useSession } from '../features/auth/session';
import { SETTINGS_AREAS } from '../features/settings/settings-tabs';
import { logFailure } from '../lib/api-error';
import { mayUse } from './area-gate';
import { Loading } from './ui/feedback';

// Each entry shows only to roles that may use its area, or one of its areas (the server refuses the others' calls with 403).
const NAV_ITEMS: { to: string; label: string; icon: IconType; area: AdminArea | readonly AdminArea[] }[] = [
  { to: '/dashboard', label: 'Dashboard', icon: FiGrid, area: 'everyone' },
  { to: '/my-work', label: 'My work', icon: FiCheckSquare, area: Object.values(WORK_ITEM_AREAS) },
  { to: '/leads', label: 'Leads', icon: FiInbox, area: 'inbox' },
  { to: '/queries', label: 'Queries', icon: FiMessageSquare, area: 'inbox' },
  { to: '/portfolio', label: 'Portfolio', icon: FiImage, area: 'portfolio' },
  { to: '/content', label: 'Content', icon: FiFileText, area: 'content' },
  { to: '/pages', label: 'Pages', icon: FiLayout, area: 'content' },
  { to: '/jobs', label: 'Jobs', icon: FiBriefcase, area: 'jobs' },
  { to: '/analytics', label: 'Analytics', icon: FiBarChart2, area: 'analytics' },
  { to: '/deliveries', label: 'Deliveries', icon: FiSend, area: 'owner' },
  { to: '/privacy', label: 'Privacy', icon: FiShield, area: 'owner' },
  { to: '/audit', label: 'Audit log', icon: FiList, area: 'owner' },
  { to: '/admins', label: 'Admins', icon: FiUsers, area: 'owner' },
  { to: '/settings', label: 'Settings', icon: FiBell, area: SETTINGS_AREAS },
  { to: '/account', label: 'My account', icon: FiUser, area: 'everyone' },
];

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-white ${
    isActive ? 'bg-blue-700 text-white' : 'text-gray-200 hover:bg-gray-800 hover:text-white'
  }`;

export function AdminLayout() {
  const { admin } = useSession();
  const role = useGetAccountQuery().data?.account.role;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout, { isLoading }] = useLogoutMutation();

  async function onLogout() {
    try {
      await logout().unwrap();
    } catch (failure) {
      // The server session may already be gone; the browser forgets it either way.
      logFailure('logout', failure);
    }
    dispatch(sessionEnded());
    navigate('/login', { replace: true });
  }

  return (
    <div className="flex min-h-screen flex-col bg-gray-50 md:flex-row">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-blue-800"
      >
        Skip to content
      </a>
      {/* Fixed, not sticky, from md up: a sticky sidebar moved up with the page wherever the page grew longer than the
          layout (an sr-only table did), and a menu taller than the window was cut off; this one scrolls on its own. */}
      <aside className="bg-gray-900 text-white md:fixed md:inset-y-0 md:left-0 md:w-60 md:overflow-y-auto">
        <div className="px-5 py-5">
          <p className="text-lg font-bold">Brightwave</p>
          <p className="text-xs text-gray-300">Admin</p>
        </div>
        <nav aria-label="Admin" className="px-3 pb-4">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {NAV_ITEMS.filter((item) => item.area === 'everyone' || (role && mayUse(role, item.area))).map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink to={to} className={linkClasses}>
                  <Icon aria-hidden="true" className="h-4 w-4" />
                  {label}
                </NavLink>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={onLogout}
                disabled={isLoading}
                className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-gray-200 hover:bg-gray-800 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
              >
                <FiLogOut aria-hidden="true" className="h-4 w-4" />
                Logout
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col md:ml-60">
        {/* Its height is the toasts' offset (index.css). */}
        <header className="flex h-(--admin-header-height) items-center justify-end border-b border-gray-200 bg-white px-6 text-sm text-gray-700">
          {admin && (
            <p>
              Signed in as <span className="font-semibold text-gray-900">{admin.name || admin.email}</span>
            </p>
          )}
        </header>
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          {/* Screens are loaded on first visit (see router.tsx). */}
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
