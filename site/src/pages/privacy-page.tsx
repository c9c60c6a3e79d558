import { RETENTION_DEFAULT_DAYS, type SiteContentPages } from '@brightwave/common';
import { RichText } from '../components/rich-text';
import { PageHero } from '../components/ui/page-hero';
import { primaryEmail } from '../lib/company-details';
import { usePageContent, useSiteContent } from '../lib/content';
import type { PageMeta } from '../lib/page-meta';

/** The page's title and description are content (search and sharing). */
export const meta = (content: SiteContentPages): PageMeta => content.privacy.seo;

/** Days as a reader says them: "2 years" for 730, else "180 days". */
function period(days: number): string {
  return days % 365 === 0 ? `${days / 365} year${days === 365 ? '' : 's'}` : `${days} days`;
}

/** How long each kind of data is kept: the product's own periods, not text that could drift from them. */
const retentionLines = [
  `Quote requests and contact messages: ${period(RETENTION_DEFAULT_DAYS.leads)} after our last change to them.`,
  `Job applications and resumes: ${period(RETENTION_DEFAULT_DAYS.applications)} after the position closes.`,
  `Messages set aside as suspected spam: ${period(RETENTION_DEFAULT_DAYS.spam)}.`,
  `Records of the e-mails we sent you: ${period(RETENTION_DEFAULT_DAYS.deliveries)} after sending.`,
  `Visit statistics (daily totals only): ${period(RETENTION_DEFAULT_DAYS.analytics)}.`,
  'After that they are deleted automatically.',
];

/** What the site counts of visits and keeps with a form (docs/features/analytics.md): what the product does, so not content. */
const visitLines = [
  'We count page views, the name of the site that sent you (not the page), the campaign named in the link you followed (its utm_source and utm_medium), and how many visitors start and send each form. Whether your screen is a phone, tablet or desktop is sent too, and not kept.',
  'No cookie is set and nothing is stored in your browser.',
  'Your IP address and browser are never stored: to count a visitor once a day they are combined with a random value that is kept only in memory and replaced every day, so a visit cannot be traced back to you or linked to another day.',
  'Only daily totals are kept. Visits from automated clients are not counted.',
  'If your browser sends Do Not Track or Global Privacy Control, the site reports nothing.',
  'When you send a form, it carries how you found us: the page you arrived on, the name of the site that sent you and the campaign tags of the link you followed. They are kept with what you sent.',
];

const articleClasses = 'rounded-2xl border border-slate-200 p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900';

export default function PrivacyPage() {
  const site = useSiteContent();
  const { hero, notice } = usePageContent('privacy');
  return (
    <>
      <PageHero title={hero.title} tagline={hero.tagline || undefined} crumbs={[{ label: 'Home', to: '/' }, { label: 'Privacy Policy' }]} />
      <section className="py-20">
        <div className="mx-auto max-w-4xl space-y-6 px-4 sm:px-6">
          {notice.sections.map((section, index) => (
            <article key={index} className={articleClasses}>
              <h2 className="text-xl font-bold">{section.title}</h2>
              <RichText doc={section.body} className="mt-2 text-slate-700 dark:text-slate-300" />
            </article>
          ))}
          <article className={articleClasses}>
            <h2 className="text-xl font-bold">Visits to this site</h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
              {visitLines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </article>
          <article className={articleClasses}>
            <h2 className="text-xl font-bold">How long we keep it</h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
              {retentionLines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </article>
          <article className={articleClasses}>
            <h2 className="text-xl font-bold">A copy of your data, or its erasure</h2>
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              Write to{' '}
              <a href={`mailto:${primaryEmail(site)}`} className="font-semibold text-indigo-700 underline underline-offset-4 dark:text-indigo-300">
                {primaryEmail(site)}
              </a>{' '}
              from the address you used with us. Within 30 days we send you everything we hold about it, or erase all of it (your requests, messages,
              applications and resumes), as you ask.
            </p>
          </article>
        </div>
      </section>
    </>
  );
}
