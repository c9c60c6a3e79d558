import {
  ADMIN_PAGE_SIZE,
  JOB_DEPARTMENT_LABELS,
  JOB_LOCATION_LABELS,
  JOB_STATUSES,
  JOB_STATUS_COLORS,
  JOB_STATUS_LABELS,
  JOB_TYPE_LABELS,
  MESSAGES,
  type Job,
  type JobStatus,
} from '@brightwave/common';
import { useEffect, useState } from 'react';
import { FiEdit2, FiPlus, FiTrash2, FiUsers } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { listQueryOf, pageChanged, selectTableParams } from '../../app/tables-slice';
import { ListToolbar } from '../../components/list-toolbar';
import { PageHeader } from '../../components/page-header';
import { buttonClasses, iconButtonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState, LoadError, Loading } from '../../components/ui/feedback';
import { optionsOf } from '../../components/ui/fields';
import { Pagination } from '../../components/ui/pagination';
import { StatusBadgeButton } from '../../components/ui/status-badge';
import { StatusDialog } from '../../components/ui/status-dialog';
import { cardClasses, tableClasses, tdClasses, thClasses } from '../../components/ui/table';
import { formatDate } from '../../lib/format';
import { ApplicationsDialog } from './applications-dialog';
import { JobFormDialog } from './job-form-dialog';
import { useDeleteJobMutation, useGetAdminJobsQuery, useUpdateJobStatusMutation } from './jobs-api';

type FormState = { open: false } | { open: true; job: Job | null };

export function JobsPage() {
  const params = useAppSelector((state) => selectTableParams(state, 'jobs'));
  const dispatch = useAppDispatch();
  const { data, isLoading, isFetching, isError, refetch } = useGetAdminJobsQuery(listQueryOf(params, ADMIN_PAGE_SIZE));
  const [updateStatus, { isLoading: updatingStatus }] = useUpdateJobStatusMutation();
  const [deleteJob, { isLoading: deleting }] = useDeleteJobMutation();
  const [form, setForm] = useState<FormState>({ open: false });
  const [statusJob, setStatusJob] = useState<Job | null>(null);
  const [applicationsJob, setApplicationsJob] = useState<Job | null>(null);
  const [toDelete, setToDelete] = useState<Job | null>(null);

  useEffect(() => {
    if (isError) toast.error(MESSAGES.jobsListFailure);
  }, [isError]);

  async function onChooseStatus(status: JobStatus) {
    if (!statusJob) return;
    try {
      await updateStatus({ id: statusJob._id, status }).unwrap();
      toast.success(MESSAGES.jobStatusUpdated);
    } catch {
      toast.error(MESSAGES.jobStatusFailure);
    }
    setStatusJob(null);
  }

  async function onConfirmDelete() {
    if (!toDelete) return;
    try {
      await deleteJob(toDelete._id).unwrap();
      toast.success(MESSAGES.jobDeleted);
    } catch {
      toast.error(MESSAGES.jobDeleteFailure);
    }
    setToDelete(null);
  }

  const jobs = data?.jobs ?? [];
  return (
    <>
      <PageHeader
        title="Jobs Management"
        actions={
          <button type="button" className={buttonClasses('primary')} onClick={() => setForm({ open: true, job: null })}>
            <FiPlus aria-hidden="true" /> Post New Job
          </button>
        }
      />
      <section aria-label="Jobs" className={cardClasses}>
        <ListToolbar
          table="jobs"
          noun="jobs"
          searchPlaceholder="Title or description"
          statusOptions={optionsOf(JOB_STATUSES, JOB_STATUS_LABELS)}
        />
        {isLoading ? (
          <Loading label="Loading jobs…" />
        ) : isError && jobs.length === 0 ? (
          <LoadError onRetry={refetch} />
        ) : jobs.length === 0 ? (
          <EmptyState text="No jobs found." />
        ) : (
          <div className="overflow-x-auto" aria-busy={isFetching}>
            <table className={tableClasses}>
              <caption className="sr-only">Job postings</caption>
              <thead className="bg-gray-50">
                <tr>
                  <th scope="col" className={thClasses}>Title</th>
                  <th scope="col" className={thClasses}>Department</th>
                  <th scope="col" className={thClasses}>Location</th>
                  <th scope="col" className={thClasses}>Type</th>
                  <th scope="col" className={thClasses}>Status</th>
                  <th scope="col" className={thClasses}>Posted</th>
                  <th scope="col" className={thClasses}>Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {jobs.map((job) => (
                  <tr key={job._id}>
                    <td className={`${tdClasses} font-medium`}>{job.title}</td>
                    <td className={tdClasses}>{JOB_DEPARTMENT_LABELS[job.department] ?? job.department}</td>
                    <td className={tdClasses}>{JOB_LOCATION_LABELS[job.location] ?? job.location}</td>
                    <td className={tdClasses}>{JOB_TYPE_LABELS[job.type] ?? job.type}</td>
                    <td className={tdClasses}>
                      <StatusBadgeButton
                        label={JOB_STATUS_LABELS[job.status]}
                        color={JOB_STATUS_COLORS[job.status]}
                        accessibleName={`Status: ${JOB_STATUS_LABELS[job.status]}, change status of ${job.title}`}
                        onClick={() => setStatusJob(job)}
                      />
                    </td>
                    <td className={`${tdClasses} whitespace-nowrap`}>{formatDate(job.createdAt)}</td>
                    <td className={tdClasses}>
                      <div className="flex gap-1">
                        <button
                          type="button"
                          aria-label="View Applications"
                          title="View Applications"
                          className={iconButtonClasses}
                          onClick={() => setApplicationsJob(job)}
                        >
                          <FiUsers aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          aria-label="Edit Job"
                          title="Edit Job"
                          className={iconButtonClasses}
                          onClick={() => setForm({ open: true, job })}
                        >
                          <FiEdit2 aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          aria-label="Delete Job"
                          title="Delete Job"
                          className={`${iconButtonClasses} text-red-700 hover:bg-red-50`}
                          onClick={() => setToDelete(job)}
                        >
                          <FiTrash2 aria-hidden="true" />
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && data.total > 0 && (
          <Pagination
            label="Jobs"
            page={params.page}
            pageSize={ADMIN_PAGE_SIZE}
            total={data.total}
            onPageChange={(page) => dispatch(pageChanged({ table: 'jobs', page }))}
          />
        )}
      </section>
      <JobFormDialog open={form.open} job={form.open ? form.job : null} onClose={() => setForm({ open: false })} />
      <StatusDialog
        open={statusJob !== null}
        title="Update Job Status"
        subject={statusJob?.title}
        statuses={JOB_STATUSES}
        labels={JOB_STATUS_LABELS}
        colors={JOB_STATUS_COLORS}
        current={statusJob?.status}
        busy={updatingStatus}
        onChoose={onChooseStatus}
        onClose={() => setStatusJob(null)}
      />
      <ApplicationsDialog job={applicationsJob} onClose={() => setApplicationsJob(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Job"
        message={MESSAGES.jobDeleteConfirm}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={onConfirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
