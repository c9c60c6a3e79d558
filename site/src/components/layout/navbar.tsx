import { MOBILE_MENU_ANIMATION_S, MOBILE_SUBMENU_ANIMATION_S } from '@brightwave/common';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Link, NavLink } from '../ui/link';
import { useServicesContent, useSiteContent } from '../../lib/content';
import { usePageData } from '../../lib/page-data';
import { useScrolled } from '../../lib/use-scrolled';
import { ContactStrip, SocialLinks } from './contact-strip';
import { NavDropdown } from './nav-dropdown';
import { navSearchHtml } from './nav-search';
import { aboutMenuItems, navPageItems, serviceMenuItems, type NavItem } from './nav-links';
import { ThemeIconToggle, ThemeTextToggle } from './theme-toggle';
import { LuChevronDown, LuMenu, LuX } from '../ui/icons';

const simpleLinks: NavItem[] = [
  { label: 'Portfolio', to: '/portfolio' },
  { label: 'Careers', to: '/careers' },
  { label: 'Contact', to: '/contact' },
];

/** The mark and the short name; on a phone the mark alone (index.css), which leaves the search box room. */
function Logo({ onDark }: { onDark: boolean }) {
  const { company } = useSiteContent();
  return (
    <Link to="/" aria-label={`${company.name} home`} className="flex items-center gap-2">
      <img src="/favicon.svg" alt="" width={36} height={36} className="h-9 w-9" />
      <span className={`text-xl font-bold tracking-tight ${onDark ? 'text-white' : 'text-slate-900 dark:text-white'}`}>{company.shortName}</span>
    </Link>
  );
}

/** Height animation that also hides the collapsed content from the keyboard and screen readers. */
function Collapse({ open, seconds, id, children }: { open: boolean; seconds: number; id: string; children: React.ReactNode }) {
  return (
    <div
      id={id}
      style={{ transitionDuration: `${seconds}s` }}
      className={`grid transition-[grid-template-rows,visibility] ease-in-out motion-reduce:transition-none ${open ? 'visible grid-rows-[1fr]' : 'invisible grid-rows-[0fr]'}`}
    >
      <div className="overflow-hidden">{children}</div>
    </div>
  );
}

function MobileGroup({
  label,
  items,
  open,
  onToggle,
  onNavigate,
}: {
  label: string;
  items: NavItem[];
  open: boolean;
  onToggle: () => void;
  onNavigate: () => void;
}) {
  const id = useId();
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={onToggle}
        className="flex w-full items-center justify-between rounded-lg px-3 py-3 text-left font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        {label}
        <LuChevronDown aria-hidden="true" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <Collapse open={open} seconds={MOBILE_SUBMENU_ANIMATION_S} id={id}>
        <ul className="pb-2 pl-4">
          {items.map((item, index) => (
            <li key={index}>
              <Link
                to={item.to}
                onClick={onNavigate}
                className="block rounded-lg px-3 py-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </Collapse>
    </li>
  );
}

export function Navbar() {
  const { pathname } = useLocation();
  const scrolled = useScrolled();
  const [menuOpen, setMenuOpen] = useState(false);
  const [openGroup, setOpenGroup] = useState<'services' | 'about' | null>(null);
  const serviceItems = serviceMenuItems(useServicesContent());
  const pageLinks = navPageItems(usePageData().navPages, 'header');
  const links = [...simpleLinks, ...pageLinks];
  // The row has room for the built pages' links only in a wider window: below it, the menu button's list has them.
  const [rowShown, menuShown] = pageLinks.length > 0 ? ['xl:flex', 'xl:hidden'] : ['lg:flex', 'lg:hidden'];
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // Solid on the home page or once scrolled past the threshold; transparent over other pages' heroes.
  const solid = pathname === '/' || scrolled || menuOpen;
  const onDark = !solid;

  // A new page closes the mobile menu (state adjusted while rendering, as React recommends over an effect).
  const [menuPathname, setMenuPathname] = useState(pathname);
  if (menuPathname !== pathname) {
    setMenuPathname(pathname);
    setMenuOpen(false);
    setOpenGroup(null);
  }

  const closeMenu = () => {
    setMenuOpen(false);
    setOpenGroup(null);
  };

  // Escape closes the open mobile menu and puts focus back on its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      setOpenGroup(null);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);
  const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 font-medium ${onDark ? 'text-white hover:text-indigo-200' : 'text-slate-800 hover:text-indigo-700 dark:text-slate-100 dark:hover:text-indigo-300'} ${isActive ? 'underline decoration-2 underline-offset-8' : ''}`;

  return (
    <header className={`fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${solid ? 'bg-white shadow-md dark:bg-slate-900' : 'bg-transparent'}`}>
      <ContactStrip onDark={onDark} />
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3 sm:px-6">
        <Logo onDark={onDark} />
        <div className={`hidden items-center gap-1 ${rowShown}`}>
          <NavDropdown label="Services" items={serviceItems} onDark={onDark} />
          <NavDropdown label="About" items={aboutMenuItems} onDark={onDark} />
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={desktopLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </div>
        <div id="nav-search" className="contents" dangerouslySetInnerHTML={navSearchHtml()} />
        <div className={`hidden items-center gap-3 ${rowShown}`}>
          <ThemeIconToggle onDark={onDark} />
          <Link to="/contact" className="rounded-full bg-indigo-700 px-5 py-2 font-semibold text-white shadow hover:bg-indigo-800">
            Schedule a Demo
          </Link>
        </div>
        <button
          ref={menuButtonRef}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => (menuOpen ? closeMenu() : setMenuOpen(true))}
          className={`rounded-md p-2 ${menuShown} ${onDark ? 'text-white' : 'text-slate-900 dark:text-white'}`}
        >
          {menuOpen ? <LuX aria-hidden="true" className="h-6 w-6" /> : <LuMenu aria-hidden="true" className="h-6 w-6" />}
        </button>
      </nav>
      <div className={menuShown}>
        <Collapse open={menuOpen} seconds={MOBILE_MENU_ANIMATION_S} id={menuId}>
          <div className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-slate-200 px-4 pb-6 dark:border-slate-800">
            <ul className="pt-2">
              <MobileGroup
                label="Services"
                items={serviceItems}
                open={openGroup === 'services'}
                onToggle={() => setOpenGroup((group) => (group === 'services' ? null : 'services'))}
                onNavigate={closeMenu}
              />
              <MobileGroup
                label="About"
                items={aboutMenuItems}
                open={openGroup === 'about'}
                onToggle={() => setOpenGroup((group) => (group === 'about' ? null : 'about'))}
                onNavigate={closeMenu}
              />
              {links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    onClick={closeMenu}
                    className="block rounded-lg px-3 py-3 font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <ThemeTextToggle />
              </li>
            </ul>
            <Link
              to="/contact"
              onClick={closeMenu}
              className="mt-3 block rounded-full bg-indigo-700 px-5 py-3 text-center font-semibold text-white hover:bg-indigo-800"
            >
              Schedule a Demo
            </Link>
            <SocialLinks className="mt-4 justify-center text-slate-700 dark:text-slate-200" />
          </div>
        </Collapse>
      </div>
    </header>
  );
}
