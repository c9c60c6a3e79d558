import { JOB_DEPARTMENT_LABELS, JOB_LOCATION_LABELS, jobPath, jobTypeDisplay, type Job, type PageBlockOf } from '@brightwave/common';
import { useId } from 'react';
import { usePageData } from '../../lib/page-data';
import { SectionHeading } from '../ui/section';

/** Whether a job is of the department an editor wrote: its name or its key, in any case. */
function inDepartment(job: Job, department: string): boolean {
  const wanted = department.trim().toLowerCase();
  return wanted === job.department || wanted === (JOB_DEPARTMENT_LABELS[job.department] ?? '').toLowerCase();
}

const linkClass = 'font-semibold text-indigo-700 underline underline-offset-4 dark:text-indigo-300';

/** The open jobs (the page data's), of one department when the block names one, each linking to its page. */
export function OpenPositionsBlock({ block }: { block: PageBlockOf<'openPositions'> }) {
  const headingId = useId();
  // Under the block's heading, or in its place (headings go down one level at a time).
  const JobHeading = block.heading ? 'h3' : 'h2';
  const jobs = (usePageData().jobs ?? []).filter((job) => !block.department.trim() || inDepartment(job, block.department));
  return (
    <section aria-labelledby={block.heading ? headingId : undefined} className="bg-slate-50 py-20 dark:bg-slate-900">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        {block.heading && <SectionHeading id={headingId} title={block.heading} />}
        {jobs.length > 0 ? (
          <ul className="grid gap-4 md:grid-cols-2">
            {jobs.map((job) => (
              <li key={job._id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-800">
                <JobHeading className="text-xl font-semibold">
                  <a href={jobPath(job)} className="underline-offset-4 hover:text-indigo-700 hover:underline dark:hover:text-indigo-300">
                    {job.title}
                  </a>
                </JobHeading>
                <p className="mt-2 text-slate-700 capitalize dark:text-slate-300">
                  {JOB_DEPARTMENT_LABELS[job.department] ?? job.department} · {JOB_LOCATION_LABELS[job.location] ?? job.location} · {jobTypeDisplay(job.type)}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-center text-lg text-slate-700 dark:text-slate-300">
            No positions are open at the moment.{' '}
            <a href="/careers" className={linkClass}>
              See our careers page
            </a>
          </p>
        )}
      </div>
    </section>
  );
}
