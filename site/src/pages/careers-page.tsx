import {
  JOB_DEPARTMENT_LABELS,
  JOB_DEPARTMENTS,
  JOB_LOCATION_LABELS,
  JOB_LOCATIONS,
  JOB_TYPE_LABELS,
  JOB_TYPES,
  MESSAGES,
  type Job,
} from '@brightwave/common';
import { useEffect, useState } from 'react';
import { LuHeartHandshake, LuLightbulb, LuTrendingUp } from 'react-icons/lu';
import { notify } from '../lib/notify';
import { ApplyForm } from '../components/apply-form';
import { JobCard } from '../components/job-card';
import { ModalDialog } from '../components/ui/modal-dialog';
import { PageHero } from '../components/ui/page-hero';
import { SectionHeading } from '../components/ui/section';
import { SelectField } from '../components/ui/form-field';
import { Spinner } from '../components/ui/spinner';
import { apiRequest } from '../lib/api-client';
import { filterJobs, NO_JOB_FILTERS, type JobFilters } from '../lib/form-rules';
import { jobPostingJsonLd, jsonLdText } from '../lib/seo';
import { FeatureCard } from '../components/ui/feature-card';

const perks = [
  { title: 'Growth & Development', text: 'A yearly learning budget, mentoring and a clear path to your next role.', Icon: LuTrendingUp },
  { title: 'Innovation First', text: 'Time to explore new tools and ideas, and a team that ships them.', Icon: LuLightbulb },
  { title: 'Work-Life Balance', text: 'Flexible hours, remote-friendly teams and generous paid time off.', Icon: LuHeartHandshake },
];

function Filters({ filters, onChange }: { filters: JobFilters; onChange: (filters: JobFilters) => void }) {
  return (
    <div className="mb-10 grid gap-4 sm:grid-cols-3">
      <SelectField
        label="Department"
        required={false}
        value={filters.department}
        onChange={(event) => onChange({ ...filters, department: event.target.value as JobFilters['department'] })}
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
        onChange={(event) => onChange({ ...filters, location: event.target.value as JobFilters['location'] })}
      >
        <option value="">All Locations</option>
        {JOB_LOCATIONS.map((key) => (
          <option key={key} value={key}>
            {JOB_LOCATION_LABELS[key]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Type"
        required={false}
        value={filters.type}
        onChange={(event) => onChange({ ...filters, type: event.target.value as JobFilters['type'] })}
      >
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
  const [jobs, setJobs] = useState<Job[]>([]);
  const [loading, setLoading] = useState(true);
  const [filters, setFilters] = useState<JobFilters>(NO_JOB_FILTERS);
  const [applyingTo, setApplyingTo] = useState<Job | null>(null);

  useEffect(() => {
    let active = true;
    apiRequest<{ jobs: Job[] }>('/api/jobs')
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
      <PageHero
        title="Join Our Team"
        tagline="Build products that matter with people who care about the craft."
        crumbs={[{ label: 'Home', to: '/' }, { label: 'Careers' }]}
      />
      <section aria-labelledby="why-join-heading" className="py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="why-join-heading" title="Why Join Us?" />
          <ul className="grid gap-6 md:grid-cols-3">
            {perks.map((item) => (
              <FeatureCard key={item.title} {...item} centered />
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
              <Filters filters={filters} onChange={setFilters} />
              {visibleJobs.length ? (
                <ul className="grid gap-8 lg:grid-cols-2">
                  {visibleJobs.map((job) => (
                    <li key={job._id} className="flex flex-col [&>article]:flex-1">
                      <JobCard job={job} onApply={() => setApplyingTo(job)} />
                    </li>
                  ))}
                </ul>
              ) : (
                <div className="py-10 text-center">
                  <p className="text-xl font-semibold">{MESSAGES.noPositions}</p>
                  <p className="mt-2 text-slate-600 dark:text-slate-300">{MESSAGES.noPositionsHint}</p>
                </div>
              )}
              {jobs.map((job) => (
                <script key={job._id} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(jobPostingJsonLd(job)) }} />
              ))}
            </>
          )}
        </div>
      </section>
      {applyingTo && (
        <ModalDialog title={`Apply for ${applyingTo.title}`} onClose={() => setApplyingTo(null)}>
          <ApplyForm
            job={applyingTo}
            onSubmitted={() => {
              setApplyingTo(null);
              notify('success', MESSAGES.applicationSuccess);
            }}
          />
        </ModalDialog>
      )}
    </>
  );
}
