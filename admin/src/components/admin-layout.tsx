import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FiLogOut, FiMenu, FiSearch } from 'react-icons/fi';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useGetAccountQuery } from '../features/account/account-api';
import { useSignOut } from '../features/auth/use-sign-out';
import { useSession } from '../features/auth/session';
import { activeEntryPath, navGroupsFor, type NavEntry } from './admin-navigation';
import { isPaletteShortcut, paletteShortcutLabel } from './command-palette-shortcut';
import { useNavCounts } from './nav-counts';
import { Loading } from './ui/feedback';

// Loaded on first use (Ctrl/⌘K or the Search button), not with the shell.
const CommandPalette = lazy(() => import('../features/command-palette/command-palette').then((m) => ({ default: m.CommandPalette })));

const COUNT_WORDS: Record<NonNullable<NavEntry['count']>, string> = { newLeads: 'new', myOverdue: 'overdue' };

const linkClasses = (active: boolean) =>
  `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-white ${
    active ? 'bg-blue-700 text-white' : 'text-gray-200 hover:bg-gray-800 hover:text-white'
  }`;

export function AdminLayout() {
  const { admin } = useSession();
  const role = useGetAccountQuery().data?.account.role;
  const { pathname } = useLocation();
  const { signOut, signingOut } = useSignOut();
  const counts = useNavCounts(role);
  const groups = navGroupsFor(role);
  const active = activeEntryPath(
    pathname,
    groups.flatMap((group) => group.entries),
  );

  // The phone's menu (below md the sidebar is hidden behind the top bar's Menu button).
  // It is open on the screen it was opened on: any navigation closes it (a link in it, the palette, the back button).
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebarId = useId();
  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setMenuOpenOn(null);
      menuButton.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  // The command palette: mounted once first opened, then kept (its last search stays while it is closed).
  const [palette, setPalette] = useState<'unused' | 'open' | 'closed'>('unused');
  function openPalette() {
    setMenuOpenOn(null);
    setPalette('open');
  }
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setMenuOpenOn(null);
      setPalette('open');
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div className="min-h-screen bg-gray-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-blue-800"
      >
        Skip to content
      </a>
      {/* Its height is the toasts' offset (index.css). On a phone it stays at the top and holds the menu's button. */}
      <header className="sticky top-0 z-30 flex h-(--admin-header-height) items-center gap-3 border-b border-gray-200 bg-white px-4 text-sm text-gray-700 md:static md:ml-60 md:px-6">
        <button
          ref={menuButton}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={sidebarId}
          onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          className="-ml-1 flex items-center gap-2 rounded-md px-2 py-1.5 font-medium text-gray-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-600 md:hidden"
        >
          <FiMenu aria-hidden="true" className="h-5 w-5" />
          Menu
        </button>
        <p className="font-bold text-gray-900 md:hidden">Brightwave</p>
        <button
          type="button"
          onClick={openPalette}
          aria-haspopup="dialog"
          aria-keyshortcuts="Control+K Meta+K"
          className="ml-auto flex items-center gap-2 rounded-md border border-gray-300 px-2.5 py-1.5 text-gray-700 hover:bg-gray-50 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <FiSearch aria-hidden="true" className="h-4 w-4" />
          Search
          <kbd className="hidden rounded border border-gray-300 bg-gray-50 px-1.5 font-sans text-xs text-gray-700 sm:inline">{paletteShortcutLabel()}</kbd>
        </button>
        {admin && (
          <p className="hidden sm:block">
            Signed in as <span className="font-semibold text-gray-900">{admin.name || admin.email}</span>
          </p>
        )}
      </header>
      {menuOpen && (
        // The page behind the open menu: a click there closes it.
        <div aria-hidden="true" className="fixed inset-0 top-(--admin-header-height) z-30 bg-gray-900/50 md:hidden" onClick={() => setMenuOpenOn(null)} />
      )}
      {/* From md up fixed, not sticky: a sticky sidebar moved up with the page wherever the page grew longer than the
          layout (an sr-only table did), and a menu taller than the window was cut off; this one scrolls on its own and
          fills the window's height on every screen. Below md it is hidden until the Menu button opens it over the page,
          under the top bar: its links never stack above the page. */}
      <aside
        id={sidebarId}
        className={`${menuOpen ? 'fixed inset-x-0 bottom-0 top-(--admin-header-height) z-40 block w-72 max-w-[85vw]' : 'hidden'} overflow-y-auto bg-gray-900 text-white md:fixed md:inset-y-0 md:left-0 md:block md:w-60 md:max-w-none`}
      >
        <div className="hidden px-5 py-5 md:block">
          <p className="text-lg font-bold">Brightwave</p>
          <p className="text-xs text-gray-300">Admin</p>
        </div>
        <nav aria-label="Admin" className="px-3 py-4 md:pt-0">
          {groups.map((group, index) => (
            <NavSection key={group.label ?? `group-${index}`} label={group.label}>
              {group.entries.map((entry) => (
                <li key={entry.to}>
                  <Link to={entry.to} aria-current={active === entry.to ? 'page' : undefined} className={linkClasses(active === entry.to)}>
                    <entry.icon aria-hidden="true" className="h-4 w-4 shrink-0" />
                    {entry.label}
                    {entry.count && counts[entry.count] !== undefined && (
                      <span className="ml-auto rounded-full bg-gray-100 px-2 text-xs font-semibold text-gray-900">
                        {counts[entry.count]}
                        <span className="sr-only"> {COUNT_WORDS[entry.count]}</span>
                      </span>
                    )}
                  </Link>
                </li>
              ))}
            </NavSection>
          ))}
          <ul className="mt-4 border-t border-gray-700 pt-4">
            <li>
              <button
                type="button"
                onClick={signOut}
                disabled={signingOut}
                className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-gray-200 hover:bg-gray-800 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
              >
                <FiLogOut aria-hidden="true" className="h-4 w-4" />
                Logout
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <main id="main" tabIndex={-1} className="px-4 py-6 focus:outline-none sm:px-6 md:ml-60 lg:px-8">
        {/* Screens are loaded on first visit (see router.tsx). */}
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      {palette !== 'unused' && (
        <Suspense fallback={null}>
          <CommandPalette open={palette === 'open'} onClose={() => setPalette('closed')} role={role} />
        </Suspense>
      )}
    </div>
  );
}

/** A group of the sidebar under its label (a list named by it), or the entries above and below the groups. */
function NavSection({ label, children }: { label: string | null; children: ReactNode }) {
  const labelId = useId();
  if (!label) return <ul className="mb-4 space-y-1">{children}</ul>;
  // A label, not a heading: the screen's own headings start at its h1, and a heading per group would come before it.
  return (
    <>
      <p id={labelId} className="mb-1 px-3 text-xs font-semibold uppercase tracking-wide text-gray-300">
        {label}
      </p>
      <ul aria-labelledby={labelId} className="mb-4 space-y-1">
        {children}
      </ul>
    </>
  );
}
