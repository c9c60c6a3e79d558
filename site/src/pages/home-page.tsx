import { HOME_HERO_ROTATION_MS } from '@brightwave/common';
import { LuAward, LuHeadphones, LuRocket, LuUsers } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { QuoteForm } from '../components/quote-form';
import { RotationControls } from '../components/rotation-controls';
import { SectionHeading } from '../components/ui/section';
import { company } from '../content/company';
import { services } from '../content/services';
import { useRotation } from '../lib/use-rotation';
import { FeatureCard } from '../components/ui/feature-card';

const reasons = [
  { title: 'Expert Team', text: 'Senior designers, engineers and marketers who have shipped hundreds of products.', Icon: LuUsers },
  { title: 'Proven Results', text: 'A 98% project success rate and clients who come back for their next idea.', Icon: LuAward },
  { title: 'Fast Delivery', text: 'Agile sprints and weekly demos, so you see progress from the first week.', Icon: LuRocket },
  { title: '24/7 Support', text: 'A support team that answers around the clock, long after launch day.', Icon: LuHeadphones },
];

function Hero() {
  const rotation = useRotation(services.length, HOME_HERO_ROTATION_MS);
  const slide = services[rotation.index];
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
            aria-roledescription="slide"
            aria-label={`${rotation.index + 1} of ${services.length}`}
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
          <img
            src={slide.image}
            alt={`${slide.title} illustration`}
            width={640}
            height={400}
            fetchPriority="high"
            className="aspect-[8/5] w-full rounded-2xl shadow-2xl"
          />
          <div className="mt-4">
            <RotationControls rotation={rotation} labels={services.map((item) => item.title)} itemName="slide" onDark />
          </div>
        </div>
      </div>
    </section>
  );
}

export default function HomePage() {
  return (
    <>
      <Hero />
      <section aria-labelledby="quote-heading" className="bg-slate-50 py-20 dark:bg-slate-900">
        <div id="quote-form" className="mx-auto max-w-3xl scroll-mt-28 px-4 sm:px-6">
          <SectionHeading
            id="quote-heading"
            title="Get a Free Quote"
            intro="Tell us about your project and we will get back to you within one business day."
          />
          <div className="rounded-2xl bg-white p-6 shadow-lg sm:p-8 dark:bg-slate-800">
            <QuoteForm />
          </div>
        </div>
      </section>
      <section aria-labelledby="why-heading" className="py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="why-heading" title="Why Choose Us" intro={`What working with ${company.shortName} feels like.`} />
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {reasons.map((item) => (
              <FeatureCard key={item.title} {...item} />
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
