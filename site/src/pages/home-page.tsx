import { HOME_HERO_ROTATION_MS, required, type SiteContentPages } from '@brightwave/common';
import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { ContentImage } from '../components/content-image';
import { Link } from '../components/ui/link';
import { QuoteForm } from '../components/quote-form';
import { RotationControls } from '../components/rotation-controls';
import { SectionHeading } from '../components/ui/section';
import { usePageContent, useSiteContent } from '../lib/content';
import { serviceToChoose } from '../lib/quote-form-state';
import { useRotation } from '../lib/use-rotation';
import { FeatureCard } from '../components/ui/feature-card';
import { lucideIcon } from '../components/ui/icons';
import type { PageMeta } from '../lib/page-meta';

/** The page's title and description are content (search and sharing). */
export const meta = (content: SiteContentPages): PageMeta => content.home.seo;

const LuAward = lucideIcon([
  ['path', { d: 'm15.477 12.89 1.515 8.526a.5.5 0 0 1-.81.47l-3.58-2.687a1 1 0 0 0-1.197 0l-3.586 2.686a.5.5 0 0 1-.81-.469l1.514-8.526' }],
  ['circle', { cx: '12', cy: '8', r: '6' }],
]);
const LuHeadphones = lucideIcon([
  ['path', { d: 'M3 14h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a9 9 0 0 1 18 0v7a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3' }],
]);
const LuRocket = lucideIcon([
  ['path', { d: 'M4.5 16.5c-1.5 1.26-2 5-2 5s3.74-.5 5-2c.71-.84.7-2.13-.09-2.91a2.18 2.18 0 0 0-2.91-.09z' }],
  ['path', { d: 'm12 15-3-3a22 22 0 0 1 2-3.95A12.88 12.88 0 0 1 22 2c0 2.72-.78 7.5-6 11a22.35 22.35 0 0 1-4 2z' }],
  ['path', { d: 'M9 12H4s.55-3.03 2-4c1.62-1.08 5 0 5 0' }],
  ['path', { d: 'M12 15v5s3.03-.55 4-2c1.08-1.62 0-5 0-5' }],
]);
const LuUsers = lucideIcon([
  ['path', { d: 'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2' }],
  ['circle', { cx: '9', cy: '7', r: '4' }],
  ['path', { d: 'M22 21v-2a4 4 0 0 0-3-3.87' }],
  ['path', { d: 'M16 3.13a4 4 0 0 1 0 7.75' }],
]);

/** The icons of the reasons, by their place in the list (the content has at most as many reasons). */
const REASON_ICONS = [LuUsers, LuAward, LuRocket, LuHeadphones];

function Hero() {
  const { company } = useSiteContent();
  const heroSlides = usePageContent('home').hero.slides;
  const rotation = useRotation(heroSlides.length, HOME_HERO_ROTATION_MS);
  const slide = required(heroSlides[rotation.index], 'the service on show');
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Our services"
      className="bg-gradient-to-br from-slate-900 via-indigo-950 to-indigo-800 pt-36 pb-16 text-white lg:pt-44"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{company.tagline}</h1>
          <div
            role="group"
            aria-roledescription="slide"
            aria-label={`${rotation.index + 1} of ${heroSlides.length}`}
            aria-live={rotation.paused ? 'polite' : 'off'}
            className="mt-6 min-h-40"
          >
            <p className="text-2xl font-semibold text-indigo-200">{slide.title}</p>
            <p className="mt-3 text-lg text-indigo-50">{slide.description}</p>
          </div>
          <div className="mt-6 flex flex-wrap gap-4">
            <a href="#quote-form" className="rounded-full bg-white px-6 py-3 font-semibold text-indigo-800 shadow hover:bg-indigo-50">
              Request a Quote
            </a>
            <Link to="/services" className="rounded-full border border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10">
              Explore Services
            </Link>
          </div>
        </div>
        <div>
          <ContentImage
            src={slide.image}
            alt={slide.imageAlt}
            width={640}
            height={400}
            sizes="(min-width: 1280px) 592px, (min-width: 1024px) 46vw, 92vw"
            priority
            className="aspect-[8/5] w-full rounded-2xl object-cover shadow-2xl"
          />
          <div className="mt-4">
            <RotationControls rotation={rotation} labels={heroSlides.map((item) => item.title)} itemName="slide" onDark />
          </div>
        </div>
      </div>
    </section>
  );
}

const noSubscription = () => () => {};

export default function HomePage() {
  const { quote, reasons } = usePageContent('home');
  const { state } = useLocation();
  // The service of the 'Learn More' that led here, once hydrated: the server knows nothing of history state (which
  // outlives a reload); the form is then made anew with it chosen.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const service = hydrated ? serviceToChoose(state) : undefined;
  return (
    <>
      <Hero />
      <section aria-labelledby="quote-heading" className="bg-slate-50 py-20 dark:bg-slate-900">
        <div id="quote-form" className="mx-auto max-w-3xl scroll-mt-28 px-4 sm:px-6">
          <SectionHeading id="quote-heading" title={quote.title} intro={quote.intro || undefined} />
          <div className="rounded-2xl bg-white p-6 shadow-lg sm:p-8 dark:bg-slate-800">
            <QuoteForm key={service} service={service} />
          </div>
        </div>
      </section>
      <section aria-labelledby="why-heading" className="py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="why-heading" title={reasons.title} intro={reasons.intro || undefined} />
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {reasons.items.map((item, index) => (
              <FeatureCard key={index} {...item} Icon={required(REASON_ICONS[index], 'the icon of a reason')} />
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
