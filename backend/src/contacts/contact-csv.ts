import { CONTACT_DEPARTMENT_LABELS, CONTACT_STATUS_LABELS } from '@brightwave/common';
import { ATTRIBUTION_CSV_HEADERS, attributionCells } from '../attribution/attribution';
import { csvDate, type CsvColumns } from '../common/csv';
import type { ContactRow } from '../database/schema';

/** The contact queries' CSV export: the columns the admin app has always exported, with their labels, then the attribution's. */
export const CONTACT_CSV: CsvColumns<ContactRow> = {
  headers: ['Name', 'Email', 'Phone', 'Department', 'Message', 'Status', 'Received', ...ATTRIBUTION_CSV_HEADERS],
  cells: (contact, timeZone) => [
    contact.name,
    contact.email,
    contact.phone,
    CONTACT_DEPARTMENT_LABELS[contact.department] ?? contact.department,
    contact.message,
    CONTACT_STATUS_LABELS[contact.status] ?? contact.status,
    csvDate(contact.createdAt, timeZone),
    ...attributionCells(contact),
  ],
};
