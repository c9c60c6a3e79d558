// Business constants of SPEC §9 and the limits the API enforces (beyond the spec, decided by us).

export const NAVBAR_SOLID_SCROLL_PX = 100;
export const MOBILE_MENU_ANIMATION_S = 0.3;
export const MOBILE_SUBMENU_ANIMATION_S = 0.2;
export const TOAST_DURATION_MS = 3000;
export const TOAST_POSITION = 'top-right' as const;
/** Toasts shown at once (ours): more wait their turn instead of stacking down the screen. */
export const TOAST_LIMIT = 2;
/** A toast that offers Undo stays this long (the change is made at once; Undo reverts it through the same route). */
export const UNDO_TOAST_MS = 8000;
export const HOME_HERO_ROTATION_MS = 5000;
export const SERVICES_HERO_ROTATION_MS = 3000;
export const PROJECTS_CAROUSEL_MS = 5000;
export const CONTACT_MESSAGE_ROWS = 4;
export const DATE_FORMAT = 'MMM dd, yyyy';
export const CONTACT_HOURS = ['Monday-Friday 9:00 AM-6:00 PM', 'Saturday 10:00 AM-4:00 PM'] as const;
/** How soon the company promises to answer a quote request (its success message and its form's confirmation). */
export const QUOTE_REPLY_TIME = 'within one business day';

/** Verification code: countdown shown on the page and lifetime on the server. */
export const OTP_TTL_SECONDS = 300;
export const OTP_LENGTH = 6;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_MIN_INTERVAL_SECONDS = 30;
export const OTP_RESEND_MAX_PER_WINDOW = 5;
export const OTP_RESEND_WINDOW_SECONDS = 15 * 60;
/** A login attempt's codes (resends included) stop working this long after the password step. */
export const OTP_CHALLENGE_MAX_AGE_SECONDS = 15 * 60;
export const SESSION_TTL_SECONDS = 8 * 60 * 60;
/**
 * Failed sign-in steps counted over this window: wrong passwords per account and address (then that address is
 * refused for the account), wrong passwords per account from everywhere (then only addresses the admin signed in
 * from before may try, and the admin is told by e-mail), and wrong codes per admin across login attempts.
 */
export const SIGN_IN_FAILURE_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_FAILURES_PER_ADDRESS = 10;
export const SIGN_IN_FAILURES_PER_ACCOUNT = 100;
/**
 * Wrong codes per admin over the window, counted apart for the two ways of naming the login attempt: with its
 * challenge (only someone who passed the password step has one) and with the admin id alone (SPEC §7, which anyone
 * who learnt the id can send). Neither count ever refuses the other kind, so a stranger's guesses by id cannot lock
 * out the holder of a challenge.
 */
export const CODE_FAILURES_PER_ADMIN = 10;
/** Wrong codes sent with the admin id alone (no challenge) from one client address over the window. */
export const CODE_FAILURES_PER_ADDRESS = 5;
/** An address the admin completed a sign-in from within this many days is a known one. */
export const KNOWN_ADDRESS_DAYS = 90;
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
/** Longer passwords are refused before hashing: argon2 of megabytes of text would be a cheap way to burn CPU. */
export const ADMIN_PASSWORD_MAX_LENGTH = 1024;

/** Resume: decoded file strictly under 5 MB (SPEC §9). Every rule and text about resumes is derived from these. */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
/** The limit as SPEC §5's message writes it: "5" (megabytes). */
export const RESUME_MAX_MB = RESUME_MAX_BYTES / (1024 * 1024);
/** The accepted kinds (SPEC §9: pdf, doc, docx), each with the media type a download is sent with. */
export const RESUME_TYPES = {
  pdf: { extension: 'pdf', mimeType: 'application/pdf' },
  doc: { extension: 'doc', mimeType: 'application/msword' },
  docx: { extension: 'docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
} as const;
export type ResumeExtension = keyof typeof RESUME_TYPES;
export type ResumeType = (typeof RESUME_TYPES)[ResumeExtension];
export const RESUME_EXTENSIONS = (Object.keys(RESUME_TYPES) as ResumeExtension[]).map((extension) => `.${extension}` as const);
/** The file input's `accept`: ".pdf,.doc,.docx". */
export const RESUME_ACCEPT = RESUME_EXTENSIONS.join(',');
/** The kinds as a person reads them: "PDF, DOC or DOCX". */
export const RESUME_KINDS_TEXT = (Object.keys(RESUME_TYPES) as ResumeExtension[])
  .map((extension) => extension.toUpperCase())
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1');
/**
 * The body of an application: the resume base64-encoded (4 bytes for 3) and a few kilobytes of form fields. One call
 * (the fields' whole kilobytes inside it), so that its pure mark lets a bundler drop it where nothing reads it.
 */
export const APPLY_BODY_LIMIT_BYTES = /* @__PURE__ */ Math.ceil((RESUME_MAX_BYTES * 4) / 3 + 64 * 1024);
export const RESUME_FILENAME_SUFFIX = '_resume';

/** An uploaded picture (docs/features/site-content.md, "Pictures"): at most 10 MB, of these kinds, by its content. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
export const MEDIA_MAX_MB = MEDIA_MAX_BYTES / (1024 * 1024);
/** Decoding is refused above this many pixels: a small file can claim a huge picture (a pixel bomb). */
export const MEDIA_MAX_PIXELS = 50_000_000;
export const MEDIA_UPLOAD_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' } as const;
export type MediaUploadKind = keyof typeof MEDIA_UPLOAD_TYPES;
/** The file input's `accept`. */
export const MEDIA_ACCEPT = /* @__PURE__ */ Object.values(MEDIA_UPLOAD_TYPES).join(',');
/** The upload's multipart body: the picture and its part's headers. */
export const MEDIA_UPLOAD_BODY_LIMIT_BYTES = MEDIA_MAX_BYTES + 16 * 1024;
/** The library's page size in the admin. */
export const MEDIA_PAGE_SIZE = 24;
/** Picture uploads per admin per hour (RATE_LIMIT_MEDIA_UPLOADS_PER_HOUR): each is decoded and encoded up to 15 times. */
export const MEDIA_UPLOADS_PER_HOUR = 60;

export const MAX_LENGTH = {
  name: 120,
  email: 254,
  phone: 20,
  message: 5000,
  title: 200,
  subtitle: 300,
  description: 10000,
  url: 2048,
  techItem: 50,
  requirement: 300,
  experience: 100,
  coverLetter: 5000,
  search: 200,
} as const;
export const MAX_TECH_STACK_ITEMS = 30;
export const MAX_REQUIREMENTS = 30;

/** Digits with one optional leading plus (SPEC §5 contact form). */
export const PHONE_PATTERN = /^\+?\d+$/;

/** List endpoints: every row without parameters; `limit` may not exceed this. */
export const LIST_MAX_LIMIT = 100;
/** The last page a list may be asked for: a huge offset would make the database skip millions of rows. */
export const LIST_MAX_PAGE = 100_000;
/**
 * The workspace's lists (leads, contact messages, applications) count their matching rows up to this; past it, `total`
 * is the database's estimate and the answer says `totalEstimated: true` (an exact count of a million rows took 80 ms).
 */
export const LIST_EXACT_TOTAL_MAX = 10_000;

/** Rows per page of the admin tables (server-side pagination keeps 1,000+ rows fast). */
export const ADMIN_PAGE_SIZE = 20;
/** Weeks shown by the admin dashboard's new-leads chart. */
export const DASHBOARD_CHART_WEEKS = 12;
/** The dashboard's "Meetings this week" lists the admin's calls from now to this many days ahead. */
export const DASHBOARD_CALL_DAYS = 7;
/** …and at most this many of them (the soonest); the card says how many more there are. */
export const DASHBOARD_CALLS_MAX = 5;
/**
 * My work's "Upcoming calls" lists the admin's calls from now to this many days ahead: the two weeks a salesperson
 * plans in, where the dashboard's card shows one.
 */
export const MY_WORK_CALL_DAYS = 14;
/** …and at most this many of them (the soonest), so the list stays short above the items; it says how many more there are. */
export const MY_WORK_CALLS_MAX = 20;

/** Public form submissions per client IP per minute. */
export const PUBLIC_FORM_LIMIT_PER_MINUTE = 10;
/** Site searches (the /search page, GET /api/search) per client address per minute: a person refining a search is well under it. */
export const SEARCH_LIMIT_PER_MINUTE = 60;
/**
 * Booking page calls (the link's details, its slots, a booking) per client address, and per booking link, per minute,
 * on each route: a visitor paging through weeks is well under it.
 */
export const BOOKING_LIMIT_PER_MINUTE = 30;
/** Job applications per client address (an IPv6 /64 counts as one) per hour: each may carry a 5 MB file. */
export const APPLY_LIMIT_PER_HOUR = 3;
/** Across all visitors, per rolling 24 hours: applications and stored resume bytes (then 503). */
export const APPLY_DAILY_MAX_APPLICATIONS = 500;
export const APPLY_DAILY_MAX_RESUME_MB = 1024;
/** Applications are refused while the uploads' file system has less free space than this. */
export const UPLOADS_MIN_FREE_MB = 1024;

/** Keeps only digits and one leading plus, as the contact form's phone input does. */
export function sanitizePhoneInput(value: string): string {
  const plus = value.trimStart().startsWith('+') ? '+' : '';
  return plus + value.replace(/\D/g, '');
}
