import type { SiteContentPages } from '@brightwave/common';
import { RichText } from '../components/rich-text';
import { Link } from '../components/ui/link';
import { PageHero } from '../components/ui/page-hero';
import { usePageContent } from '../lib/content';
import type { PageMeta } from '../lib/page-meta';

/** The page's title and description are content (search and sharing). */
export const meta = (content: SiteContentPages): PageMeta => content['security-policy'].seo;

export default function SecurityPolicyPage() {
  const { hero, policy } = usePageContent('security-policy');
  return (
    <>
      <PageHero
        title={hero.title}
        tagline={hero.tagline || undefined}
        crumbs={[{ label: 'Home', to: '/' }, { label: 'About Us', to: '/about' }, { label: 'Security Policy' }]}
      />
      <section className="py-20">
        <div className="mx-auto max-w-4xl space-y-6 px-4 sm:px-6">
          {policy.sections.map((section, index) => (
            <article key={index} className="rounded-2xl border border-slate-200 p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
              <h2 className="text-xl font-bold">
                {index + 1}. {section.title}
              </h2>
              <RichText doc={section.body} className="mt-2 text-slate-700 dark:text-slate-300" />
            </article>
          ))}
          <p className="pt-4 text-lg">
            {policy.closing}{' '}
            <Link to="/contact" className="font-semibold text-indigo-700 underline underline-offset-4 dark:text-indigo-300">
              Contact our team
            </Link>
            .
          </p>
        </div>
      </section>
    </>
  );
}
