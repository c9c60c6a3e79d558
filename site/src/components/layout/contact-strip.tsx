import { primaryEmail, primaryPhone } from '../../lib/company-details';
import { useSiteContent } from '../../lib/content';
import { LuInstagram, LuLinkedin, LuYoutube, LuMail, LuPhone } from '../ui/icons';
import { PhoneLink } from '../ui/phone-link';

export function SocialLinks({ className = '' }: { className?: string }) {
  const site = useSiteContent();
  const links = [
    { label: 'Instagram', href: site.social.instagram, Icon: LuInstagram },
    { label: 'YouTube', href: site.social.youtube, Icon: LuYoutube },
    { label: 'LinkedIn', href: site.social.linkedin, Icon: LuLinkedin },
  ];
  return (
    <ul className={`flex items-center gap-1 ${className}`}>
      {links.map(({ label, href, Icon }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${site.company.name} on ${label} (opens in a new tab)`}
            className="block rounded-full p-2 hover:opacity-80"
          >
            <Icon aria-hidden="true" className="h-4 w-4" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Mail, telephone and social links above the navbar (SPEC §2). */
export function ContactStrip({ onDark }: { onDark: boolean }) {
  const site = useSiteContent();
  const email = primaryEmail(site);
  return (
    <div
      className={`hidden border-b text-sm lg:block ${onDark ? 'border-white/15 text-white' : 'border-slate-200 text-slate-700 dark:border-slate-800 dark:text-slate-200'}`}
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between px-6 py-1">
        <div className="flex items-center gap-6">
          <a href={`mailto:${email}`} className="flex items-center gap-2 hover:underline">
            <LuMail aria-hidden="true" className="h-4 w-4" />
            {email}
          </a>
          <PhoneLink number={primaryPhone(site)} className="flex items-center gap-2 hover:underline">
            <LuPhone aria-hidden="true" className="h-4 w-4" />
          </PhoneLink>
        </div>
        <SocialLinks />
      </div>
    </div>
  );
}
