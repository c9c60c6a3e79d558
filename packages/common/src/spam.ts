// Spam triage of the public forms (quote request, contact message): a honeypot, a minimum fill time and single-use
// form tokens; and the limits that keep the visitor's confirmation from being sent at will. The form token and the
// honeypot travel as request headers, so the forms' JSON bodies stay as SPEC §7 defines them.
import { RETENTION_DEFAULT_DAYS } from './privacy';

/** The signed, time-stamped token the site fetches when a person starts filling a form (GET /api/form-token). */
export const FORM_TOKEN_HEADER = 'x-form-token';
/** Sent by the site when the honeypot field (hidden from people, screen readers and autofill) holds anything. */
export const FORM_TRAP_HEADER = 'x-form-trap';
/** A form sent sooner than this after its token was issued is suspected spam: nobody types a message that fast. */
export const SPAM_MIN_FILL_SECONDS = 3;
/**
 * A form token is good for one submission within this long after it was issued: later, the submission is still
 * taken and the staff told, but the visitor gets no confirmation (the token no longer vouches for our own form).
 */
export const FORM_TOKEN_VALID_SECONDS = 2 * 60 * 60;
/** At most this many confirmations go to one visitor address in any rolling CONFIRMATION_QUOTA_WINDOW_HOURS. */
export const CONFIRMATIONS_PER_ADDRESS = 3;
export const CONFIRMATION_QUOTA_WINDOW_HOURS = 24;
/** Suspected spam is purged this long after its last change (by default; RETENTION_SPAM_DAYS sets it). */
export const SPAM_RETENTION_DAYS = RETENTION_DEFAULT_DAYS.spam;
