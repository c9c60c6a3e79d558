import { DATE_FORMAT, REPORT_PERIODS } from '@brightwave/common';
import { format } from 'date-fns';

/** Dates as 'MMM dd, yyyy' (SPEC §9). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, DATE_FORMAT);
}

/** Date and time to the minute, in the admin's time zone (when a message was sent or is tried next). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, `${DATE_FORMAT} HH:mm`);
}

/** The value of a datetime-local input showing this time in the admin's time zone; '' for none. */
export function dateTimeInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, "yyyy-MM-dd'T'HH:mm");
}

/** The time a datetime-local input's value stands for (the admin's time zone), as ISO; null when it is not one. */
export function isoOfDateTimeInput(value: string): string | null {
  // Without an offset, a date-time string is read in the local time zone: what the admin typed.
  const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/.test(value) ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

// The countdown lives apart from date-fns, so the verification page (loaded with the app) does not bring it in.
export { formatCountdown } from './countdown';

/** Each word capitalised, as the SPEC titles its dialogs ("Update Job Status"): "Update Contact Message Status". */
export function titleCased(words: string): string {
  return words.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
}

export function excerpt(text: string, length = 80): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}

/** The choices of a report's period (the dashboard's channels, the Analytics screen): "Last 30 days"… */
export const REPORT_PERIOD_OPTIONS = REPORT_PERIODS.map((days) => ({ value: String(days), label: `Last ${days} days` }));
