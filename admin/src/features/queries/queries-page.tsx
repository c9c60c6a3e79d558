import {
  ADMIN_PAGE_SIZE,
  CONTACT_DEPARTMENT_LABELS,
  CONTACT_STATUSES,
  CONTACT_STATUS_COLORS,
  CONTACT_STATUS_LABELS,
  MESSAGES,
  type ContactQuery,
  type ContactStatus,
} from '@brightwave/common';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { filterQueryOf, listQueryOf, pageChanged, selectTableParams } from '../../app/tables-slice';
import { ListToolbar } from '../../components/list-toolbar';
import { MessageCell } from '../../components/message-cell';
import { PageHeader } from '../../components/page-header';
import { EmptyState, LoadError, Loading } from '../../components/ui/feedback';
import { optionsOf } from '../../components/ui/fields';
import { Pagination } from '../../components/ui/pagination';
import { StatusBadgeButton } from '../../components/ui/status-badge';
import { StatusDialog } from '../../components/ui/status-dialog';
import { cardClasses, tableClasses, tdClasses, thClasses } from '../../components/ui/table';
import { logFailure } from '../../lib/api-error';
import { saveCsv, toCsv } from '../../lib/csv';
import { formatDate } from '../../lib/format';
import { useGetContactsQuery, useLazyGetContactsQuery, useUpdateContactStatusMutation } from './queries-api';

export function QueriesPage() {
  const params = useAppSelector((state) => selectTableParams(state, 'queries'));
  const dispatch = useAppDispatch();
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

  async function onExport(search: string) {
    try {
      const answer = await fetchAll(filterQueryOf({ ...params, q: search })).unwrap();
      const rows = answer.contacts.map((contact) => [
        contact.name,
        contact.email,
        contact.phone ?? '',
        CONTACT_DEPARTMENT_LABELS[contact.department] ?? contact.department,
        contact.message,
        CONTACT_STATUS_LABELS[contact.status] ?? contact.status,
        formatDate(contact.createdAt),
      ]);
      saveCsv(
        'queries.csv',
        toCsv(['Name', 'Email', 'Phone', 'Department', 'Message', 'Status', 'Received'], rows),
      );
    } catch (failure) {
      logFailure('contact queries export failed', failure);
      toast.error(MESSAGES.csvExportFailure);
    }
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
        {isLoading ? (
          <Loading label="Loading queries…" />
        ) : isError && contacts.length === 0 ? (
          <LoadError onRetry={refetch} />
        ) : contacts.length === 0 ? (
          <EmptyState text="No queries found." />
        ) : (
          <div className="overflow-x-auto" aria-busy={isFetching}>
            <table className={tableClasses}>
              <caption className="sr-only">Contact messages</caption>
              <thead className="bg-gray-50">
                <tr>
                  <th scope="col" className={thClasses}>Name</th>
                  <th scope="col" className={thClasses}>Email</th>
                  <th scope="col" className={thClasses}>Phone</th>
                  <th scope="col" className={thClasses}>Department</th>
                  <th scope="col" className={thClasses}>Message</th>
                  <th scope="col" className={thClasses}>Received</th>
                  <th scope="col" className={thClasses}>Status</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {contacts.map((contact) => (
                  <tr key={contact._id}>
                    <td className={`${tdClasses} font-medium`}>{contact.name}</td>
                    <td className={tdClasses}>
                      <a className="text-blue-800 underline" href={`mailto:${contact.email}`}>
                        {contact.email}
                      </a>
                    </td>
                    <td className={`${tdClasses} whitespace-nowrap`}>
                      {contact.phone ? <a className="text-blue-800 underline" href={`tel:${contact.phone}`}>{contact.phone}</a> : '—'}
                    </td>
                    <td className={tdClasses}>{CONTACT_DEPARTMENT_LABELS[contact.department] ?? contact.department}</td>
                    <td className={tdClasses}>
                      <MessageCell message={contact.message} from={contact.name} />
                    </td>
                    <td className={`${tdClasses} whitespace-nowrap`}>{formatDate(contact.createdAt)}</td>
                    <td className={tdClasses}>
                      <StatusBadgeButton
                        label={CONTACT_STATUS_LABELS[contact.status]}
                        color={CONTACT_STATUS_COLORS[contact.status]}
                        accessibleName={`Status: ${CONTACT_STATUS_LABELS[contact.status]}, change status of the query from ${contact.name}`}
                        onClick={() => setEditing(contact)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && data.total > 0 && (
          <Pagination
            label="Queries"
            page={params.page}
            pageSize={ADMIN_PAGE_SIZE}
            total={data.total}
            onPageChange={(page) => dispatch(pageChanged({ table: 'queries', page }))}
          />
        )}
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
