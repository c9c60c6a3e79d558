// A case study as the server renders it (docs/features/case-studies.md). Only the server entry imports this module:
// the page needs no script, so the browser keeps the HTML it was sent (case-study-page.tsx) and this code never ships.
import { PORTFOLIO_CATEGORY_LABELS, richPlainText, type PortfolioItem, type SiteContent, type SiteContentPages } from '@brightwave/common';
import { BlockPicture } from '../components/blocks/block-picture';
import { CategoryBadge } from '../components/category-badge';
import { RichText } from '../components/rich-text';
import { TechTags } from '../components/tech-tags';
import { PageHero } from '../components/ui/page-hero';
import { company } from '../content/company';
import { jsonLdText } from '../lib/json-ld';
import type { CaseStudyPageData } from '../lib/page-data';

const pathOf = (slug: string) => `/portfolio/${slug}`;

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">{term}</dt>
      <dd className="mt-1 text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** A case study's card, its whole area a link to its page (the related ones here; a "Case studies" block's). */
export function CaseStudyCard({ item }: { item: PortfolioItem }) {
  return (
    <li className="flex">
      <article className="relative flex flex-1 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm focus-within:ring-4 focus-within:ring-indigo-500 hover:shadow-xl dark:border-slate-700 dark:bg-slate-900">
        <img src={item.imgLink} alt="" width={640} height={400} loading="lazy" className="aspect-[8/5] w-full object-cover" />
        <div className="flex flex-1 flex-col p-5">
          <div>
            <CategoryBadge item={item} />
          </div>
          <h3 className="mt-3 text-xl font-semibold">
            {/* The link covers the whole card. */}
            <a href={pathOf(item.slug)} className="after:absolute after:inset-0 focus:outline-none">
              {item.projectTitle}
            </a>
          </h3>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{item.projectSubtitle}</p>
        </div>
      </article>
    </li>
  );
}

/** The whole page of a case study, from its hero to its call to action. */
export function CaseStudyView({ data, content }: { data: CaseStudyPageData; content: Partial<SiteContentPages> }) {
  const { item, story, related } = data;
  const cards = content.services?.offer.cards ?? [];
  const services = (story?.services ?? []).flatMap((anchor) => {
    const card = cards.find((candidate) => candidate.anchor === anchor);
    return card ? [{ anchor, title: card.title }] : [];
  });
  const hasStory = story !== null && richPlainText(story.body).trim() !== '';
  return (
    <>
      <PageHero
        title={item.projectTitle}
        tagline={item.projectSubtitle}
        crumbs={[{ label: 'Home', to: '/' }, { label: 'Portfolio', to: '/portfolio' }, { label: item.projectTitle }]}
      />
      <article aria-labelledby="story-heading" className="py-16">
        <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <img
              src={item.imgLink}
              alt={`${item.projectTitle} project`}
              width={960}
              height={600}
              fetchPriority="high"
              className="aspect-[8/5] w-full rounded-2xl object-cover"
            />
            <h2 id="story-heading" className="mt-10 text-3xl font-bold">
              The story
            </h2>
            {hasStory ? (
              <RichText doc={story.body} className="mt-4 text-lg text-slate-700 dark:text-slate-300" />
            ) : (
              <p className="mt-4 whitespace-pre-line text-lg text-slate-700 dark:text-slate-300">{item.description}</p>
            )}
          </div>
          <aside aria-labelledby="facts-heading">
            <h2 id="facts-heading" className="text-xl font-semibold">
              At a glance
            </h2>
            <dl className="mt-4 space-y-5 rounded-2xl border border-slate-200 p-6 dark:border-slate-700">
              {story?.client && <Fact term="Client">{story.client}</Fact>}
              {story?.industry && <Fact term="Industry">{story.industry}</Fact>}
              <Fact term="Category">{PORTFOLIO_CATEGORY_LABELS[item.category] ?? item.category}</Fact>
              {services.length > 0 && (
                <Fact term="Services">
                  <ul className="space-y-1">
                    {services.map((service) => (
                      <li key={service.anchor}>
                        <a href={`/services#${service.anchor}`} className="text-indigo-700 underline underline-offset-4 dark:text-indigo-300">
                          {service.title}
                        </a>
                      </li>
                    ))}
                  </ul>
                </Fact>
              )}
              <Fact term="Technologies">
                <TechTags tags={item.techStack} className="mt-1" />
              </Fact>
            </dl>
            {item.linkToProject && (
              <a
                href={item.linkToProject}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-6 inline-block rounded-full bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
              >
                View Project <span className="sr-only">(opens in a new tab)</span>
              </a>
            )}
          </aside>
        </div>
      </article>
      {story && story.results.length > 0 && (
        <section aria-labelledby="results-heading" className="bg-indigo-700 py-12 text-white">
          <h2 id="results-heading" className="mb-8 px-4 text-center text-3xl font-bold">
            Results
          </h2>
          <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 text-center md:grid-cols-4">
            {story.results.map((result, index) => (
              <div key={index} className="flex flex-col-reverse">
                <dt className="mt-1 text-indigo-100">{result.label}</dt>
                <dd className="text-4xl font-bold">{result.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {story && story.gallery.length > 0 && (
        <section aria-labelledby="gallery-heading" className="py-16">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id="gallery-heading" className="text-3xl font-bold">
              Gallery
            </h2>
            <ul className="mt-8 grid gap-8 md:grid-cols-2">
              {story.gallery.map((picture, index) => (
                <li key={index}>
                  <figure>
                    <BlockPicture src={picture.image} alt={picture.imageAlt} sizes="(min-width: 768px) 560px, 100vw" className="w-full rounded-2xl" />
                    {picture.caption && <figcaption className="mt-2 text-slate-600 dark:text-slate-300">{picture.caption}</figcaption>}
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="bg-slate-50 py-16 dark:bg-slate-950">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id="related-heading" className="text-3xl font-bold">
              More case studies
            </h2>
            <ul className="mt-8 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
              {related.map((other) => (
                <CaseStudyCard key={other._id} item={other} />
              ))}
            </ul>
          </div>
        </section>
      )}
      <section aria-labelledby="cta-heading" className="bg-gradient-to-r from-indigo-800 to-indigo-600 py-16 text-center text-white">
        <h2 id="cta-heading" className="text-3xl font-bold">
          Ready to Bring Your Ideas to Reality?
        </h2>
        <p className="mt-3 text-indigo-100">Tell us what you want to build and we will make it happen.</p>
        <a href="/contact" className="mt-6 inline-block rounded-full bg-white px-8 py-3 font-semibold text-indigo-800 hover:bg-indigo-50">
          Start Your Project
        </a>
      </section>
    </>
  );
}

/** Article structured data about the project (a CreativeWork), by the company, for search results. */
export function caseStudyJsonLd({ item, story, publishedAt }: CaseStudyPageData, site: SiteContent): string {
  const url = `${company.siteUrl}${pathOf(item.slug)}`;
  const image = item.imgLink.startsWith('/') ? `${company.siteUrl}${item.imgLink}` : item.imgLink;
  const organization = { '@type': 'Organization', name: site.company.name, url: company.siteUrl };
  const text = story ? richPlainText(story.body).trim() : '';
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: item.projectTitle,
    description: item.projectSubtitle,
    image,
    url,
    mainEntityOfPage: url,
    datePublished: publishedAt ?? item.createdAt,
    author: organization,
    publisher: organization,
    ...(text ? { articleBody: text } : {}),
    about: {
      '@type': 'CreativeWork',
      name: item.projectTitle,
      description: item.description,
      image,
      keywords: item.techStack.join(', '),
      ...(story?.client ? { sourceOrganization: { '@type': 'Organization', name: story.client } } : {}),
      ...(item.linkToProject ? { sameAs: item.linkToProject } : {}),
    },
  };
  return `<script type="application/ld+json">${jsonLdText(data)}</script>`;
}
