const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long since `iso`, in the largest whole unit: "less than an hour", "5 hours", "3 days". */
export function ageOf(iso: string, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - Date.parse(iso));
  if (elapsed < HOUR_MS) return 'less than an hour';
  if (elapsed < DAY_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  const days = Math.floor(elapsed / DAY_MS);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
