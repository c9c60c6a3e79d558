import { WORK_ITEM_LABELS } from '@brightwave/common';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { receivedColumn } from '../../components/columns';
import { DataTable } from '../../components/data-table';
import { ListShortcutsButton } from '../../components/list-shortcuts-help';
import { PageHeader } from '../../components/page-header';
import { badgeClasses } from '../../components/ui/status-badge';
import { cardClasses } from '../../components/ui/table';
import { logFailure } from '../../lib/api-error';
import { FollowUpSummary } from './work-badges';
import { statusBadgeOf, workItemPath } from './work-items';
import { useGetMyWorkQuery } from './workspace-api';

/** `/admin/my-work`: the open items the signed-in admin owns, overdue first, then by follow-up time, then newest. */
export function MyWorkPage() {
  const { data: items = [], isLoading, isFetching, isError, error, refetch } = useGetMyWorkQuery();

  useEffect(() => {
    if (isError) logFailure('my work fetch failed', error);
  }, [isError, error]);

  return (
    <>
      <PageHeader title="My work" actions={<ListShortcutsButton />}>
        <p className="mt-1 text-sm text-gray-700">The leads, contact messages and applications you own that are still open, overdue first.</p>
      </PageHeader>
      <section aria-label="My open items" className={cardClasses}>
        <DataTable
          caption="My open items"
          rows={items}
          isLoading={isLoading}
          isError={isError}
          isFetching={isFetching}
          onRetry={() => void refetch()}
          loadingLabel="Loading your work…"
          emptyText="Nothing to do: no open item is assigned to you."
          queue={{ pathOf: (item) => workItemPath(item.kind, item._id) }}
          columns={[
            { header: 'Kind', className: 'whitespace-nowrap', cell: (item) => WORK_ITEM_LABELS[item.kind] },
            {
              header: 'Name',
              className: 'font-medium',
              cell: (item) => (
                <Link to={workItemPath(item.kind, item._id)} className="text-blue-800 underline">
                  {item.name}
                </Link>
              ),
            },
            {
              header: 'Status',
              cell: (item) => {
                const { label, color } = statusBadgeOf(item.kind, item.status);
                return <span className={badgeClasses(color)}>{label}</span>;
              },
            },
            { header: 'Follow-up', className: 'whitespace-nowrap', cell: (item) => <FollowUpSummary followUpAt={item.followUpAt} overdue={item.overdue} /> },
            receivedColumn(),
          ]}
        />
      </section>
    </>
  );
}
