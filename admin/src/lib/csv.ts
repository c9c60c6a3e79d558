import { apiUrl } from '../app/config';
import { authorizationHeader } from '../features/auth/session';
import { filenameFromDisposition, UnauthorizedError } from './resume-download';

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

/** The admin's time zone, in which the server writes the file's dates (as the tables show them). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Fetches a CSV export the server makes (`…/export.csv` with the list's filters) with the admin's token: a plain
 * link could not send it. The server streams the file and records the export in the audit log.
 */
export async function fetchCsvExport(path: string, query: object): Promise<{ blob: Blob; filename: string }> {
  const params = new URLSearchParams(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
  const response = await fetch(apiUrl(`${path}?${params.toString()}`), { credentials: 'include', headers: authorizationHeader() });
  if (response.status === 401) throw new UnauthorizedError('Not authorized');
  if (!response.ok) throw new Error(`CSV export answered ${response.status}`);
  const blob = await response.blob();
  return { blob, filename: filenameFromDisposition(response.headers.get('Content-Disposition')) ?? 'export.csv' };
}
