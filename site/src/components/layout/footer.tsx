import { useSyncExternalStore } from 'react';
import { Link } from '../ui/link';
import { fullAddress, primaryEmail, primaryPhone } from '../../lib/company-details';
import { useSiteContent } from '../../lib/content';
import { usePageData } from '../../lib/page-data';
import { BUILD_YEAR } from '../../lib/env';
import { SocialLinks } from './contact-strip';
import { navPageItems, type NavItem } from './nav-links';
import { LuClock, LuMail, LuMapPin, LuPhone } from '../ui/icons';
import { PhoneLink } from '../ui/phone-link';

const quickLinks: NavItem[] = [
  { label: 'About', to: '/about' },
  { label: 'Services', to: '/services' },
  { label: 'Portfolio', to: '/portfolio' },
  { label: 'Careers', to: '/careers' },
  { label: 'Contact', to: '/contact' },
];

const noSubscription = () => () => {};

/** The current year; the prerendered page carries the build year and hydration then moves to today's. */
function useCurrentYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => BUILD_YEAR,
  );
}

const headingClass = 'text-sm font-semibold uppercase tracking-wider text-white';
const linkClass = 'text-slate-300 hover:text-white hover:underline';

export function Footer() {
  const year = useCurrentYear();
  const site = useSiteContent();
  const email = primaryEmail(site);
  const links = [...quickLinks, ...navPageItems(usePageData().navPages, 'footer')];
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-xl font-bold text-white">{site.company.name}</p>
          <p className="mt-3">{site.footer.blurb}</p>
          <SocialLinks className="mt-4 -ml-2 text-slate-200" />
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={headingClass}>
            Quick Links
          </h2>
          <ul className="mt-4 space-y-2">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {site.footer.services.length > 0 && (
          <nav aria-labelledby="footer-services">
            <h2 id="footer-services" className={headingClass}>
              Services
            </h2>
            <ul className="mt-4 space-y-2">
              {site.footer.services.map((label, index) => (
                // Editors may repeat a label: the position keeps the keys apart.
                <li key={index}>
                  <Link to="/services" className={linkClass}>
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div>
          <h2 className={headingClass}>Contact Us</h2>
          <ul className="mt-4 space-y-3">
            <li className="flex gap-3">
              <LuMapPin aria-hidden="true" className="mt-1 h-4 w-4 shrink-0" />
              <address className="not-italic">{fullAddress(site)}</address>
            </li>
            <li className="flex gap-3">
              <LuPhone aria-hidden="true" className="mt-1 h-4 w-4 shrink-0" />
              <PhoneLink number={primaryPhone(site)} className={linkClass} />
            </li>
            <li className="flex gap-3">
              <LuMail aria-hidden="true" className="mt-1 h-4 w-4 shrink-0" />
              <a href={`mailto:${email}`} className={linkClass}>
                {email}
              </a>
            </li>
            <li className="flex gap-3">
              <LuClock aria-hidden="true" className="mt-1 h-4 w-4 shrink-0" />
              <span>{site.contact.hours.join(' · ')}</span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-6 py-6 text-center text-sm text-slate-400">
          © {year} {site.company.name}. All rights reserved. {/* Underlined: a link inside a line of text must not be told apart by colour alone. */}
          <Link to="/privacy" className="text-slate-300 underline underline-offset-2 hover:text-white">
            Privacy Policy
          </Link>
        </p>
      </div>
    </footer>
  );
}
