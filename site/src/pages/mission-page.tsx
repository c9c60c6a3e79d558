import type { SiteContentPages } from '@brightwave/common';
import { RichText } from '../components/rich-text';
import { PageHero } from '../components/ui/page-hero';
import { SectionHeading } from '../components/ui/section';
import { usePageContent } from '../lib/content';
import { lucideIcon } from '../components/ui/icons';
import type { PageMeta } from '../lib/page-meta';

/** The page's title and description are content (search and sharing). */
export const meta = (content: SiteContentPages): PageMeta => content.mission.seo;

const LuEye = lucideIcon([
  ['path', { d: 'M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0' }],
  ['circle', { cx: '12', cy: '12', r: '3' }],
]);
const LuTarget = lucideIcon([
  ['circle', { cx: '12', cy: '12', r: '10' }],
  ['circle', { cx: '12', cy: '12', r: '6' }],
  ['circle', { cx: '12', cy: '12', r: '2' }],
]);

export default function MissionPage() {
  const { hero, mission, vision, values } = usePageContent('mission');
  return (
    <>
      <PageHero
        title={hero.title}
        tagline={hero.tagline || undefined}
        crumbs={[{ label: 'Home', to: '/' }, { label: 'About Us', to: '/about' }, { label: 'Mission & Vision' }]}
      />
      <section className="py-20">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 sm:px-6 md:grid-cols-2">
          <article className="rounded-2xl border border-slate-200 p-8 shadow-sm dark:border-slate-700 dark:bg-slate-900">
            <LuTarget aria-hidden="true" className="h-10 w-10 text-indigo-700 dark:text-indigo-300" />
            <h2 className="mt-4 text-2xl font-bold">{mission.title}</h2>
            <RichText doc={mission.body} className="mt-3 text-lg text-slate-700 dark:text-slate-300" />
          </article>
          <article className="rounded-2xl border border-slate-200 p-8 shadow-sm dark:border-slate-700 dark:bg-slate-900">
            <LuEye aria-hidden="true" className="h-10 w-10 text-indigo-700 dark:text-indigo-300" />
            <h2 className="mt-4 text-2xl font-bold">{vision.title}</h2>
            <RichText doc={vision.body} className="mt-3 text-lg text-slate-700 dark:text-slate-300" />
          </article>
        </div>
      </section>
      <section aria-labelledby="values-heading" className="bg-slate-50 py-20 dark:bg-slate-900">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading id="values-heading" title={values.title} />
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {values.items.map((value, index) => (
              <li key={index} className="rounded-2xl bg-white p-6 shadow-sm dark:bg-slate-800">
                <h3 className="text-lg font-semibold">{value.title}</h3>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
