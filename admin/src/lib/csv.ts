import { MESSAGES } from '@brightwave/common';
import { toast } from 'react-toastify';
import { logFailure } from './api-error';

/** One CSV cell: quoted, quotes doubled, and a leading formula character neutralised for spreadsheets. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(headers: string[], rows: unknown[][]): string {
  return [headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Saves a Blob under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the download start before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function saveCsv(filename: string, csv: string): void {
  // BOM so spreadsheet programs read the file as UTF-8.
  saveBlob(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), filename);
}

interface ExportCsvOptions {
  filename: string;
  headers: string[];
  /** Fetches every row of the export. */
  load: () => Promise<unknown[][]>;
  /** What is exported, for the log line of a failure. */
  what: string;
}

/** Saves a list export as CSV; SPEC §8: a failed export is logged and toasted. */
export async function exportCsv({ filename, headers, load, what }: ExportCsvOptions): Promise<void> {
  try {
    const rows = await load();
    saveCsv(filename, toCsv(headers, rows));
  } catch (failure) {
    logFailure(`${what} export failed`, failure);
    toast.error(MESSAGES.csvExportFailure);
  }
}
