import type { BadgeColor } from '@brightwave/common';
import { Link } from 'react-router-dom';
import type { Column } from './data-table';
import { MessageCell } from './message-cell';
import { ReceivedCell } from './received-cell';
import { StatusBadgeButton } from './ui/status-badge';

/** A message sent from the public site: a lead or a contact message. */
interface SentMessage {
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

/** Name (a link to the item's page, given `pageOf`) and e-mail (a mailto link) of whoever sent the message. */
export function senderColumns<Row extends SentMessage>(pageOf?: (row: Row) => string): Column<Row>[] {
  return [
    {
      header: 'Name',
      className: 'font-medium',
      phone: 'title',
      cell: (row) =>
        pageOf ? (
          <Link to={pageOf(row)} className="text-blue-800 underline">
            {row.name}
          </Link>
        ) : (
          row.name
        ),
    },
    {
      header: 'Email',
      cell: (row) => (
        <a className="text-blue-800 underline" href={`mailto:${row.email}`}>
          {row.email}
        </a>
      ),
    },
  ];
}

/** When the row's item arrived, as its age ("2 h ago"; the exact time on hover and for screen readers). */
export function receivedColumn<Row extends { createdAt: string }>(): Column<Row> {
  return { header: 'Received', className: 'whitespace-nowrap', phone: 'field', cell: (row) => <ReceivedCell iso={row.createdAt} /> };
}

/** The message (excerpt, full text on demand) and when it arrived. */
export function messageColumns<Row extends SentMessage>(): Column<Row>[] {
  return [{ header: 'Message', cell: (row) => <MessageCell message={row.message} from={row.name} /> }, receivedColumn<Row>()];
}

interface StatusColumnOptions<Row, S extends string> {
  labels: Record<S, string>;
  colors: Record<S, BadgeColor>;
  /** Ends the badge's accessible name "Status: <label>, change status of <subject>". */
  subject: (row: Row) => string;
  onEdit: (row: Row) => void;
}

/** The row's status as a badge that opens its status dialog. */
export function statusColumn<S extends string, Row extends { status: S }>({ labels, colors, subject, onEdit }: StatusColumnOptions<Row, S>): Column<Row> {
  return {
    header: 'Status',
    phone: 'field',
    cell: (row) => (
      <StatusBadgeButton
        label={labels[row.status]}
        color={colors[row.status]}
        accessibleName={`Status: ${labels[row.status]}, change status of ${subject(row)}`}
        onClick={() => onEdit(row)}
      />
    ),
  };
}
