// In-app links on react-router's hooks. react-router's own <Link> and <NavLink> bring the data router's
// prefetching (route modules, RSC payloads) into every page's JavaScript; the site has no data router, so
// these render the same <a href> and navigate the same way without it (about 2 KB less on every route).
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router-dom';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; state?: unknown };

/** A link that navigates inside the app; modified clicks (new tab, download, other targets) stay the browser's. */
export function Link({ to, state, onClick, target, children, ...anchorProps }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { target, state });
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  }
  return (
    <a {...anchorProps} href={href} target={target} onClick={handleClick}>
      {children}
    </a>
  );
}

type NavLinkProps = Omit<LinkProps, 'className'> & { className: (state: { isActive: boolean }) => string };

/** A link marked as the current page (aria-current) when the location is its path or below it. */
export function NavLink({ to, className, ...linkProps }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = useResolvedPath(to).pathname;
  const isActive = pathname === target || (target !== '/' && pathname.startsWith(`${target}/`));
  return <Link {...linkProps} to={to} className={className({ isActive })} aria-current={isActive ? 'page' : undefined} />;
}
