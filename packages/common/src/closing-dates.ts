// Job closing dates (docs/features/job-closing-dates.md): a job takes applications to the end of its closing day, in UTC, so every
// instance, the site and the admin app agree on the moment it closes whatever their time zone.

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Whether `text` is a real calendar date written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** Today's date in UTC, YYYY-MM-DD. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whether a job closing on `closesAt` still takes applications at `now`. */
export function isOpenOn(closesAt: string | null | undefined, now = new Date()): boolean {
  return !closesAt || closesAt >= todayUtc(now);
}

/** The last moment of the closing day, for JobPosting's validThrough. */
export function closingMoment(closesAt: string): string {
  return `${closesAt}T23:59:59Z`;
}

/** A YYYY-MM-DD date as people read it, in DATE_FORMAT (MMM dd, yyyy): "Nov 05, 2026". */
export function formatCalendarDate(date: string): string {
  const match = CALENDAR_DATE.exec(date);
  if (!match) return date;
  return `${MONTHS[Number(match[2]) - 1]} ${match[3]}, ${match[1]}`;
}
