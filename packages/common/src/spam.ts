// Spam triage of the public forms (quote request, contact message): a honeypot and a minimum fill time. The form
// token and the honeypot travel as request headers, so the forms' JSON bodies stay as SPEC §7 defines them.
import { RETENTION_DEFAULT_DAYS } from './privacy';

/** The signed, time-stamped token the site fetches when a person starts filling a form (GET /api/form-token). */
export const FORM_TOKEN_HEADER = 'x-form-token';
/** Sent by the site when the honeypot field (hidden from people, screen readers and autofill) holds anything. */
export const FORM_TRAP_HEADER = 'x-form-trap';
/** A form sent sooner than this after its token was issued is suspected spam: nobody types a message that fast. */
export const SPAM_MIN_FILL_SECONDS = 3;
/** Suspected spam is purged this long after its last change (by default; RETENTION_SPAM_DAYS sets it). */
export const SPAM_RETENTION_DAYS = RETENTION_DEFAULT_DAYS.spam;
