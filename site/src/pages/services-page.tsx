import { PROJECTS_CAROUSEL_MS, SERVICE_LABELS, SERVICES_HERO_ROTATION_MS } from '@brightwave/common';
import { useEffect, useState } from 'react';
import { LuCheck } from 'react-icons/lu';
import { Link, useLocation } from 'react-router-dom';
import { RotationControls } from '../components/rotation-controls';
import { PageHero } from '../components/ui/page-hero';
import { SectionHeading } from '../components/ui/section';
import { projects } from '../content/projects';
import { serviceCards, services } from '../content/services';
import { useRotation } from '../lib/use-rotation';

const HIGHLIGHT_MS = 2500;

function RotatingTitle() {
  const rotation = useRotation(services.length, SERVICES_HERO_ROTATION_MS);
  return (
    <div className="mt-6">
      <p className="text-2xl font-semibold text-indigo-200" aria-live={rotation.paused ? 'polite' : 'off'}>
        {services[rotation.index].title}
      </p>
      <div className="mt-4">
        <RotationControls rotation={rotation} labels={services.map((item) => item.title)} itemName="service title" onDark />
      </div>
    </div>
  );
}

function ProjectsCarousel() {
  const rotation = useRotation(projects.length, PROJECTS_CAROUSEL_MS);
  const project = projects[rotation.index];
  return (
    <section aria-labelledby="projects-heading" aria-roledescription="carousel" className="bg-slate-50 py-20 dark:bg-slate-900">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <SectionHeading id="projects-heading" title="Latest Projects" intro="A few things we have shipped recently." />
        <article
          aria-roledescription="slide"
          aria-label={`${rotation.index + 1} of ${projects.length}`}
          className="grid items-center gap-8 rounded-2xl bg-white p-6 shadow-lg md:grid-cols-2 dark:bg-slate-800"
        >
          <img
            src={project.image}
            alt={`${project.title} project`}
            width={640}
            height={400}
            loading="lazy"
            className="aspect-[8/5] w-full rounded-xl"
          />
          <div aria-live={rotation.paused ? 'polite' : 'off'}>
            <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700 dark:text-indigo-300">
              {SERVICE_LABELS[project.category]}
            </p>
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

export default function ServicesPage() {
  const { hash, key } = useLocation();
  const [highlighted, setHighlighted] = useState<string | null>(null);

  // The card named by the hash is highlighted for a moment after the scroll (SPEC §2, /services).
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!serviceCards.some((service) => service.id === id)) return;
    setHighlighted(id);
    const timer = window.setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [hash, key]);

  return (
    <>
      <PageHero
        title="Our Services"
        tagline="Everything you need to design, build, launch and grow your digital products."
        crumbs={[{ label: 'Home', to: '/' }, { label: 'Services' }]}
      >
        <RotatingTitle />
      </PageHero>
      <ProjectsCarousel />
      <section aria-labelledby="services-heading" className="py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="services-heading" title="What We Offer" intro="Nine ways we help businesses grow." />
          <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {serviceCards.map((service) => (
              <article
                key={service.id}
                id={service.id}
                data-highlighted={highlighted === service.id ? 'true' : undefined}
                className={`flex scroll-mt-32 flex-col rounded-2xl border bg-white p-6 shadow-sm transition-shadow duration-500 dark:bg-slate-900 ${highlighted === service.id ? 'border-indigo-600 ring-4 ring-indigo-500 shadow-xl' : 'border-slate-200 dark:border-slate-700'}`}
              >
                <img
                  src={service.image}
                  alt=""
                  width={640}
                  height={400}
                  loading="lazy"
                  className="aspect-[8/5] w-full rounded-xl"
                />
                <h3 className="mt-5 text-xl font-semibold">{service.title}</h3>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{service.description}</p>
                <ul className="mt-4 flex-1 space-y-2">
                  {service.features.map((feature) => (
                    <li key={feature} className="flex items-start gap-2">
                      <LuCheck aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-indigo-700 dark:text-indigo-300" />
                      {feature}
                    </li>
                  ))}
                </ul>
                <Link
                  to="/#quote-form"
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
