import { LEAD_STATUS_LABELS, SERVICE_LABELS } from '@brightwave/common';
import { ATTRIBUTION_CSV_HEADERS, attributionCells } from '../attribution/attribution';
import { csvDate, type CsvColumns } from '../common/csv';
import type { LeadRow } from '../database/schema';

/** The leads' CSV export: the columns the admin app has always exported, with their labels, then the attribution's. */
export const LEAD_CSV: CsvColumns<LeadRow> = {
  headers: ['Name', 'Email', 'Service', 'Message', 'Status', 'Received', ...ATTRIBUTION_CSV_HEADERS],
  cells: (lead, timeZone) => [
    lead.name,
    lead.email,
    SERVICE_LABELS[lead.service] ?? lead.service,
    lead.message,
    LEAD_STATUS_LABELS[lead.status] ?? lead.status,
    csvDate(lead.createdAt, timeZone),
    ...attributionCells(lead),
  ],
};
