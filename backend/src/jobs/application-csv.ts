import { APPLICATION_STATUS_LABELS } from '@brightwave/common';
import { ATTRIBUTION_CSV_HEADERS, attributionCells } from '../attribution/attribution';
import { csvDate, type CsvColumns } from '../common/csv';
import type { JobApplicationRow } from '../database/schema';

/** The applications' CSV export: what the Applications dialog shows of each (the resume stays a download), then the attribution. */
export const APPLICATION_CSV: CsvColumns<JobApplicationRow> = {
  headers: ['Name', 'Email', 'Phone', 'Experience', 'Portfolio', 'Cover Letter', 'Status', 'Received', ...ATTRIBUTION_CSV_HEADERS],
  cells: (application, timeZone) => [
    application.fullName,
    application.email,
    application.phone,
    application.experience,
    application.portfolio,
    application.coverLetter,
    APPLICATION_STATUS_LABELS[application.status] ?? application.status,
    csvDate(application.createdAt, timeZone),
    ...attributionCells(application),
  ],
};
