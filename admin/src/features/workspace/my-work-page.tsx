import { MY_WORK_CALL_DAYS, takesCalls, WORK_ITEM_LABELS, type UpcomingCalls } from '@brightwave/common';
import { useEffect, useId } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { dueFilterChanged, selectTableParams, type DueFilter } from '../../app/tables-slice';
import { receivedColumn } from '../../components/columns';
import { DataTable } from '../../components/data-table';
import { ListShortcutsButton } from '../../components/list-shortcuts-help';
import { ListToolbar } from '../../components/list-toolbar';
import { PageHeader } from '../../components/page-header';
import { useTableAddress } from '../../components/use-table-address';
import { SelectField } from '../../components/ui/fields';
import { badgeClasses } from '../../components/ui/status-badge';
import { cardClasses } from '../../components/ui/table';
import { logFailure } from '../../lib/api-error';
import { useNow } from '../../lib/time-ago';
import { useGetAccountQuery } from '../account/account-api';
import { isDueToday } from './due-today';
import { UpcomingCallList } from './upcoming-calls';
import { FollowUpSummary } from './work-badges';
import { statusBadgeOf, workItemPath } from './work-items';
import { useGetMyWorkQuery } from './workspace-api';

const DUE_OPTIONS: { value: DueFilter; label: string }[] = [{ value: 'today', label: 'Today' }];

/**
 * `/admin/my-work`: the signed-in admin's upcoming calls (for the roles that take calls), then the open items they own,
 * overdue first, then by follow-up time, then newest. The search and the "due today" filter (in the address:
 * `?due=today`, the dashboard's "My follow-ups today") narrow the one list the server answers, in the browser: "today"
 * is the admin's day, in the browser's time zone.
 */
export function MyWorkPage() {
  const settingView = useTableAddress('work');
  return settingView ? null : <MyWorkScreen />;
}

/**
 * "Upcoming calls": the calls visitors booked with me from now to MY_WORK_CALL_DAYS ahead, the soonest first (at most
 * MY_WORK_CALLS_MAX, then how many more), from My work's own answer.
 */
function UpcomingCallsSection({ myCalls, isError }: { myCalls: UpcomingCalls | undefined; isError: boolean }) {
  return (
    <section aria-labelledby="upcoming-calls-heading" className={`${cardClasses} mb-6 p-5`}>
      <h2 id="upcoming-calls-heading" className="text-lg font-semibold text-gray-900">
        Upcoming calls
      </h2>
      {myCalls ? (
        myCalls.total === 0 ? (
          <p className="mt-2 text-sm text-gray-700">No calls booked with you in the next {MY_WORK_CALL_DAYS} days.</p>
        ) : (
          <UpcomingCallList myCalls={myCalls} className="mt-3" />
        )
      ) : (
        <p className="mt-2 text-sm text-gray-700">{isError ? 'Your calls could not be loaded.' : 'Loading your calls…'}</p>
      )}
    </section>
  );
}

function MyWorkScreen() {
  const { data, isLoading, isFetching, isError, error, refetch } = useGetMyWorkQuery();
  const items = data?.items ?? [];
  const role = useGetAccountQuery().data?.account.role;
  const params = useAppSelector((state) => selectTableParams(state, 'work'));
  const dispatch = useAppDispatch();
  const now = useNow();
  const dueHintId = useId();
  const search = params.q.trim().toLocaleLowerCase();
  const shown = items.filter((item) => (params.due !== 'today' || isDueToday(item, now)) && (!search || item.name.toLocaleLowerCase().includes(search)));
  const chips =
    params.due === 'today'
      ? [{ key: 'due', name: 'Follow-up due', value: 'Today', onRemove: () => dispatch(dueFilterChanged({ table: 'work', due: '' })) }]
      : [];

  useEffect(() => {
    if (isError) logFailure('my work fetch failed', error);
  }, [isError, error]);

  return (
    <>
      <PageHeader title="My work" actions={<ListShortcutsButton />}>
        <p className="mt-1 text-sm text-gray-700">The leads, contact messages and applications you own that are still open, overdue first.</p>
      </PageHeader>
      {role && takesCalls(role) && <UpcomingCallsSection myCalls={data?.myCalls} isError={isError} />}
      <section aria-label="My open items" className={cardClasses}>
        <ListToolbar table="work" noun="my work" searchPlaceholder="Name" sortable={false} chips={chips}>
          <div>
            <SelectField
              label="Follow-up due"
              value={params.due}
              placeholder="Any time"
              options={DUE_OPTIONS}
              aria-describedby={dueHintId}
              onChange={(event) => dispatch(dueFilterChanged({ table: 'work', due: event.target.value as DueFilter }))}
            />
            <p id={dueHintId} className="mt-1 text-xs text-gray-700">
              Today includes the overdue ones.
            </p>
          </div>
        </ListToolbar>
        <DataTable
          caption="My open items"
          rows={shown}
          isLoading={isLoading}
          isError={isError}
          isFetching={isFetching}
          onRetry={() => void refetch()}
          loadingLabel="Loading your work…"
          emptyText={
            items.length === 0
              ? 'Nothing to do: no open item is assigned to you.'
              : params.due === 'today'
                ? 'No follow-up of yours is due today.'
                : 'None of your open items matches.'
          }
          queue={{ pathOf: (item) => workItemPath(item.kind, item._id) }}
          columns={[
            { header: 'Kind', className: 'whitespace-nowrap', phone: 'field', cell: (item) => WORK_ITEM_LABELS[item.kind] },
            {
              header: 'Name',
              className: 'font-medium',
              phone: 'title',
              cell: (item) => (
                <Link to={workItemPath(item.kind, item._id)} className="text-blue-800 underline">
                  {item.name}
                </Link>
              ),
            },
            {
              header: 'Status',
              phone: 'field',
              cell: (item) => {
                const { label, color } = statusBadgeOf(item.kind, item.status);
                return <span className={badgeClasses(color)}>{label}</span>;
              },
            },
            {
              header: 'Follow-up',
              className: 'whitespace-nowrap',
              phone: 'labelled',
              cell: (item) => <FollowUpSummary followUpAt={item.followUpAt} overdue={item.overdue} />,
            },
            receivedColumn(),
          ]}
        />
      </section>
    </>
  );
}
