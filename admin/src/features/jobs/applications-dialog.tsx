import { skipToken } from '@reduxjs/toolkit/query';
import { MESSAGES, type Job, type JobApplication } from '@brightwave/common';
import { useEffect, useId, useState } from 'react';
import { FiDownload, FiExternalLink } from 'react-icons/fi';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ListStates } from '../../components/list-states';
import { RejectionMailOffer } from '../hiring/rejection-mail-offer';
import { buttonClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { formatDate } from '../../lib/format';
import { useCsvExport } from '../../lib/use-csv-export';
import { FollowUpSummary, OwnerName } from '../workspace/work-badges';
import { channelOf, workItemPath } from '../workspace/work-items';
import { ApplicationStatusSelect } from './application-status-select';
import { useGetApplicationsQuery } from './jobs-api';
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
            <div>
              <p className="text-sm text-gray-700">{job.title}</p>
              <Link to={`/jobs/${job._id}/pipeline`} className="text-sm font-medium text-blue-800 underline">
                Open the pipeline board
              </Link>
            </div>
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
                  <ApplicationCard application={application} />
                </li>
              ))}
            </ul>
          </ListStates>
        </div>
      )}
    </Dialog>
  );
}

function ApplicationCard({ application }: { application: JobApplication }) {
  const { downloading, download } = useResumeDownload();
  const headingId = useId();
  const [offerRejectionMail, setOfferRejectionMail] = useState(false);

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
          <Link to={workItemPath('application', application._id)} className="mt-1 inline-block text-sm font-medium text-blue-800 underline">
            Open<span className="sr-only"> the application of {application.fullName}</span>
          </Link>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          {application.resume && (
            <button type="button" className={buttonClasses('secondary')} onClick={onDownload} disabled={downloading}>
              <FiDownload aria-hidden="true" /> Download Resume
              <span className="sr-only"> of {application.fullName}</span>
            </button>
          )}
          <ApplicationStatusSelect application={application} onChanged={(status) => setOfferRejectionMail(status === 'rejected')} />
        </div>
      </div>
      {offerRejectionMail && <RejectionMailOffer application={application} onDone={() => setOfferRejectionMail(false)} />}
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-gray-700">Owner</dt>
          <dd>
            <OwnerName owner={application.owner} />
          </dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">Follow-up</dt>
          <dd>
            <FollowUpSummary followUpAt={application.followUpAt} overdue={application.overdue} />
          </dd>
        </div>
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
          <dt className="font-medium text-gray-700">Source</dt>
          <dd className="break-words">{channelOf(application.attribution)}</dd>
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
