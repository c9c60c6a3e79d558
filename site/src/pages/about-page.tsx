import type { SiteContentPages } from '@brightwave/common';
import { Link } from '../components/ui/link';
import { RichText } from '../components/rich-text';
import { PageHero } from '../components/ui/page-hero';
import { SectionHeading } from '../components/ui/section';
import { usePageContent, useServicesContent } from '../lib/content';
import { lucideIcon } from '../components/ui/icons';
import type { PageMeta } from '../lib/page-meta';

/** The page's title and description are content (search and sharing). */
export const meta = (content: SiteContentPages): PageMeta => content.about.seo;

const LuQuote = lucideIcon([
  ['path', { d: 'M16 3a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2 1 1 0 0 1 1 1v1a2 2 0 0 1-2 2 1 1 0 0 0-1 1v2a1 1 0 0 0 1 1 6 6 0 0 0 6-6V5a2 2 0 0 0-2-2z' }],
  ['path', { d: 'M5 3a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2 1 1 0 0 1 1 1v1a2 2 0 0 1-2 2 1 1 0 0 0-1 1v2a1 1 0 0 0 1 1 6 6 0 0 0 6-6V5a2 2 0 0 0-2-2z' }],
]);

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900';

/** The number of service cards shown as "what we do" (SPEC §2: 8 items). */
const WHAT_WE_DO_COUNT = 8;

export default function AboutPage() {
  const { hero, stats, who, whatWeDo: whatWeDoSection, process, reasons, stories, cta } = usePageContent('about');
  const whatWeDo = useServicesContent().offer.cards.slice(0, WHAT_WE_DO_COUNT);
  return (
    <>
      <PageHero title={hero.title} tagline={hero.tagline || undefined} crumbs={[{ label: 'Home', to: '/' }, { label: 'About Us' }]} />
      <section aria-label="Our numbers" className="bg-indigo-700 py-12 text-white">
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 text-center md:grid-cols-4">
          {stats.items.map((stat, index) => (
            <div key={index} className="flex flex-col-reverse">
              <dt className="mt-1 text-indigo-100">{stat.label}</dt>
              <dd className="text-4xl font-bold">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="who-heading" className="py-20">
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <SectionHeading id="who-heading" title={who.title} />
          <RichText doc={who.body} className="text-lg text-slate-700 dark:text-slate-300" />
        </div>
      </section>

      <section aria-labelledby="what-heading" className="bg-slate-50 py-20 dark:bg-slate-900">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="what-heading" title={whatWeDoSection.title} />
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {whatWeDo.map((service) => (
              <li key={service.anchor} className={card}>
                <h3 className="text-lg font-semibold">{service.title}</h3>
                <RichText doc={service.description} className="mt-2 text-slate-600 dark:text-slate-300" />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="process-heading" className="py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="process-heading" title={process.title} intro={process.intro || undefined} />
          <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {process.stages.map((stage, index) => (
              <li key={index} className={card}>
                <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-indigo-700 font-bold text-white">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold">{stage.title}</h3>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{stage.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="why-heading" className="bg-slate-50 py-20 dark:bg-slate-900">
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <SectionHeading id="why-heading" title={reasons.title} />
          <ul className="grid gap-4 sm:grid-cols-2">
            {reasons.items.map((reason, index) => (
              <li key={index} className={card}>
                {reason}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="stories-heading" className="py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="stories-heading" title={stories.title} />
          <ul className="grid gap-6 md:grid-cols-3">
            {stories.items.map((story, index) => (
              <li key={index} className={card}>
                <figure>
                  <LuQuote aria-hidden="true" className="h-8 w-8 text-indigo-700 dark:text-indigo-300" />
                  <blockquote className="mt-3 text-slate-700 dark:text-slate-300">{story.quote}</blockquote>
                  <figcaption className="mt-4">
                    <span className="block font-semibold">{story.name}</span>
                    <span className="text-sm text-slate-600 dark:text-slate-400">{story.role}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="start-heading" className="bg-gradient-to-r from-indigo-800 to-indigo-600 py-16 text-center text-white">
        <h2 id="start-heading" className="text-3xl font-bold">
          {cta.title}
        </h2>
        <p className="mt-3 text-indigo-100">{cta.text}</p>
        <Link to="/contact" className="mt-6 inline-block rounded-full bg-white px-8 py-3 font-semibold text-indigo-800 hover:bg-indigo-50">
          Get Started
        </Link>
        <p className="mt-6 text-sm">
          <Link to="/about/mission" className="underline underline-offset-4">
            Our mission and vision
          </Link>
          <span aria-hidden="true"> · </span>
          <Link to="/about/security-policy" className="underline underline-offset-4">
            Our security policy
          </Link>
        </p>
      </section>
    </>
  );
}
