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
