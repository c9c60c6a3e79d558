import { Readable } from 'node:stream';

export type CsvValue = string | number | boolean | null | undefined;

/** The content type of every CSV export. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
/** Spreadsheet programs read a file that starts with the byte order mark as UTF-8 (Excel would guess otherwise). */
const BOM = '\uFEFF';
/** How many rows one query of an export reads: the memory an export holds, whatever the list's length. */
export const CSV_PAGE_SIZE = 500;

/**
 * One cell: always quoted, quotes doubled. A value that starts with `=`, `+`, `-`, `@`, a tab or a carriage return
 * is prefixed with `'`, so a spreadsheet shows it as text instead of running it as a formula (CSV injection: the
 * values come from the public forms).
 */
export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One line, ended by CRLF (RFC 4180). */
export function csvLine(cells: CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The parts of `date` in `timeZone` (an IANA name; validated at the edge). */
function partsIn(date: Date, timeZone: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, ...options }).formatToParts(date);
  return Object.fromEntries(parts.map((part) => [part.type, part.value]));
}

/** 'MMM dd, yyyy' (DATE_FORMAT, as the admin app shows dates) in `timeZone`: "Jan 05, 2026". */
export function csvDate(date: Date, timeZone: string): string {
  const { month, day, year } = partsIn(date, timeZone, { year: 'numeric', month: 'short', day: '2-digit' });
  return `${month} ${day}, ${year}`;
}

/** `<name>-YYYY-MM-DD.csv`, the day in `timeZone`: the name an export is downloaded as. */
export function csvFilename(name: string, now: Date, timeZone: string): string {
  const { year, month, day } = partsIn(now, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${name}-${year}-${month}-${day}.csv`;
}

/** What an export is made of. */
export interface CsvExportSpec<Row> {
  headers: string[];
  cells: (row: Row) => CsvValue[];
  /** The rows, a page at a time. */
  pages: AsyncIterator<Row[]>;
  /** Called once, when the last row was handed over or the stream was given up: how many rows were, and whether all. */
  onEnd: (rows: number, complete: boolean) => Promise<void>;
}

/**
 * The export as a stream: the BOM and the header line, then a chunk per page. The first page is read before this
 * answers, so a database failure at the start is still an error answer; after that, a failure or a client that goes
 * away ends the stream (the response is cut short, never passed off as complete) and `onEnd` is told what was sent.
 * A stream destroyed before it was read (a HEAD request) reads nothing more and records nothing.
 */
export async function csvStream<Row>(spec: CsvExportSpec<Row>): Promise<Readable> {
  const first = await spec.pages.next();
  async function* chunks(): AsyncGenerator<string> {
    let rows = 0;
    let complete = false;
    try {
      let page = first;
      yield BOM + csvLine(spec.headers);
      while (!page.done) {
        yield page.value.map((row) => csvLine(spec.cells(row))).join('');
        rows += page.value.length;
        page = await spec.pages.next();
      }
      complete = true;
    } finally {
      await spec.pages.return?.();
      await spec.onEnd(rows, complete);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** A list's CSV export, ready to send: the list's name, the time zone of its dates, and its stream. */
export interface CsvFile {
  list: string;
  timeZone: string;
  stream: Readable;
}

/** A list's columns in its CSV export: the header line and one row's cells, dates written in `timeZone`. */
export interface CsvColumns<Row> {
  headers: string[];
  cells: (row: Row, timeZone: string) => CsvValue[];
}

/** The export of list `list`: its columns, its rows a page at a time, and who to tell when it ends. */
export async function csvExport<Row>(
  list: string,
  columns: CsvColumns<Row>,
  options: { timeZone?: string; pages: AsyncIterator<Row[]>; onEnd: (rows: number, complete: boolean) => Promise<void> },
): Promise<CsvFile> {
  const timeZone = options.timeZone ?? 'UTC';
  const stream = await csvStream({ headers: columns.headers, cells: (row: Row) => columns.cells(row, timeZone), pages: options.pages, onEnd: options.onEnd });
  return { list, timeZone, stream };
}
