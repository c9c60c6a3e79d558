import {
  JOB_DEPARTMENT_LABELS,
  JOB_DEPARTMENTS,
  JOB_LOCATION_LABELS,
  JOB_LOCATIONS,
  JOB_TYPE_LABELS,
  JOB_TYPES,
  required,
  SITE_MESSAGES,
  type Job,
  type SiteContentPages,
} from '@brightwave/common';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePageContent } from '../lib/content';
import { JobCard } from '../components/job-card';
import { PageHero } from '../components/ui/page-hero';
import { SectionHeading } from '../components/ui/section';
import { SelectField } from '../components/ui/form-field';
import { Spinner } from '../components/ui/spinner';
import { apiRequest } from '../lib/api-client';
import { filterJobs, type JobFilters } from '../lib/form-rules';
import { jobFiltersFromSearch, jobFiltersSearch } from '../lib/job-filters';
import { FeatureCard } from '../components/ui/feature-card';
import { lucideIcon } from '../components/ui/icons';
import type { PageMeta } from '../lib/page-meta';

/** The page's title and description are content (search and sharing); its job feeds are built by the backend. */
export const meta = (content: SiteContentPages): PageMeta => ({
  ...content.careers.seo,
  // Built by the backend from the open jobs (site/src/job-feeds.ts).
  alternates: [
    { type: 'application/xml', href: '/careers/feed.xml', title: 'Open positions (XML job feed)' },
    { type: 'application/feed+json', href: '/careers/feed.json', title: 'Open positions (JSON Feed)' },
  ],
});

const LuHeartHandshake = lucideIcon([
  ['path', { d: 'M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z' }],
  ['path', { d: 'M12 5 9.04 7.96a2.17 2.17 0 0 0 0 3.08c.82.82 2.13.85 3 .07l2.07-1.9a2.82 2.82 0 0 1 3.79 0l2.96 2.66' }],
  ['path', { d: 'm18 15-2-2' }],
  ['path', { d: 'm15 18-2-2' }],
]);
const LuLightbulb = lucideIcon([
  ['path', { d: 'M15 14c.2-1 .7-1.7 1.5-2.5 1-.9 1.5-2.2 1.5-3.5A6 6 0 0 0 6 8c0 1 .2 2.2 1.5 3.5.7.7 1.3 1.5 1.5 2.5' }],
  ['path', { d: 'M9 18h6' }],
  ['path', { d: 'M10 22h4' }],
]);
const LuTrendingUp = lucideIcon([
  ['polyline', { points: '22 7 13.5 15.5 8.5 10.5 2 17' }],
  ['polyline', { points: '16 7 22 7 22 13' }],
]);

// Not in the first view: the form (file reading, validation) loads when a visitor first presses 'Apply Now'.
const ApplyDialog = lazy(() => import('../components/apply-dialog'));

/** The icons of the reasons to join, by their place in the list (the content has at most as many). */
const PERK_ICONS = [LuTrendingUp, LuLightbulb, LuHeartHandshake];

function Filters({ filters, onChange }: { filters: JobFilters; onChange: (change: Partial<JobFilters>) => void }) {
  return (
    <div className="mb-10 grid gap-4 sm:grid-cols-3">
      <SelectField
        label="Department"
        required={false}
        value={filters.department}
        onChange={(event) => onChange({ department: event.target.value as JobFilters['department'] })}
      >
        <option value="">All Departments</option>
        {JOB_DEPARTMENTS.map((key) => (
          <option key={key} value={key}>
            {JOB_DEPARTMENT_LABELS[key]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Location"
        required={false}
        value={filters.location}
        onChange={(event) => onChange({ location: event.target.value as JobFilters['location'] })}
      >
        <option value="">All Locations</option>
        {JOB_LOCATIONS.map((key) => (
          <option key={key} value={key}>
            {JOB_LOCATION_LABELS[key]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Type" required={false} value={filters.type} onChange={(event) => onChange({ type: event.target.value as JobFilters['type'] })}>
        <option value="">All Types</option>
        {JOB_TYPES.map((key) => (
          <option key={key} value={key}>
            {JOB_TYPE_LABELS[key]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

export default function CareersPage() {
  const { hero, perks } = usePageContent('careers');
  const [jobs, setJobs] = useState<Job[]>([]);
  const [loading, setLoading] = useState(true);
  // The filters live in the query string: a job's page links back to the list as it was left.
  // (useLocation and useNavigate, not useSearchParams: those are in every route's script already.)
  const location = useLocation();
  const navigate = useNavigate();
  const filters = jobFiltersFromSearch(new URLSearchParams(location.search));
  // A change is merged into the address as it is now, not as this render saw it: a second filter changed before the
  // page shows the first (a quick hand, a slow phone) would otherwise put the first one back.
  const changeFilters = (change: Partial<JobFilters>) =>
    void navigate({ search: jobFiltersSearch({ ...jobFiltersFromSearch(new URLSearchParams(window.location.search)), ...change }) }, { replace: true });
  const careersSearch = jobFiltersSearch(filters);
  const [applyingTo, setApplyingTo] = useState<Job | null>(null);

  useEffect(() => {
    let active = true;
    apiRequest('GET /api/jobs')
      .then((answer) => active && setJobs(answer.jobs ?? []))
      // SPEC §8: a careers fetch failure is only logged; the list stays empty.
      .catch((error: unknown) => console.error('Jobs failed to load', error))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, []);

  const visibleJobs = filterJobs(jobs, filters);

  return (
    <>
      <PageHero title={hero.title} tagline={hero.tagline || undefined} crumbs={[{ label: 'Home', to: '/' }, { label: 'Careers' }]} />
      <section aria-labelledby="why-join-heading" className="py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="why-join-heading" title={perks.title} />
          <ul className="grid gap-6 md:grid-cols-3">
            {perks.items.map((item, index) => (
              <FeatureCard key={index} {...item} Icon={required(PERK_ICONS[index], 'the icon of a reason to join')} centered />
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="positions-heading" className="bg-slate-50 py-20 dark:bg-slate-900/60">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="positions-heading" title="Open Positions" />
          {loading ? (
            <Spinner label="Loading open positions" />
          ) : (
            <>
              <Filters filters={filters} onChange={changeFilters} />
              {visibleJobs.length ? (
                <ul className="grid gap-8 lg:grid-cols-2">
                  {visibleJobs.map((job) => (
                    <li key={job._id} className="flex flex-col [&>article]:flex-1">
                      <JobCard job={job} onApply={() => setApplyingTo(job)} listState={{ careersSearch }} />
                    </li>
                  ))}
                </ul>
              ) : (
                <div className="py-10 text-center">
                  <p className="text-xl font-semibold">{SITE_MESSAGES.noPositions}</p>
                  <p className="mt-2 text-slate-600 dark:text-slate-300">{SITE_MESSAGES.noPositionsHint}</p>
                </div>
              )}
            </>
          )}
        </div>
      </section>
      {applyingTo && (
        <Suspense fallback={null}>
          <ApplyDialog job={applyingTo} onClose={() => setApplyingTo(null)} />
        </Suspense>
      )}
    </>
  );
}
