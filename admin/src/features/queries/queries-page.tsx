import {
  ADMIN_PAGE_SIZE,
  CONTACT_DEPARTMENT_LABELS,
  CONTACT_STATUSES,
  CONTACT_STATUS_COLORS,
  CONTACT_STATUS_LABELS,
  type ContactQuery,
  type ContactStatus,
} from '@brightwave/common';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { filterQueryOf, listQueryOf, selectTableParams } from '../../app/tables-slice';
import { messageColumns, senderColumns, statusColumn } from '../../components/columns';
import { DataTable } from '../../components/data-table';
import { ListToolbar } from '../../components/list-toolbar';
import { PageHeader } from '../../components/page-header';
import { TablePagination } from '../../components/table-pagination';
import { optionsOf } from '../../components/ui/fields';
import { StatusDialog } from '../../components/ui/status-dialog';
import { cardClasses } from '../../components/ui/table';
import { logFailure } from '../../lib/api-error';
import { exportCsv } from '../../lib/csv';
import { formatDate } from '../../lib/format';
import { useGetContactsQuery, useLazyGetContactsQuery, useUpdateContactStatusMutation } from './queries-api';

export function QueriesPage() {
  const params = useAppSelector((state) => selectTableParams(state, 'queries'));
  const { data, isLoading, isFetching, isError, error, refetch } = useGetContactsQuery(
    listQueryOf(params, ADMIN_PAGE_SIZE),
  );
  const [fetchAll, { isFetching: exporting }] = useLazyGetContactsQuery();
  const [updateStatus, { isLoading: updating }] = useUpdateContactStatusMutation();
  const [editing, setEditing] = useState<ContactQuery | null>(null);

  // SPEC §8: a failed queries fetch is only logged.
  useEffect(() => {
    if (isError) logFailure('contact queries fetch failed', error);
  }, [isError, error]);

  async function onChoose(status: ContactStatus) {
    if (!editing) return;
    try {
      await updateStatus({ id: editing._id, status }).unwrap();
    } catch (failure) {
      logFailure('contact query status update failed', failure);
    }
    setEditing(null);
  }

  function onExport(search: string) {
    return exportCsv({
      filename: 'queries.csv',
      headers: ['Name', 'Email', 'Phone', 'Department', 'Message', 'Status', 'Received'],
      what: 'contact queries',
      load: async () => {
        const answer = await fetchAll(filterQueryOf({ ...params, q: search })).unwrap();
        return answer.contacts.map((contact) => [
          contact.name,
          contact.email,
          contact.phone ?? '',
          CONTACT_DEPARTMENT_LABELS[contact.department] ?? contact.department,
          contact.message,
          CONTACT_STATUS_LABELS[contact.status] ?? contact.status,
          formatDate(contact.createdAt),
        ]);
      },
    });
  }

  const contacts = data?.contacts ?? [];
  return (
    <>
      <PageHeader title="Contact Queries" />
      <section aria-label="Contact queries" className={cardClasses}>
        <ListToolbar
          table="queries"
          noun="queries"
          statusOptions={optionsOf(CONTACT_STATUSES, CONTACT_STATUS_LABELS)}
          onExport={onExport}
          exporting={exporting}
        />
        <DataTable
          caption="Contact messages"
          rows={contacts}
          isLoading={isLoading}
          isError={isError}
          isFetching={isFetching}
          onRetry={refetch}
          loadingLabel="Loading queries…"
          emptyText="No queries found."
          columns={[
            ...senderColumns<ContactQuery>(),
            {
              header: 'Phone',
              className: 'whitespace-nowrap',
              cell: (contact) =>
                contact.phone ? <a className="text-blue-800 underline" href={`tel:${contact.phone}`}>{contact.phone}</a> : '—',
            },
            {
              header: 'Department',
              cell: (contact) => CONTACT_DEPARTMENT_LABELS[contact.department] ?? contact.department,
            },
            ...messageColumns<ContactQuery>(),
            statusColumn({
              labels: CONTACT_STATUS_LABELS,
              colors: CONTACT_STATUS_COLORS,
              subject: (contact: ContactQuery) => `the query from ${contact.name}`,
              onEdit: setEditing,
            }),
          ]}
        />
        <TablePagination table="queries" label="Queries" total={data?.total} />
      </section>
      <StatusDialog
        open={editing !== null}
        title="Update Query Status"
        subject={editing ? `Query from ${editing.name}` : undefined}
        statuses={CONTACT_STATUSES}
        labels={CONTACT_STATUS_LABELS}
        colors={CONTACT_STATUS_COLORS}
        current={editing?.status}
        busy={updating}
        onChoose={onChoose}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
