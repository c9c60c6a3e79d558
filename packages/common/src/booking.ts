// Booking a call (docs/features/booking.md): a staff member's availability, and the slots a visitor picks from.
import type { AdminRole } from './roles';
import { itemKindsFor } from './workspace';

/** A weekly working window in the staff member's own time zone: `day` 0 is Sunday, times are 'HH:MM' (24 h). */
export interface WeeklyWindow {
  day: number;
  start: string;
  end: string;
}

/** What `GET/PUT /api/admin/me/availability` carry. `busyCalendarUrl` is write-only in practice: see AvailabilityView. */
export interface Availability {
  /** An IANA time zone, e.g. 'Europe/London'. */
  timeZone: string;
  weekly: WeeklyWindow[];
  meetingMinutes: number;
  bufferMinutes: number;
  minNoticeHours: number;
  maxDaysAhead: number;
  /** A private calendar feed (ICS) address to read busy times from; stored encrypted, never shown to anyone. */
  busyCalendarUrl?: string | null;
}

/**
 * Availability as the API answers it: the feed's address is never sent back (it is a secret of its owner's calendar),
 * only whether one is set, and why it could not be read the last time it was (null: it could, or it was not read yet).
 */
export type AvailabilityView = Omit<Availability, 'busyCalendarUrl'> & { hasBusyCalendar: boolean; busyCalendarProblem: string | null };

/** Whether admins of this role take calls: the roles that own items (leads, contact messages, applications). */
export function takesCalls(role: AdminRole): boolean {
  return itemKindsFor(role).length > 0;
}

/** Whether visitors can book a call with the admin: active, of a role that takes calls, with at least one weekly window. */
export function isBookable(admin: { disabled: boolean; role: AdminRole; hasWorkingHours: boolean }): boolean {
  return !admin.disabled && takesCalls(admin.role) && admin.hasWorkingHours;
}

/** Why the Admins screen's admin cannot be booked (the first rule of isBookable they break); null when they can. */
export function notBookableReason(admin: { bookable: boolean; disabled: boolean; role: AdminRole }): string | null {
  if (admin.bookable) return null;
  if (admin.disabled) return 'Account disabled';
  if (!takesCalls(admin.role)) return 'This role takes no calls';
  return 'No working hours set';
}

/** The numeric settings' ranges (inclusive), shared by the API's checks and the admin's fields. */
export const AVAILABILITY_LIMITS = {
  meetingMinutes: { min: 15, max: 120 },
  bufferMinutes: { min: 0, max: 120 },
  minNoticeHours: { min: 0, max: 168 },
  maxDaysAhead: { min: 1, max: 365 },
} as const;

/** At most this many weekly windows (a few a day is plenty). */
export const MAX_WEEKLY_WINDOWS = 28;

/** A staff member's availability before they set it: weekdays 9 to 5 in UTC, half-hour calls, a day's notice. */
export const DEFAULT_AVAILABILITY: Omit<Availability, 'weekly' | 'busyCalendarUrl'> = {
  timeZone: 'UTC',
  meetingMinutes: 30,
  bufferMinutes: 0,
  minNoticeHours: 24,
  maxDaysAhead: 30,
};

/** A bookable slot as the API answers it: UTC ISO times. */
export interface BookingSlot {
  start: string;
  end: string;
}

/** The busy feed is read at most this often (per feed). */
export const BUSY_FEED_REFRESH_SECONDS = 300;

/** A slot list covers at most this many days a request. */
export const MAX_SLOT_VIEW_DAYS = 14;

/** What the admin's My availability screen says. */
export const AVAILABILITY_MESSAGES = {
  saved: 'Your availability is saved',
  saveFailure: 'Failed to save your availability',
  loadFailure: 'Failed to load your availability',
} as const;
