import type { WorkFields } from '@brightwave/common';
import type { Column } from '../../components/data-table';
import { FollowUpSummary, OwnerName } from './work-badges';

/** Who owns the row's item. */
export function ownerColumn<Row extends Partial<WorkFields>>(): Column<Row> {
  return { header: 'Owner', phone: 'labelled', cell: (row) => <OwnerName owner={row.owner} /> };
}

/** When to follow up on the row's item, with the Overdue badge. */
export function followUpColumn<Row extends Partial<WorkFields>>(): Column<Row> {
  return {
    header: 'Follow-up',
    className: 'whitespace-nowrap',
    phone: 'labelled',
    cell: (row) => <FollowUpSummary followUpAt={row.followUpAt} overdue={row.overdue} />,
  };
}
