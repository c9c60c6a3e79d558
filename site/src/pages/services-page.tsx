import { PROJECTS_CAROUSEL_MS, required, SERVICE_LABELS, SERVICES_HERO_ROTATION_MS, type SiteContentPages } from '@brightwave/common';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '../components/ui/link';
import type { QuoteFormState } from '../lib/quote-form-state';
import { RotationControls } from '../components/rotation-controls';
import { ContentImage } from '../components/content-image';
import { RichText } from '../components/rich-text';
import { PageHero } from '../components/ui/page-hero';
import { SectionHeading } from '../components/ui/section';
import { projects } from '../content/projects';
import { useServicesContent } from '../lib/content';
import { useRotation } from '../lib/use-rotation';
import { lucideIcon } from '../components/ui/icons';
import type { PageMeta } from '../lib/page-meta';

/** The page's title and description are content (search and sharing). */
export const meta = (content: SiteContentPages): PageMeta => content.services.seo;

const LuCheck = lucideIcon([['path', { d: 'M20 6 9 17l-5-5' }]]);

const HIGHLIGHT_MS = 2500;

function RotatingTitle({ titles }: { titles: string[] }) {
  const rotation = useRotation(titles.length, SERVICES_HERO_ROTATION_MS);
  return (
    <div className="mt-6">
      <p className="text-2xl font-semibold text-indigo-200" aria-live={rotation.paused ? 'polite' : 'off'}>
        {required(titles[rotation.index], 'the service title on show')}
      </p>
      <div className="mt-4">
        <RotationControls rotation={rotation} labels={titles} itemName="service title" onDark />
      </div>
    </div>
  );
}

function ProjectsCarousel() {
  const rotation = useRotation(projects.length, PROJECTS_CAROUSEL_MS);
  const project = required(projects[rotation.index], 'the project on show');
  return (
    <section aria-labelledby="projects-heading" aria-roledescription="carousel" className="bg-slate-50 py-20 dark:bg-slate-900">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <SectionHeading id="projects-heading" title="Latest Projects" intro="A few things we have shipped recently." />
        <article
          aria-roledescription="slide"
          aria-label={`${rotation.index + 1} of ${projects.length}`}
          className="grid items-center gap-8 rounded-2xl bg-white p-6 shadow-lg md:grid-cols-2 dark:bg-slate-800"
        >
          <img src={project.image} alt={`${project.title} project`} width={640} height={400} loading="lazy" className="aspect-[8/5] w-full rounded-xl" />
          <div aria-live={rotation.paused ? 'polite' : 'off'}>
            <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700 dark:text-indigo-300">{SERVICE_LABELS[project.category]}</p>
            <h3 className="mt-2 text-2xl font-bold">{project.title}</h3>
            <p className="mt-3 text-slate-600 dark:text-slate-300">{project.description}</p>
          </div>
        </article>
        <div className="mt-6">
          <RotationControls rotation={rotation} labels={projects.map((item) => item.title)} itemName="project" />
        </div>
      </div>
    </section>
  );
}

const subscribeToNothing = () => () => {};

export default function ServicesPage() {
  const { hero, offer } = useServicesContent();
  const { hash, key } = useLocation();
  // The card named by the hash is highlighted for a moment after the scroll (SPEC §2, /services): from the
  // navigation (its location key) until HIGHLIGHT_MS later. Never in the prerendered HTML, which has no hash.
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const hashId = decodeURIComponent(hash.slice(1));
  const target = offer.cards.some((card) => card.anchor === hashId) ? hashId : null;
  const [highlightEndedFor, setHighlightEndedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!target) return;
    const timer = window.setTimeout(() => setHighlightEndedFor(key), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [target, key]);
  const highlighted = hydrated && highlightEndedFor !== key ? target : null;

  return (
    <>
      <PageHero title={hero.title} tagline={hero.tagline || undefined} crumbs={[{ label: 'Home', to: '/' }, { label: 'Services' }]}>
        <RotatingTitle titles={hero.rotatingTitles} />
      </PageHero>
      <ProjectsCarousel />
      <section aria-labelledby="services-heading" className="py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="services-heading" title={offer.title} intro={offer.intro || undefined} />
          <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {offer.cards.map((service) => (
              <article
                key={service.anchor}
                id={service.anchor}
                data-highlighted={highlighted === service.anchor ? 'true' : undefined}
                className={`flex scroll-mt-32 flex-col rounded-2xl border bg-white p-6 shadow-sm transition-shadow duration-500 dark:bg-slate-900 ${highlighted === service.anchor ? 'border-indigo-600 ring-4 ring-indigo-500 shadow-xl' : 'border-slate-200 dark:border-slate-700'}`}
              >
                <ContentImage
                  src={service.image}
                  alt={service.imageAlt}
                  width={640}
                  height={400}
                  sizes="(min-width: 1280px) 352px, (min-width: 1024px) 28vw, (min-width: 768px) 42vw, 90vw"
                  className="aspect-[8/5] w-full rounded-xl object-cover"
                />
                <h3 className="mt-5 text-xl font-semibold">{service.title}</h3>
                <RichText doc={service.description} className="mt-2 text-slate-600 dark:text-slate-300" />
                <ul className="mt-4 flex-1 space-y-2">
                  {service.features.map((feature, index) => (
                    <li key={index} className="flex items-start gap-2">
                      <LuCheck aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-indigo-700 dark:text-indigo-300" />
                      {feature}
                    </li>
                  ))}
                </ul>
                {/* To the quote form (SPEC §2), with this service chosen in it (decision 069). */}
                <Link
                  to="/#quote-form"
                  state={{ service: service.anchor } satisfies QuoteFormState}
                  className="mt-6 inline-block self-start rounded-full bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
                >
                  Learn More<span className="sr-only"> about {service.title}</span>
                </Link>
              </article>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
