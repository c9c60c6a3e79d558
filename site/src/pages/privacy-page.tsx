import { RETENTION_DEFAULT_DAYS } from '@brightwave/common';
import { PageHero } from '../components/ui/page-hero';
import { primaryEmail } from '../lib/company-details';
import { useSiteContent } from '../lib/content';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'Privacy Policy | Brightwave Technologies',
  description:
    'What Brightwave Technologies collects through its quote, contact and job application forms, why, how long it is kept, and how to get a copy or have it erased.',
};

/** Days as a reader says them: "2 years" for 730, else "180 days". */
function period(days: number): string {
  return days % 365 === 0 ? `${days / 365} year${days === 365 ? '' : 's'}` : `${days} days`;
}

const sections = [
  {
    title: 'What we collect',
    text: [
      'Quote requests: your name, e-mail address, the service you are interested in and your message.',
      'Contact messages: your name, e-mail address, phone number if you give one, the department and your message.',
      'Job applications: your name, e-mail address, phone number, experience, cover letter, portfolio link and resume.',
    ],
  },
  {
    title: 'Why',
    text: [
      'Only to answer you: to prepare your quote, reply to your message or consider your application. We do not sell your details, use them for advertising or add you to a mailing list.',
      'We send you one confirmation of what you sent us. Forms that look automated are set aside as suspected spam.',
    ],
  },
  {
    title: 'How long we keep it',
    text: [
      `Quote requests and contact messages: ${period(RETENTION_DEFAULT_DAYS.leads)} after our last change to them.`,
      `Job applications and resumes: ${period(RETENTION_DEFAULT_DAYS.applications)} after the position closes.`,
      `Messages set aside as suspected spam: ${period(RETENTION_DEFAULT_DAYS.spam)}.`,
      `Records of the e-mails we sent you: ${period(RETENTION_DEFAULT_DAYS.deliveries)} after sending.`,
      'After that they are deleted automatically.',
    ],
  },
];

export default function PrivacyPage() {
  const site = useSiteContent();
  return (
    <>
      <PageHero
        title="Privacy Policy"
        tagline={`What ${site.company.name} does with the details you send us.`}
        crumbs={[{ label: 'Home', to: '/' }, { label: 'Privacy Policy' }]}
      />
      <section className="py-20">
        <div className="mx-auto max-w-4xl space-y-6 px-4 sm:px-6">
          {sections.map((section) => (
            <article key={section.title} className="rounded-2xl border border-slate-200 p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
              <h2 className="text-xl font-bold">{section.title}</h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
                {section.text.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </article>
          ))}
          <article className="rounded-2xl border border-slate-200 p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
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
