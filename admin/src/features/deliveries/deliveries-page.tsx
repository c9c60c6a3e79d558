import {
  ADMIN_PAGE_SIZE,
  DELIVERY_STATUSES,
  DELIVERY_STATUS_COLORS,
  DELIVERY_STATUS_LABELS,
  DELIVERY_TOPIC_LABELS,
  MESSAGES,
  type Delivery,
} from '@brightwave/common';
import { useEffect } from 'react';
import { FiRefreshCw } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { useAppSelector } from '../../app/hooks';
import { listQueryOf, selectTableParams } from '../../app/tables-slice';
import { DataTable } from '../../components/data-table';
import { ListToolbar } from '../../components/list-toolbar';
import { PageHeader } from '../../components/page-header';
import { TablePagination } from '../../components/table-pagination';
import { buttonClasses } from '../../components/ui/button';
import { optionsOf } from '../../components/ui/fields';
import { badgeClasses } from '../../components/ui/status-badge';
import { cardClasses } from '../../components/ui/table';
import { errorMessage, logFailure } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useGetDeliveriesQuery, useRetryDeliveryMutation } from './deliveries-api';

const KIND_LABELS: Record<Delivery['kind'], string> = { mail: 'Mail', webhook: 'Webhook', chat: 'Chat' };

/** When the message went out, or what happens next. */
function progress(delivery: Delivery): string {
  if (delivery.status === 'sent' && delivery.sentAt) return `Sent ${formatDateTime(delivery.sentAt)}`;
  if (delivery.status === 'pending') return `Next try ${formatDateTime(delivery.nextAttemptAt)}`;
  // A scheduled candidate mail waits for its time, which is also its first try.
  if (delivery.status === 'scheduled') return `Scheduled for ${formatDateTime(delivery.sendAt ?? delivery.nextAttemptAt)}`;
  if (delivery.status === 'sending') return 'Being sent now';
  if (delivery.status === 'cancelled') return 'Cancelled before it was sent';
  return 'Given up: use Retry now once the cause is fixed';
}

/** Deliveries: every mail and webhook call the outbox holds, with Retry now for the failed ones. */
export function DeliveriesPage() {
  const params = useAppSelector((state) => selectTableParams(state, 'deliveries'));
  const { data, isLoading, isFetching, isError, error, refetch } = useGetDeliveriesQuery(listQueryOf(params, ADMIN_PAGE_SIZE));
  const [retry, { isLoading: retrying, originalArgs: retryingId }] = useRetryDeliveryMutation();

  useEffect(() => {
    if (isError) logFailure('deliveries fetch failed', error);
  }, [isError, error]);

  async function onRetry(delivery: Delivery) {
    try {
      toast.success((await retry(delivery._id).unwrap()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.deliveryRetryFailure));
    }
  }

  return (
    <>
      <PageHeader title="Deliveries">
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          Every staff notification, confirmation, candidate e-mail and webhook call the site sends. A message that cannot be sent is tried again for a day, then
          marked failed.
        </p>
      </PageHeader>
      <section aria-label="Deliveries" className={cardClasses}>
        <ListToolbar
          table="deliveries"
          noun="deliveries"
          searchPlaceholder="Recipient email or URL"
          statusOptions={optionsOf(DELIVERY_STATUSES, DELIVERY_STATUS_LABELS)}
        />
        <DataTable
          caption="Outgoing messages"
          rows={data?.deliveries ?? []}
          isLoading={isLoading}
          isError={isError}
          isFetching={isFetching}
          onRetry={refetch}
          loadingLabel="Loading deliveries…"
          emptyText="No messages found."
          columns={[
            { header: 'Message or event', className: 'font-medium', cell: (row) => DELIVERY_TOPIC_LABELS[row.topic] ?? row.topic },
            { header: 'Kind', cell: (row) => KIND_LABELS[row.kind] },
            {
              header: 'Recipient or URL',
              // One address per line (a staff route may hold several), never broken inside an address.
              cell: (row) =>
                row.kind !== 'mail' ? (
                  <span className="break-all">{row.recipient}</span>
                ) : (
                  <ul>
                    {row.recipient.split(/,\s*/).map((address) => (
                      <li key={address} className="whitespace-nowrap">
                        {address}
                      </li>
                    ))}
                  </ul>
                ),
            },
            {
              header: 'Status',
              cell: (row) => <span className={badgeClasses(DELIVERY_STATUS_COLORS[row.status])}>{DELIVERY_STATUS_LABELS[row.status]}</span>,
            },
            { header: 'Attempts', cell: (row) => row.attempts },
            { header: 'Last error', className: 'max-w-xs break-words text-gray-700', cell: (row) => row.lastError ?? '' },
            { header: 'Created', className: 'whitespace-nowrap', cell: (row) => formatDateTime(row.createdAt) },
            { header: 'Progress', cell: progress },
            {
              header: 'Actions',
              cell: (row) =>
                row.status === 'failed' ? (
                  <button
                    type="button"
                    className={buttonClasses('secondary', 'px-3 py-1')}
                    aria-label={`Retry now: ${DELIVERY_TOPIC_LABELS[row.topic] ?? row.topic} to ${row.recipient}`}
                    disabled={retrying && retryingId === row._id}
                    onClick={() => onRetry(row)}
                  >
                    <FiRefreshCw aria-hidden="true" /> Retry now
                  </button>
                ) : null,
            },
          ]}
        />
        <TablePagination table="deliveries" label="Deliveries" total={data?.total} />
      </section>
    </>
  );
}
