import { PageHero } from '../components/ui/page-hero';
import { SectionHeading } from '../components/ui/section';
import { useSiteContent } from '../lib/content';
import { lucideIcon } from '../components/ui/icons';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'Mission & Vision | Brightwave Technologies',
  description: 'Why Brightwave Technologies exists, where we are heading and the values that guide every project.',
};

const LuEye = lucideIcon([
  ['path', { d: 'M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0' }],
  ['circle', { cx: '12', cy: '12', r: '3' }],
]);
const LuTarget = lucideIcon([
  ['circle', { cx: '12', cy: '12', r: '10' }],
  ['circle', { cx: '12', cy: '12', r: '6' }],
  ['circle', { cx: '12', cy: '12', r: '2' }],
]);

const values = [
  { title: 'Integrity', text: 'We say what we will do, then do it, and tell you early when something changes.' },
  { title: 'Craft', text: 'We sweat the details users notice and the ones they never will.' },
  { title: 'Inclusion', text: 'Everything we build is meant to be usable by everyone, on every device.' },
  { title: 'Partnership', text: 'Your success is the only measure of ours.' },
];

export default function MissionPage() {
  const { name } = useSiteContent().company;
  return (
    <>
      <PageHero
        title="Mission & Vision"
        tagline="Why we exist and where we are heading."
        crumbs={[{ label: 'Home', to: '/' }, { label: 'About Us', to: '/about' }, { label: 'Mission & Vision' }]}
      />
      <section className="py-20">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 sm:px-6 md:grid-cols-2">
          <article className="rounded-2xl border border-slate-200 p-8 shadow-sm dark:border-slate-700 dark:bg-slate-900">
            <LuTarget aria-hidden="true" className="h-10 w-10 text-indigo-700 dark:text-indigo-300" />
            <h2 className="mt-4 text-2xl font-bold">Our Mission</h2>
            <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
              To help businesses of every size turn their ideas into reliable, accessible and beautiful digital products, and to stay by their side as they
              grow.
            </p>
          </article>
          <article className="rounded-2xl border border-slate-200 p-8 shadow-sm dark:border-slate-700 dark:bg-slate-900">
            <LuEye aria-hidden="true" className="h-10 w-10 text-indigo-700 dark:text-indigo-300" />
            <h2 className="mt-4 text-2xl font-bold">Our Vision</h2>
            <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
              A world where great technology is within reach of every business, and {name} is the partner they trust to build it.
            </p>
          </article>
        </div>
      </section>
      <section aria-labelledby="values-heading" className="bg-slate-50 py-20 dark:bg-slate-900">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading id="values-heading" title="Our Values" />
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {values.map((value) => (
              <li key={value.title} className="rounded-2xl bg-white p-6 shadow-sm dark:bg-slate-800">
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
