import type { SiteContentPages } from '@brightwave/common';
import type { ReactNode } from 'react';
import { ContactForm } from '../components/contact-form';
import { MapEmbed } from '../components/map-embed';
import { PhoneLink } from '../components/ui/phone-link';
import { PageHero } from '../components/ui/page-hero';
import { fullAddress } from '../lib/company-details';
import { usePageContent, useSiteContent } from '../lib/content';
import { LuClock, LuMail, LuMapPin, LuPhone } from '../components/ui/icons';
import type { PageMeta } from '../lib/page-meta';

/** The page's title and description are content (search and sharing). */
export const meta = (content: SiteContentPages): PageMeta => content.contact.seo;

function InfoCard({ title, Icon, children }: { title: string; Icon: typeof LuMail; children: ReactNode }) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <Icon aria-hidden="true" className="h-8 w-8 text-indigo-700 dark:text-indigo-300" />
      <h3 className="mt-3 text-lg font-semibold">{title}</h3>
      <div className="mt-2 space-y-1 text-slate-700 dark:text-slate-300">{children}</div>
    </li>
  );
}

const linkClass = 'text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300';

export default function ContactPage() {
  const site = useSiteContent();
  const { hero, headings } = usePageContent('contact');
  return (
    <>
      <PageHero title={hero.title} tagline={hero.tagline || undefined} crumbs={[{ label: 'Home', to: '/' }, { label: 'Contact' }]} />
      <section className="py-20">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <h2 className="mb-6 text-3xl font-bold">{headings.form}</h2>
            <div className="rounded-2xl bg-slate-50 p-6 shadow-sm sm:p-8 dark:bg-slate-900">
              <ContactForm />
            </div>
          </div>
          <div className="lg:col-span-2">
            <h2 className="mb-6 text-3xl font-bold">{headings.details}</h2>
            {/* One card a row beside the form: two a row there left an e-mail address or a line of hours too little room. */}
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
              <InfoCard title={headings.location} Icon={LuMapPin}>
                <address className="not-italic">{fullAddress(site)}</address>
              </InfoCard>
              <InfoCard title={headings.phones} Icon={LuPhone}>
                {site.contact.phones.map((phone, index) => (
                  <p key={index}>
                    {phone.label}: <PhoneLink number={phone.number} className={linkClass} />
                  </p>
                ))}
              </InfoCard>
              <InfoCard title={headings.emails} Icon={LuMail}>
                {/* An address breaks only where it cannot fit a line of its own (a long one on a narrow phone). */}
                {site.contact.emails.map((email, index) => (
                  <p key={index}>
                    <a href={`mailto:${email.address}`} className={`${linkClass} wrap-anywhere`}>
                      {email.address}
                    </a>
                  </p>
                ))}
              </InfoCard>
              <InfoCard title={headings.hours} Icon={LuClock}>
                {site.contact.hours.map((line, index) => (
                  <p key={index}>{line}</p>
                ))}
              </InfoCard>
            </ul>
          </div>
        </div>
      </section>
      <section aria-label="Map" className="pb-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <MapEmbed />
        </div>
      </section>
    </>
  );
}
