import { statusLabelOf, type Attribution, type WorkItemKind } from '@brightwave/common';
import { ATTRIBUTION_CSV_HEADERS, attributionCells } from '../attribution/attribution';
import { csvDate, type CsvColumns, type CsvValue } from '../common/csv';
import type { ItemRowBase } from './item-kind';

/** One column of a kind's own in its CSV export: the header, and the cell of a row. */
export type OwnCsvColumn<Row> = [header: string, cell: (row: Row) => CsvValue];

/**
 * A kind's CSV export: the columns the admin app has always exported (the sender's name and address, the kind's own,
 * its status as a person reads it and when it was received), then the attribution's.
 */
export function itemCsv<Row extends ItemRowBase & Attribution>(kind: WorkItemKind, sender: (row: Row) => string, own: OwnCsvColumn<Row>[]): CsvColumns<Row> {
  return {
    headers: ['Name', 'Email', ...own.map(([header]) => header), 'Status', 'Received', ...ATTRIBUTION_CSV_HEADERS],
    cells: (row, timeZone) => [
      sender(row),
      row.email,
      ...own.map(([, cell]) => cell(row)),
      statusLabelOf(kind, row.status),
      csvDate(row.createdAt, timeZone),
      ...attributionCells(row),
    ],
  };
}
