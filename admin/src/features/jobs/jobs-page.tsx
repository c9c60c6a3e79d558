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
import { FiColumns, FiEdit2, FiPlus, FiTrash2, FiUsers } from 'react-icons/fi';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppSelector } from '../../app/hooks';
import { listQueryOf, selectTableParams } from '../../app/tables-slice';
import { statusColumn } from '../../components/columns';
import { DataTable } from '../../components/data-table';
import { ListToolbar } from '../../components/list-toolbar';
import { useTableAddress } from '../../components/use-table-address';
import { PageHeader } from '../../components/page-header';
import { TablePagination } from '../../components/table-pagination';
import { buttonClasses, iconButtonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { optionsOf } from '../../components/ui/fields';
import { IconButton } from '../../components/ui/icon-button';
import { StatusDialog } from '../../components/ui/status-dialog';
import { cardClasses } from '../../components/ui/table';
import { formatDate } from '../../lib/format';
import { ApplicationsDialog } from './applications-dialog';
import { JobFormDialog } from './job-form-dialog';
import { useDeleteJobMutation, useGetAdminJobsQuery, useUpdateJobStatusMutation } from './jobs-api';

type FormState = { open: false } | { open: true; job: Job | null };

/** Jobs Management (SPEC §2); its view (search, status, page) in the address. */
export function JobsPage() {
  const settingView = useTableAddress('jobs');
  return settingView ? null : <JobsScreen />;
}

function JobsScreen() {
  const params = useAppSelector((state) => selectTableParams(state, 'jobs'));
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
        <ListToolbar table="jobs" noun="jobs" searchPlaceholder="Title or description" statusOptions={optionsOf(JOB_STATUSES, JOB_STATUS_LABELS)} />
        <DataTable
          caption="Job postings"
          rows={jobs}
          isLoading={isLoading}
          isError={isError}
          isFetching={isFetching}
          onRetry={refetch}
          loadingLabel="Loading jobs…"
          emptyText="No jobs found."
          columns={[
            { header: 'Title', className: 'font-medium', cell: (job) => job.title },
            { header: 'Department', cell: (job) => JOB_DEPARTMENT_LABELS[job.department] ?? job.department },
            { header: 'Location', cell: (job) => JOB_LOCATION_LABELS[job.location] ?? job.location },
            { header: 'Type', cell: (job) => JOB_TYPE_LABELS[job.type] ?? job.type },
            statusColumn({
              labels: JOB_STATUS_LABELS,
              colors: JOB_STATUS_COLORS,
              subject: (job: Job) => job.title,
              onEdit: setStatusJob,
            }),
            { header: 'Posted', className: 'whitespace-nowrap', cell: (job) => formatDate(job.createdAt) },
            {
              header: 'Actions',
              cell: (job) => (
                <div className="flex gap-1">
                  <IconButton label="View Applications" icon={FiUsers} onClick={() => setApplicationsJob(job)} />
                  <IconButton label="Edit Job" icon={FiEdit2} onClick={() => setForm({ open: true, job })} />
                  <IconButton label="Delete Job" icon={FiTrash2} danger onClick={() => setToDelete(job)} />
                  {/* After the SPEC's three actions, which keep their order. */}
                  <Link to={`/jobs/${job._id}/pipeline`} aria-label={`Open the pipeline board of ${job.title}`} title="Pipeline" className={iconButtonClasses}>
                    <FiColumns aria-hidden="true" />
                  </Link>
                </div>
              ),
            },
          ]}
        />
        <TablePagination table="jobs" label="Jobs" total={data?.total} />
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
