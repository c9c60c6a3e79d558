import { DATE_FORMAT } from '@brightwave/common';
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

// The countdown lives apart from date-fns, so the verification page (loaded with the app) does not bring it in.
export { formatCountdown } from './countdown';

export function excerpt(text: string, length = 80): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}
