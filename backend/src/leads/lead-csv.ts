import { LEAD_STATUS_LABELS, SERVICE_LABELS } from '@brightwave/common';
import { csvDate, type CsvColumns } from '../common/csv';
import type { LeadRow } from '../database/schema';

/** The leads' CSV export: the columns the admin app has always exported, with their labels. */
export const LEAD_CSV: CsvColumns<LeadRow> = {
  headers: ['Name', 'Email', 'Service', 'Message', 'Status', 'Received'],
  cells: (lead, timeZone) => [
    lead.name,
    lead.email,
    SERVICE_LABELS[lead.service] ?? lead.service,
    lead.message,
    LEAD_STATUS_LABELS[lead.status] ?? lead.status,
    csvDate(lead.createdAt, timeZone),
  ],
};
