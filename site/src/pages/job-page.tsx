// /careers/<slug>: one job, rendered by the backend with the job in the HTML, or the closed page
// (answered 410). After a client-side navigation the job comes from the public list.
import {
  JOB_DEPARTMENT_LABELS,
  JOB_LOCATION_LABELS,
  JOB_TYPE_LABELS,
  SITE_MESSAGES,
  formatCalendarDate,
  jobPath,
  jobSlug,
  jobSlugId,
  slugIdOf,
  type Job,
} from '@brightwave/common';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { CareersListState } from '../components/job-card';
import { Link } from '../components/ui/link';
import { PageHero } from '../components/ui/page-hero';
import { Spinner } from '../components/ui/spinner';
import { apiRequest } from '../lib/api-client';
import { jsonLdText } from '../lib/json-ld';
import { jobPostingJsonLd } from '../lib/job-posting';
import { isFirstPage, usePageData } from '../lib/page-data';
import type { PageMeta } from '../lib/page-meta';
import { useSiteContent } from '../lib/content';

// The head of a job's page is the job's own (seo.ts, jobHeadMeta); this one is only its placeholder.
export const meta: PageMeta = {
  title: 'Open Position | Careers at Brightwave Technologies',
  description: 'An open position at Brightwave Technologies.',
};

const noSubscription = () => () => {};

const ApplyDialog = lazy(() => import('../components/apply-dialog'));

const linkButton = 'inline-block rounded-full bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800';

function ClosedJob() {
  return (
    <>
      <PageHero
        title="Position Closed"
        tagline="This position is no longer open."
        crumbs={[{ label: 'Home', to: '/' }, { label: 'Careers', to: '/careers' }, { label: 'Position Closed' }]}
      />
      <section className="py-20 text-center">
        <p className="text-lg text-slate-700 dark:text-slate-300">It has been filled or has closed. Our other positions are still open.</p>
        <p className="mt-6">
          <Link to="/careers" className={linkButton}>
            See open positions
          </Link>
        </p>
      </section>
    </>
  );
}

function JobDetails({ job, backTo }: { job: Job; backTo: string }) {
  const [applying, setApplying] = useState(false);
  const site = useSiteContent();
  const facts = [
    { label: 'Department', value: JOB_DEPARTMENT_LABELS[job.department] },
    { label: 'Location', value: JOB_LOCATION_LABELS[job.location] },
    { label: 'Type', value: JOB_TYPE_LABELS[job.type] },
    { label: 'Experience', value: job.experience },
    ...(job.closesAt ? [{ label: 'Apply by', value: formatCalendarDate(job.closesAt) }] : []),
  ];
  return (
    <>
      <PageHero title={job.title} crumbs={[{ label: 'Home', to: '/' }, { label: 'Careers', to: '/careers' }, { label: job.title }]} />
      <section aria-label="The position" className="py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <p>
            <Link to={backTo} className="font-semibold text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300">
              <span aria-hidden="true">← </span>Back to open positions
            </Link>
          </p>
          <dl className="mt-8 grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
            {facts.map((fact) => (
              <div key={fact.label}>
                <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{fact.label}</dt>
                <dd className="mt-1 font-semibold">{fact.value}</dd>
              </div>
            ))}
          </dl>
          <h2 className="mt-10 text-2xl font-semibold">About the role</h2>
          <p className="mt-4 whitespace-pre-line text-slate-700 dark:text-slate-300">{job.description}</p>
          {job.requirements.length > 0 && (
            <>
              <h2 className="mt-10 text-2xl font-semibold">Requirements</h2>
              <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
                {job.requirements.map((requirement, index) => (
                  <li key={index}>{requirement}</li>
                ))}
              </ul>
            </>
          )}
          {/* On phones the button stays at the foot of the window while the position is read, then settles at its
              end, so it covers nothing there: the page's one Apply button, sticky (decision 069). */}
          <p className="sticky bottom-0 z-10 -mx-4 mt-10 border-t border-slate-200 bg-white px-4 py-3 sm:-mx-6 sm:px-6 md:static md:mx-0 md:border-0 md:bg-transparent md:p-0 dark:border-slate-700 dark:bg-slate-950 md:dark:bg-transparent">
            <button
              type="button"
              onClick={() => setApplying(true)}
              className="w-full rounded-full bg-indigo-700 px-8 py-3 font-semibold text-white hover:bg-indigo-800 md:w-auto"
            >
              Apply Now
            </button>
          </p>
        </div>
      </section>
      {/* The only JobPosting of the site: Google reads postings from their own page, not from a list. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(jobPostingJsonLd(job, site)) }} />
      {applying && (
        <Suspense fallback={null}>
          <ApplyDialog job={job} onClose={() => setApplying(false)} />
        </Suspense>
      )}
    </>
  );
}

export default function JobPage() {
  // The route is /careers/:slug; the path's last segment is the slug (useParams would add to every route's script).
  const slug = useLocation().pathname.replace(/\/$/, '').split('/').pop() ?? '';
  // A fresh state per job: from one job's page to another's is a new page.
  return <JobOfSlug key={slug} slug={slug} />;
}

function JobOfSlug({ slug }: { slug: string }) {
  const data = usePageData();
  const site = useSiteContent();
  const navigate = useNavigate();
  const location = useLocation();
  // undefined: loading; null: closed. Page data counts only for the job it was rendered for (a closed job's page is
  // one for all of its addresses, so it names the job by its short id).
  const [job, setJob] = useState<Job | null | undefined>(() =>
    data.job && jobSlug(data.job) === slug ? data.job : data.jobClosed !== undefined && data.jobClosed === slugIdOf(slug) ? null : undefined,
  );
  // The list could not be loaded: the position may well be open, so the page says so and offers another try.
  const [loadFailed, setLoadFailed] = useState(false);
  const listState = location.state as CareersListState | null;
  // The list's filters only once hydrated: the server knows nothing of them (history state outlives a reload).
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const backTo = hydrated && listState?.careersSearch ? `/careers${listState.careersSearch}` : '/careers';

  useEffect(() => {
    if (job !== undefined || loadFailed) return;
    let active = true;
    const shortId = slugIdOf(slug);
    apiRequest('GET /api/jobs')
      .then((answer) => {
        if (!active) return;
        const found = shortId ? answer.jobs?.find((item) => jobSlugId(item._id) === shortId) : undefined;
        if (found && jobSlug(found) !== slug) void navigate(jobPath(found), { replace: true, state: listState });
        setJob(found ?? null);
      })
      .catch((error: unknown) => {
        console.error('The job failed to load', error);
        if (active) setLoadFailed(true);
      });
    return () => {
      active = false;
    };
  }, [job, loadFailed, slug, navigate, listState]);

  // The server wrote the head of the page it sent; after a navigation the job's head is written here, by code that
  // comes with the first navigation (the content loader's chunk).
  useEffect(() => {
    if (job === undefined || isFirstPage()) return;
    void import('../lib/job-head').then(({ applyJobHead }) => applyJobHead(job ?? undefined, site));
  }, [job, site]);

  if (job === undefined) {
    return (
      <>
        <PageHero
          title="Careers"
          crumbs={[
            { label: 'Home', to: '/' },
            { label: 'Careers', to: '/careers' },
          ]}
        />
        <section className="py-20 text-center">
          {loadFailed ? (
            <>
              <p role="alert" className="text-lg font-medium text-red-700 dark:text-red-300">
                {SITE_MESSAGES.jobLoadFailure}
              </p>
              <p className="mt-6">
                <button type="button" className={linkButton} onClick={() => setLoadFailed(false)}>
                  Try again
                </button>
              </p>
            </>
          ) : (
            <Spinner label="Loading the position" />
          )}
        </section>
      </>
    );
  }
  return job ? <JobDetails job={job} backTo={backTo} /> : <ClosedJob />;
}
