// Booking a call (docs/features/booking.md): a staff member's availability, and the slots a visitor picks from.
import type { AdminRole } from './roles';
import type { ContactQuery, JobApplication, Lead } from './types';
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

/** Nobody takes calls further ahead than this many days (`maxDaysAhead`'s largest; the booking page pages no further). */
export const MAX_DAYS_AHEAD = 365;

/** The numeric settings' ranges (inclusive), shared by the API's checks and the admin's fields. */
export const AVAILABILITY_LIMITS = {
  meetingMinutes: { min: 15, max: 120 },
  bufferMinutes: { min: 0, max: 120 },
  minNoticeHours: { min: 0, max: 168 },
  maxDaysAhead: { min: 1, max: MAX_DAYS_AHEAD },
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

/** The kinds of items a visitor can book a call about, from the answer of the form they sent (applications come later). */
export const BOOKABLE_ITEM_KINDS = ['lead', 'contact'] as const;
export type BookableItemKind = (typeof BOOKABLE_ITEM_KINDS)[number];

/** A booking link works this many days after it was made (the form's answer makes it). */
export const BOOKING_LINK_DAYS = 14;

/** The site's booking page of a link: `/book/<token>`. */
export const BOOKING_PAGE_BASE = '/book/';

/** The booking page's path for a token. */
export function bookingPath(token: string): string {
  return `${BOOKING_PAGE_BASE}${token}`;
}

/**
 * The query parameter of the booking page's link to cancel the call (`/book/<token>?cancel=1`, in the visitor's mails):
 * the page then offers to cancel it, which `DELETE /api/booking/:token` does.
 */
export const BOOKING_CANCEL_PARAM = 'cancel';

/** The booking page's path for a token, opened to cancel its call. */
export function bookingCancelPath(token: string): string {
  return `${bookingPath(token)}?${BOOKING_CANCEL_PARAM}=1`;
}

/** A 409 (the slot was taken, or is not offered) offers at most this many free slots instead. */
export const BOOKING_ALTERNATIVE_SLOTS = 5;

/** What a quote or contact answer adds when the item's owner can be booked: the booking page, relative to the site. */
export interface BookingLink {
  url: string;
  /** The first name of the staff member the call would be with (the form's success state names them). */
  with: string;
}

/** A booked call as the booking page shows it: UTC ISO times; `with` is the staff member's first name. */
export interface BookedMeeting {
  _id: string;
  start: string;
  end: string;
  with: string;
}

/** `GET /api/booking/:token`: what the booking page needs before it asks for slots. */
/** What a booking link books: a call after a quote request or contact message, or a candidate's interview. */
export type BookedMeetingKind = 'call' | 'interview';

export interface BookingDetails {
  /** What the link books: its page says "Book a call" or "Book an interview". */
  kind: BookedMeetingKind;
  /** The first name of the staff member the call is with (an interview's: every interviewer's, "Ada and Bo"). */
  with: string;
  meetingMinutes: number;
  /** The staff member's IANA time zone. */
  timeZone: string;
  /** The item's booked call, or null: booking again moves it. */
  meeting: BookedMeeting | null;
}

/** `GET /api/booking/:token/slots`: UTC ISO instants; `from` defaults to now, `to` to MAX_SLOT_VIEW_DAYS after `from`. */
export interface BookingSlotsQuery {
  from?: string;
  to?: string;
}

/**
 * `POST /api/booking/:token`: the start of one of the offered slots (an ISO instant), and the IANA time zone the visitor
 * booked in (their mails show the call on its clock; left out, a new call's mails use the staff member's, a moved
 * call keeps the one given before).
 */
export interface BookingPayload {
  start: string;
  timeZone?: string;
}

/**
 * The `data` of the webhook events of a call (`meeting.booked`, `meeting.rescheduled`, `meeting.cancelled`): the call
 * as it was when the event happened, and the quote request, contact message or job application it was booked from as
 * `lead.created`, `contact.created` and `application.created` carry it (read when the call is made). An interview is
 * one event for all its interviewers.
 */
export interface MeetingWebhookData {
  /** The call's id, the same in every event of one call (its invitations' UID starts with it; an interview's: its first interviewer's call). */
  _id: string;
  itemKind: BookableItemKind | 'application';
  itemId: string;
  /** An interview's invitation (`application`); null for a call booked after a quote request or contact message. */
  interviewId: string | null;
  start: string;
  end: string;
  /** `meeting.rescheduled`: when the call started before it moved; null in the other events. */
  previousStart: string | null;
  /** The id of the staff member (admin) the call is with; an interview's first interviewer. */
  staffId: string;
  /** Every staff member the call is with: the one of `staffId`, or an interview's interviewers. */
  staffIds: string[];
  item: Lead | ContactQuery | JobApplication;
}

/** What the booking routes answer when they refuse, and the 400s of their fields. */
export const BOOKING_MESSAGES = {
  linkNotFound: 'This booking link is not valid. Please use the link from the page you saw after sending your message.',
  linkExpired: `This booking link has expired: links work for ${BOOKING_LINK_DAYS} days. Please write to us to arrange a call.`,
  itemGone: 'This booking link no longer works: the request it was for has been removed. Please write to us to arrange a call.',
  ownerUnavailable: 'Calls can no longer be booked with this link. Please write to us to arrange a call.',
  interviewWithdrawn: 'This interview invitation has been withdrawn. Please reply to the e-mail it came with if you have questions.',
  interviewersUnavailable: 'Times can no longer be booked with this invitation. Please reply to the e-mail it came with to arrange the interview.',
  slotTaken: 'That time is no longer free. Please choose another.',
  noCallToCancel: 'There is no call to cancel: none is booked with this link.',
  callOver: 'This call is already over, so it can no longer be cancelled.',
  timeZone: 'timeZone must be a time zone by its name, such as Europe/London',
  instant: (field: string) => `${field} must be a date and time with its offset, such as 2030-01-07T09:00:00Z`,
  toBeforeFrom: 'to must be after from',
  spanTooLong: `from and to must be at most ${MAX_SLOT_VIEW_DAYS} days apart`,
} as const;

/**
 * What the site's booking page (`/book/<token>`) is rendered with: the link's details, or why the page cannot offer
 * a call (the status it is answered with, and the message: BOOKING_MESSAGES' for a link that is not valid or no
 * longer works, the rate limit's, the service's).
 */
export type BookingPageData = { token: string; details: BookingDetails } | { refused: { status: 404 | 410 | 429 | 503; message: string } };

/**
 * What the site's booking page says (docs/features/booking.md, "The booking page"), for a call or an interview: the
 * same sentences with its name. `when`: a call's day and times.
 */
export function bookingPageTexts(kind: BookedMeetingKind) {
  const meeting = kind;
  const aMeeting = kind === 'interview' ? 'an interview' : 'a call';
  return {
    title: (name: string) => `Book ${aMeeting} with ${name}`,
    tagline: (minutes: number) => `A ${minutes}-minute ${meeting}. Choose a time that suits you.`,
    timeZone: 'Your time zone',
    detectingTimeZone: 'Detecting your time zone…',
    times: 'Free times',
    previous: `Previous ${MAX_SLOT_VIEW_DAYS} days`,
    next: `Next ${MAX_SLOT_VIEW_DAYS} days`,
    loading: 'Loading the free times…',
    none: `No free times in these ${MAX_SLOT_VIEW_DAYS} days.`,
    loadFailure: 'The free times could not be loaded. Please check your connection and try again.',
    retry: 'Try again',
    /** A slot's accessible name: "Tuesday 3 December, 10:00 to 10:30". */
    slot: (day: string, start: string, end: string) => `${day}, ${start} to ${end}`,
    alternatives: 'The next free times',
    choose: 'Choose a time to book it.',
    chosen: (when: string) => `Your choice: ${when}`,
    book: `Book this ${meeting}`,
    move: `Move my ${meeting}`,
    sending: 'Booking…',
    bookFailure: `Your ${meeting} could not be booked. Please check your connection and try again.`,
    /** The call the link booked already, above the times to move it to. */
    current: (name: string, when: string) => `Your ${meeting} with ${name} is booked for ${when}. To move it, choose another time.`,
    bookedHeading: `Your ${meeting} is booked`,
    booked: (name: string, when: string) => `Your ${meeting} with ${name} is booked for ${when}.`,
    another: 'Choose another time',
    /** Opened from the visitor's mail to cancel (`?cancel=1`). */
    cancelQuestion: (name: string, when: string) => `Cancel your ${meeting} with ${name} on ${when}?`,
    cancel: `Cancel the ${meeting}`,
    cancelling: 'Cancelling…',
    keep: `Keep the ${meeting}`,
    cancelled: `Your ${meeting} is cancelled. You can book another time below.`,
    cancelFailure: `Your ${meeting} could not be cancelled. Please check your connection and try again.`,
    notFoundTitle: 'Booking link not valid',
    goneTitle: 'Booking link no longer works',
    unavailableTitle: 'Booking is unavailable',
    contact: 'Contact us',
  } as const;
}

/** The booking page's texts for a call (a quote request's or contact message's link, and a page that cannot offer one). */
export const BOOKING_PAGE_TEXTS = /*@__PURE__*/ bookingPageTexts('call');
