import { DATE_FORMAT } from '@brightwave/common';
import { format } from 'date-fns';

/** Dates as 'MMM dd, yyyy' (SPEC §9). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, DATE_FORMAT);
}

/** Seconds as m:ss (SPEC §9, verification countdown). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function excerpt(text: string, length = 80): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}
