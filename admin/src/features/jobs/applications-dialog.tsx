import { skipToken } from '@reduxjs/toolkit/query';
import {
  APPLICATION_STATUSES,
  APPLICATION_STATUS_COLORS,
  APPLICATION_STATUS_LABELS,
  MESSAGES,
  type ApplicationStatus,
  type Job,
  type JobApplication,
} from '@brightwave/common';
import { useEffect, useId } from 'react';
import { FiDownload, FiExternalLink } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { ListStates } from '../../components/list-states';
import { buttonClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { badgeColorClasses } from '../../components/ui/status-badge';
import { formatDate } from '../../lib/format';
import { useCsvExport } from '../../lib/use-csv-export';
import { useGetApplicationsQuery, useUpdateApplicationStatusMutation } from './jobs-api';
import { useResumeDownload } from './use-resume-download';

export function ApplicationsDialog({ job, onClose }: { job: Job | null; onClose: () => void }) {
  const { data, isLoading, isError, refetch } = useGetApplicationsQuery(job ? job._id : skipToken);
  const { exporting, exportCsv } = useCsvExport('applications');

  useEffect(() => {
    if (isError) toast.error(MESSAGES.applicationsListFailure);
  }, [isError]);

  const applications = data?.applications ?? [];
  return (
    <Dialog open={job !== null} title={`Applications (${applications.length})`} onClose={onClose} size="xl">
      {job && (
        <div>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-gray-700">{job.title}</p>
            {applications.length > 0 && (
              // The server makes the file and records the export in the audit log.
              <button
                type="button"
                className={buttonClasses('secondary')}
                disabled={exporting}
                onClick={() => exportCsv('/api/jobs/applications/export.csv', { job: job._id })}
              >
                <FiDownload aria-hidden="true" /> Export CSV<span className="sr-only"> of the applications</span>
              </button>
            )}
          </div>
          <ListStates
            isLoading={isLoading}
            isError={isError}
            count={applications.length}
            onRetry={refetch}
            loadingLabel="Loading applications…"
            emptyText="No applications yet."
          >
            <ul className="space-y-4">
              {applications.map((application) => (
                <li key={application._id}>
                  <ApplicationCard application={application} jobId={job._id} />
                </li>
              ))}
            </ul>
          </ListStates>
        </div>
      )}
    </Dialog>
  );
}

function ApplicationCard({ application, jobId }: { application: JobApplication; jobId: string }) {
  const [updateStatus] = useUpdateApplicationStatusMutation();
  const { downloading, download } = useResumeDownload();
  const headingId = useId();
  const selectId = useId();

  async function onStatusChange(status: ApplicationStatus) {
    try {
      await updateStatus({ id: application._id, jobId, status }).unwrap();
      toast.success(MESSAGES.applicationStatusUpdated);
    } catch {
      toast.error(MESSAGES.applicationStatusFailure);
    }
  }

  async function onDownload() {
    if (application.resume) await download(application.resume, application.fullName);
  }

  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-base font-semibold text-gray-900">
            {application.fullName}
          </h3>
          <p className="text-xs text-gray-700">Received {formatDate(application.createdAt)}</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          {application.resume && (
            <button type="button" className={buttonClasses('secondary')} onClick={onDownload} disabled={downloading}>
              <FiDownload aria-hidden="true" /> Download Resume
              <span className="sr-only"> of {application.fullName}</span>
            </button>
          )}
          <div>
            <label htmlFor={selectId} className="mb-1 block text-xs font-medium text-gray-800">
              Status<span className="sr-only"> of {application.fullName}</span>
            </label>
            <select
              id={selectId}
              value={application.status}
              onChange={(event) => onStatusChange(event.target.value as ApplicationStatus)}
              className={`rounded-md border border-gray-400 px-3 py-2 text-sm font-semibold focus:outline-2 focus:outline-blue-600 ${badgeColorClasses(
                APPLICATION_STATUS_COLORS[application.status],
              )}`}
            >
              {APPLICATION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {APPLICATION_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-gray-700">Email</dt>
          <dd>
            <a className="break-all text-blue-800 underline" href={`mailto:${application.email}`}>
              {application.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">Phone</dt>
          <dd>{application.phone}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">Experience</dt>
          <dd>{application.experience}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">Portfolio</dt>
          <dd>
            {application.portfolio ? (
              <a
                className="inline-flex items-center gap-1 break-all text-blue-800 underline"
                href={application.portfolio}
                target="_blank"
                rel="noopener noreferrer"
              >
                {application.portfolio}
                <FiExternalLink aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-medium text-gray-700">Cover Letter</dt>
          <dd className="whitespace-pre-wrap break-words">{application.coverLetter || '—'}</dd>
        </div>
      </dl>
    </article>
  );
}
