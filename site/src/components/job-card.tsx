import { JOB_DEPARTMENT_LABELS, JOB_LOCATION_LABELS, formatCalendarDate, jobPath, jobTypeDisplay, type Job } from '@brightwave/common';
import { useId } from 'react';
import { textSummary } from '../lib/text-summary';
import { LuClock, LuMapPin } from './ui/icons';
import { Link } from './ui/link';
import { lucideIcon } from './ui/icons';

const LuBriefcase = lucideIcon([
  ['path', { d: 'M16 20V4a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v16' }],
  ['rect', { width: '20', height: '14', x: '2', y: '6', rx: '2' }],
]);
const LuUsers = lucideIcon([
  ['path', { d: 'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2' }],
  ['circle', { cx: '9', cy: '7', r: '4' }],
  ['path', { d: 'M22 21v-2a4 4 0 0 0-3-3.87' }],
  ['path', { d: 'M16 3.13a4 4 0 0 1 0 7.75' }],
]);

// A card is a glance (decision 069): the description's beginning and the first requirements; the job's page has all.
const SUMMARY_LENGTH = 160;
const REQUIREMENTS_SHOWN = 3;

/** What the careers list passes to a job's page: its query string (the filters), for the way back. */
export interface CareersListState {
  careersSearch?: string;
}

/** A job of the careers list; its title links to the job's own page, which gets the list's filters for the way back. */
export function JobCard({ job, onApply, listState }: { job: Job; onApply: () => void; listState: CareersListState }) {
  const titleId = useId();
  const { requirements } = job;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <h3 id={titleId} className="text-xl font-semibold">
        <Link to={jobPath(job)} state={listState} className="underline-offset-4 hover:text-indigo-700 hover:underline dark:hover:text-indigo-300">
          {job.title}
        </Link>
      </h3>
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700 dark:text-slate-300">
        <li className="flex items-center gap-1.5">
          <LuUsers aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">Department: </span>
          {JOB_DEPARTMENT_LABELS[job.department] ?? job.department}
        </li>
        <li className="flex items-center gap-1.5">
          <LuMapPin aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">Location: </span>
          {JOB_LOCATION_LABELS[job.location] ?? job.location}
        </li>
        <li className="flex items-center gap-1.5">
          <LuBriefcase aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">Type: </span>
          <span className="capitalize">{jobTypeDisplay(job.type)}</span>
        </li>
        <li className="flex items-center gap-1.5">
          <LuClock aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">Experience: </span>
          {job.experience}
        </li>
      </ul>
      <p className="mt-4 text-slate-700 dark:text-slate-300">{textSummary(job.description, SUMMARY_LENGTH)}</p>
      {requirements.length > 0 && (
        <>
          <h4 className="mt-4 font-semibold">Requirements</h4>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
            {requirements.slice(0, REQUIREMENTS_SHOWN).map((requirement, index) => (
              <li key={index}>{requirement}</li>
            ))}
          </ul>
          {requirements.length > REQUIREMENTS_SHOWN && (
            <p className="mt-2">
              <Link
                to={jobPath(job)}
                state={listState}
                aria-describedby={titleId}
                className="text-sm font-semibold text-indigo-700 underline underline-offset-4 dark:text-indigo-300"
              >
                All {requirements.length} requirements
              </Link>
            </p>
          )}
        </>
      )}
      <div className="mt-6 flex flex-1 flex-wrap items-end gap-x-4 gap-y-2">
        <button
          type="button"
          onClick={onApply}
          aria-describedby={titleId}
          className="rounded-full bg-indigo-700 px-6 py-2 font-semibold text-white hover:bg-indigo-800"
        >
          Apply Now
        </button>
        {job.closesAt && <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Apply by {formatCalendarDate(job.closesAt)}</p>}
      </div>
    </article>
  );
}
