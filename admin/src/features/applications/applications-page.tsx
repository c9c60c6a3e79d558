import {
  ADMIN_PAGE_SIZE,
  APPLICATION_STATUSES,
  APPLICATION_STATUS_COLORS,
  APPLICATION_STATUS_LABELS,
  MESSAGES,
  type FormQuestion,
  type Job,
  type ListedApplication,
} from '@brightwave/common';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { answerQueryOf, knockedOutFilterChanged, listQueryOf, selectTableParams, workQueryOf } from '../../app/tables-slice';
import { receivedColumn } from '../../components/columns';
import { DataTable } from '../../components/data-table';
import { ListToolbar } from '../../components/list-toolbar';
import { useTableAddress } from '../../components/use-table-address';
import { PageHeader } from '../../components/page-header';
import { TablePagination } from '../../components/table-pagination';
import { optionsOf } from '../../components/ui/fields';
import { badgeClasses } from '../../components/ui/status-badge';
import { cardClasses } from '../../components/ui/table';
import { FollowUpSummary, OwnerName } from '../workspace/work-badges';
import { useGetAdminJobsQuery } from '../jobs/jobs-api';
import { AnswerFilters, useAnswerFilterChips, useWorkFilterChips, WorkFilters } from '../workspace/work-filters';
import { workItemPath } from '../workspace/work-items';
import { useGetAllApplicationsQuery } from './applications-api';

/**
 * Every job's applications in one queue, newest first: a recruiter's daily list (docs/decisions/074). Each opens on
 * its own page; its job's pipeline is a click away. Search, status, owner and overdue filters, and the follow-up
 * order, as the leads' list has them; the view in the address.
 */
export function ApplicationsPage() {
  const settingView = useTableAddress('applications');
  return settingView ? null : <ApplicationsScreen />;
}

/**
 * The questions of every job, each id once: the list is every job's, and the answer filter matches a question's id in
 * all of them (the first job's label, and every job's options).
 */
function everyJobsQuestions(jobs: Job[]): FormQuestion[] {
  const byId = new Map<string, FormQuestion>();
  for (const question of jobs.flatMap((job) => job.questions)) {
    const seen = byId.get(question.id);
    byId.set(question.id, seen ? { ...seen, options: [...new Set([...(seen.options ?? []), ...(question.options ?? [])])] } : question);
  }
  return [...byId.values()];
}

function ApplicationsScreen() {
  const params = useAppSelector((state) => selectTableParams(state, 'applications'));
  const dispatch = useAppDispatch();
  const { data, isLoading, isFetching, isError, refetch } = useGetAllApplicationsQuery({
    ...listQueryOf(params, ADMIN_PAGE_SIZE),
    ...workQueryOf(params),
    ...(params.knockedOut ? { knockedOut: true } : {}),
    ...answerQueryOf(params),
  });
  const questions = everyJobsQuestions(useGetAdminJobsQuery({}).data?.jobs ?? []);
  const workChips = [...useWorkFilterChips('applications', 'application'), ...useAnswerFilterChips('applications', questions)];
  const chips = params.knockedOut
    ? [
        ...workChips,
        {
          key: 'knockedOut',
          name: 'Knocked out',
          value: 'only',
          onRemove: () => dispatch(knockedOutFilterChanged({ table: 'applications', knockedOut: false })),
        },
      ]
    : workChips;

  useEffect(() => {
    if (isError) toast.error(MESSAGES.applicationsListFailure);
  }, [isError]);

  return (
    <>
      <PageHeader title="Applications">
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          Every job's applications, newest first. Open one (a click on its row) to change its status, owner or follow-up.
        </p>
      </PageHeader>
      <section aria-label="Applications" className={cardClasses}>
        <ListToolbar
          table="applications"
          noun="applications"
          searchPlaceholder="Name or e-mail"
          statusOptions={optionsOf(APPLICATION_STATUSES, APPLICATION_STATUS_LABELS)}
          followUpSort
          shortcuts
          chips={chips}
        >
          <WorkFilters table="applications" kind="application" />
          <label className="flex items-center gap-2 text-sm font-medium text-gray-800">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={params.knockedOut}
              onChange={(event) => dispatch(knockedOutFilterChanged({ table: 'applications', knockedOut: event.target.checked }))}
            />
            Knocked out only
          </label>
          <AnswerFilters table="applications" questions={questions} />
        </ListToolbar>
        <DataTable
          caption="Applications, newest first"
          rows={data?.applications ?? []}
          isLoading={isLoading}
          isError={isError}
          isFetching={isFetching}
          onRetry={refetch}
          loadingLabel="Loading applications…"
          emptyText="No applications match."
          queue={{ pathOf: (row) => workItemPath('application', row._id) }}
          columns={[
            {
              header: 'Applicant',
              className: 'font-medium',
              phone: 'title',
              cell: (row: ListedApplication) => (
                <Link to={workItemPath('application', row._id)} className="text-blue-800 underline">
                  {row.fullName}
                </Link>
              ),
            },
            { header: 'Email', className: 'break-all', cell: (row) => row.email },
            {
              header: 'Job',
              cell: (row) =>
                row.jobTitle ? (
                  <Link to={`/jobs/${row.job}/pipeline`} className="text-blue-800 underline">
                    {row.jobTitle}
                    <span className="sr-only"> (pipeline board)</span>
                  </Link>
                ) : (
                  '—'
                ),
            },
            {
              header: 'Status',
              phone: 'field',
              cell: (row) => <span className={badgeClasses(APPLICATION_STATUS_COLORS[row.status])}>{APPLICATION_STATUS_LABELS[row.status]}</span>,
            },
            { header: 'Owner', phone: 'labelled', cell: (row) => <OwnerName owner={row.owner} /> },
            { header: 'Follow-up', phone: 'labelled', cell: (row) => <FollowUpSummary followUpAt={row.followUpAt} overdue={row.overdue} /> },
            receivedColumn<ListedApplication>(),
          ]}
        />
        <TablePagination table="applications" label="Applications" total={data?.total} />
      </section>
    </>
  );
}
