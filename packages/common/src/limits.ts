// Business constants of SPEC §9 and the limits the API enforces (beyond the spec, decided by us).

export const NAVBAR_SOLID_SCROLL_PX = 100;
export const MOBILE_MENU_ANIMATION_S = 0.3;
export const MOBILE_SUBMENU_ANIMATION_S = 0.2;
export const TOAST_DURATION_MS = 3000;
export const TOAST_POSITION = 'top-right' as const;
export const HOME_HERO_ROTATION_MS = 5000;
export const SERVICES_HERO_ROTATION_MS = 3000;
export const PROJECTS_CAROUSEL_MS = 5000;
export const PROJECTS_CAROUSEL_ITEMS = 9;
export const QUOTE_SERVICE_OPTION_COUNT = 10;
export const CONTACT_MESSAGE_ROWS = 4;
export const DATE_FORMAT = 'MMM dd, yyyy';
export const CONTACT_HOURS = ['Monday-Friday 9:00 AM-6:00 PM', 'Saturday 10:00 AM-4:00 PM'] as const;

/** Verification code: countdown shown on the page and lifetime on the server. */
export const OTP_TTL_SECONDS = 300;
export const OTP_LENGTH = 6;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_MIN_INTERVAL_SECONDS = 30;
export const OTP_RESEND_MAX_PER_WINDOW = 5;
export const OTP_RESEND_WINDOW_SECONDS = 15 * 60;
export const SESSION_TTL_SECONDS = 8 * 60 * 60;
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** Resume: decoded file strictly under 5 MB. */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
export const RESUME_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
export const RESUME_ACCEPT = '.pdf,.doc,.docx';
export const RESUME_FILENAME_SUFFIX = '_resume';

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

/** Rows per page of the admin tables (server-side pagination keeps 1,000+ rows fast). */
export const ADMIN_PAGE_SIZE = 20;
/** Weeks shown by the admin dashboard's new-leads chart. */
export const DASHBOARD_CHART_WEEKS = 12;

/** Public form submissions per client IP per minute. */
export const PUBLIC_FORM_LIMIT_PER_MINUTE = 10;

/** Keeps only digits and one leading plus, as the contact form's phone input does. */
export function sanitizePhoneInput(value: string): string {
  const plus = value.trimStart().startsWith('+') ? '+' : '';
  return plus + value.replace(/\D/g, '');
}
