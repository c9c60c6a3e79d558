import {
  ADMIN_PAGE_SIZE,
  LEAD_STATUSES,
  LEAD_STATUS_COLORS,
  LEAD_STATUS_LABELS,
  SERVICE_LABELS,
  type Lead,
  type LeadStatus,
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
import { useGetLeadsQuery, useLazyGetLeadsQuery, useUpdateLeadStatusMutation } from './leads-api';

export function LeadsPage() {
  const params = useAppSelector((state) => selectTableParams(state, 'leads'));
  const { data, isLoading, isFetching, isError, error, refetch } = useGetLeadsQuery(listQueryOf(params, ADMIN_PAGE_SIZE));
  const [fetchAll, { isFetching: exporting }] = useLazyGetLeadsQuery();
  const [updateStatus, { isLoading: updating }] = useUpdateLeadStatusMutation();
  const [editing, setEditing] = useState<Lead | null>(null);

  // SPEC §8: a failed leads fetch is only logged.
  useEffect(() => {
    if (isError) logFailure('leads fetch failed', error);
  }, [isError, error]);

  async function onChoose(status: LeadStatus) {
    if (!editing) return;
    try {
      await updateStatus({ id: editing._id, status }).unwrap();
    } catch (failure) {
      logFailure('lead status update failed', failure);
    }
    setEditing(null);
  }

  function onExport(search: string) {
    return exportCsv({
      filename: 'leads.csv',
      headers: ['Name', 'Email', 'Service', 'Message', 'Status', 'Received'],
      what: 'leads',
      load: async () => {
        const answer = await fetchAll(filterQueryOf({ ...params, q: search })).unwrap();
        return answer.leads.map((lead) => [
          lead.name,
          lead.email,
          SERVICE_LABELS[lead.service] ?? lead.service,
          lead.message,
          LEAD_STATUS_LABELS[lead.status] ?? lead.status,
          formatDate(lead.createdAt),
        ]);
      },
    });
  }

  const leads = data?.leads ?? [];
  return (
    <>
      <PageHeader title="Leads" />
      <section aria-label="Leads" className={cardClasses}>
        <ListToolbar
          table="leads"
          noun="leads"
          statusOptions={optionsOf(LEAD_STATUSES, LEAD_STATUS_LABELS)}
          onExport={onExport}
          exporting={exporting}
        />
        <DataTable
          caption="Quote requests"
          rows={leads}
          isLoading={isLoading}
          isError={isError}
          isFetching={isFetching}
          onRetry={refetch}
          loadingLabel="Loading leads…"
          emptyText="No leads found."
          columns={[
            ...senderColumns<Lead>(),
            { header: 'Service', cell: (lead) => SERVICE_LABELS[lead.service] ?? lead.service },
            ...messageColumns<Lead>(),
            statusColumn({
              labels: LEAD_STATUS_LABELS,
              colors: LEAD_STATUS_COLORS,
              subject: (lead: Lead) => `the lead from ${lead.name}`,
              onEdit: setEditing,
            }),
          ]}
        />
        <TablePagination table="leads" label="Leads" total={data?.total} />
      </section>
      <StatusDialog
        open={editing !== null}
        title="Update Lead Status"
        subject={editing ? `Lead from ${editing.name}` : undefined}
        statuses={LEAD_STATUSES}
        labels={LEAD_STATUS_LABELS}
        colors={LEAD_STATUS_COLORS}
        current={editing?.status}
        busy={updating}
        onChoose={onChoose}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
