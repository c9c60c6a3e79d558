import { Link } from '../components/ui/link';
import { RichText } from '../components/rich-text';
import { PageHero } from '../components/ui/page-hero';
import { SectionHeading } from '../components/ui/section';
import { company } from '../content/company';
import { useServicesContent, useSiteContent } from '../lib/content';
import { lucideIcon } from '../components/ui/icons';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'About Us | Brightwave Technologies',
  description: 'Over 10 years, 500+ clients in 30+ countries and a 98% success rate: meet the team, our process and the clients we build for.',
};

const LuQuote = lucideIcon([
  ['path', { d: 'M16 3a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2 1 1 0 0 1 1 1v1a2 2 0 0 1-2 2 1 1 0 0 0-1 1v2a1 1 0 0 0 1 1 6 6 0 0 0 6-6V5a2 2 0 0 0-2-2z' }],
  ['path', { d: 'M5 3a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2 1 1 0 0 1 1 1v1a2 2 0 0 1-2 2 1 1 0 0 0-1 1v2a1 1 0 0 0 1 1 6 6 0 0 0 6-6V5a2 2 0 0 0-2-2z' }],
]);

const stats = [
  { value: '500+', label: 'Happy Clients' },
  { value: '98%', label: 'Success Rate' },
  { value: '10+', label: 'Years of Experience' },
  { value: '30+', label: 'Countries Served' },
];

const processStages = [
  { title: 'Discovery & Planning', text: 'We learn your goals, users and constraints, then agree on scope, milestones and budget.' },
  { title: 'Design & Prototyping', text: 'Wireframes and clickable prototypes let you see and test the product before we build it.' },
  { title: 'Development & Testing', text: 'Short sprints, weekly demos and automated tests keep quality high and surprises low.' },
  { title: 'Launch & Support', text: 'We ship, monitor and keep improving, with a support team that stays with you.' },
];

const reasons = [
  'A senior team that owns the result, not just the tasks',
  'Transparent pricing and weekly progress reports',
  'Accessibility, security and performance built in from day one',
  'Long-term support and maintenance after launch',
];

const stories = [
  {
    quote: 'Brightwave rebuilt our store in eight weeks. Conversion is up 40% and the site finally loads instantly on phones.',
    name: 'Maria Lopez',
    role: 'Founder, Verde Home Goods',
  },
  {
    quote: 'Their CRM rollout unified three sales teams. We now close deals faster because nobody loses track of a lead.',
    name: 'David Chen',
    role: 'VP Sales, Northwind Logistics',
  },
  {
    quote: 'From logo to launch campaign, they understood our brand better than we did. The results speak for themselves.',
    name: 'Aisha Patel',
    role: 'Marketing Director, Lumen Wellness',
  },
];

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900';

/** The number of service cards shown as "what we do" (SPEC §2: 8 items). */
const WHAT_WE_DO_COUNT = 8;

export default function AboutPage() {
  const { name } = useSiteContent().company;
  const whatWeDo = useServicesContent().offer.cards.slice(0, WHAT_WE_DO_COUNT);
  return (
    <>
      <PageHero
        title="About Us"
        tagline={`${name} turns ideas into products people love to use.`}
        crumbs={[{ label: 'Home', to: '/' }, { label: 'About Us' }]}
      />
      <section aria-label="Our numbers" className="bg-indigo-700 py-12 text-white">
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 text-center md:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-indigo-100">{stat.label}</dt>
              <dd className="text-4xl font-bold">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="who-heading" className="py-20">
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <SectionHeading id="who-heading" title="Who We Are" />
          <div className="space-y-4 text-lg text-slate-700 dark:text-slate-300">
            <p>
              Founded in {company.foundingYear}, {name} is a team of designers, engineers and marketers who help businesses of every size succeed online. We
              have delivered more than 500 projects for clients in over 30 countries.
            </p>
            <p>
              We believe great technology should feel effortless. That is why we pair careful design with solid engineering, and stay with our clients long
              after launch.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="what-heading" className="bg-slate-50 py-20 dark:bg-slate-900">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="what-heading" title="What We Do" />
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
          <SectionHeading id="process-heading" title="Our Development Process" intro="Four stages, one accountable team." />
          <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {processStages.map((stage, index) => (
              <li key={stage.title} className={card}>
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
          <SectionHeading id="why-heading" title="Why Choose Us" />
          <ul className="grid gap-4 sm:grid-cols-2">
            {reasons.map((reason) => (
              <li key={reason} className={card}>
                {reason}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="stories-heading" className="py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="stories-heading" title="Client Success Stories" />
          <ul className="grid gap-6 md:grid-cols-3">
            {stories.map((story) => (
              <li key={story.name} className={card}>
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
          Ready to start your project?
        </h2>
        <p className="mt-3 text-indigo-100">Let us talk about what you want to build.</p>
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
