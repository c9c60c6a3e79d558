import { company, primaryEmail, primaryPhone } from '../../content/company';
import { LuInstagram, LuLinkedin, LuYoutube, LuMail, LuPhone } from '../ui/icons';
import { PhoneLink } from '../ui/phone-link';

export function SocialLinks({ className = '' }: { className?: string }) {
  const links = [
    { label: 'Instagram', href: company.social.instagram, Icon: LuInstagram },
    { label: 'YouTube', href: company.social.youtube, Icon: LuYoutube },
    { label: 'LinkedIn', href: company.social.linkedin, Icon: LuLinkedin },
  ];
  return (
    <ul className={`flex items-center gap-1 ${className}`}>
      {links.map(({ label, href, Icon }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${company.name} on ${label} (opens in a new tab)`}
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
  return (
    <div
      className={`hidden border-b text-sm lg:block ${onDark ? 'border-white/15 text-white' : 'border-slate-200 text-slate-700 dark:border-slate-800 dark:text-slate-200'}`}
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between px-6 py-1">
        <div className="flex items-center gap-6">
          <a href={`mailto:${primaryEmail}`} className="flex items-center gap-2 hover:underline">
            <LuMail aria-hidden="true" className="h-4 w-4" />
            {primaryEmail}
          </a>
          <PhoneLink number={primaryPhone} className="flex items-center gap-2 hover:underline">
            <LuPhone aria-hidden="true" className="h-4 w-4" />
          </PhoneLink>
        </div>
        <SocialLinks />
      </div>
    </div>
  );
}
