import { SITE_MESSAGES, type PortfolioItem } from '@brightwave/common';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from '../components/ui/link';
import { CategoryBadge } from '../components/category-badge';
import { TechTags } from '../components/tech-tags';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { PageHero } from '../components/ui/page-hero';
import { Spinner } from '../components/ui/spinner';
import { apiRequest } from '../lib/api-client';
import { usePageData } from '../lib/page-data';
import type { PageMeta } from '../lib/page-meta';

const PortfolioDialog = lazy(() => import('../components/portfolio-dialog'));

export const meta: PageMeta = {
  title: 'Our Portfolio | Brightwave Technologies',
  description: 'Selected projects by Brightwave Technologies: marketplaces, apps, blockchain wallets, brands and CRMs.',
};

type LoadState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; items: PortfolioItem[] };

/** The first row of cards is on screen at once: its pictures load with the page, the first one first. */
const EAGER_PICTURES = 3;

function PortfolioCard({ item, index, onOpen }: { item: PortfolioItem; index: number; onOpen: () => void }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-4 focus-within:ring-indigo-500 hover:shadow-xl dark:border-slate-700 dark:bg-slate-900">
      <img
        src={item.imgLink}
        alt=""
        width={640}
        height={400}
        loading={index < EAGER_PICTURES ? 'eager' : 'lazy'}
        fetchPriority={index === 0 ? 'high' : undefined}
        className="aspect-[8/5] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <div>
          <CategoryBadge item={item} />
        </div>
        <h3 className="mt-3 text-xl font-semibold">
          {/* The button covers the whole card, so a click anywhere opens the details. */}
          <button type="button" onClick={onOpen} className="text-left after:absolute after:inset-0 focus:outline-none">
            {item.projectTitle}
          </button>
        </h3>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{item.projectSubtitle}</p>
        <TechTags tags={item.techStack} className="mt-4" />
      </div>
    </article>
  );
}

function PortfolioGrid() {
  // The backend renders /portfolio with the projects (and embeds them for hydration); the prerendered copy and
  // a client-side navigation load them here.
  const renderedItems = usePageData().portfolio;
  const [state, setState] = useState<LoadState>(renderedItems ? { status: 'loaded', items: renderedItems } : { status: 'loading' });
  const [selected, setSelected] = useState<PortfolioItem | null>(null);

  useEffect(() => {
    if (renderedItems) return;
    let active = true;
    apiRequest('GET /api/portfolio')
      .then((answer) => active && setState({ status: 'loaded', items: answer.portfolios ?? [] }))
      .catch((error: unknown) => {
        console.error('Portfolio failed to load', error);
        if (active) setState({ status: 'failed' });
      });
    return () => {
      active = false;
    };
  }, [renderedItems]);

  // The reserved height keeps the footer from jumping when the grid arrives.
  if (state.status === 'loading') {
    return (
      <div className="min-h-[60vh]">
        <Spinner label="Loading portfolio" />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <p role="alert" className="py-12 text-center text-lg font-medium text-red-700 dark:text-red-300">
        {SITE_MESSAGES.portfolioLoadFailure}
      </p>
    );
  }
  return (
    <>
      <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
        {state.items.map((item, index) => (
          <li key={item._id} className="flex">
            <PortfolioCard item={item} index={index} onOpen={() => setSelected(item)} />
          </li>
        ))}
      </ul>
      {selected && (
        <Suspense fallback={null}>
          <PortfolioDialog item={selected} onClose={() => setSelected(null)} />
        </Suspense>
      )}
    </>
  );
}

export default function PortfolioPage() {
  return (
    <>
      <PageHero
        title="Our Portfolio"
        tagline="Explore the projects we have designed, built and launched for clients around the world."
        crumbs={[{ label: 'Home', to: '/' }, { label: 'Portfolio' }]}
      />
      <section aria-labelledby="projects-heading" className="py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="projects-heading" className="sr-only">
            Projects
          </h2>
          <ErrorBoundary>
            <PortfolioGrid />
          </ErrorBoundary>
        </div>
      </section>
      <section aria-labelledby="cta-heading" className="bg-gradient-to-r from-indigo-800 to-indigo-600 py-16 text-center text-white">
        <h2 id="cta-heading" className="text-3xl font-bold">
          Ready to Bring Your Ideas to Reality?
        </h2>
        <p className="mt-3 text-indigo-100">Tell us what you want to build and we will make it happen.</p>
        <Link to="/contact" className="mt-6 inline-block rounded-full bg-white px-8 py-3 font-semibold text-indigo-800 hover:bg-indigo-50">
          Start Your Project
        </Link>
      </section>
    </>
  );
}
