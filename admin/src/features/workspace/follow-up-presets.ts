/** The admin's time zone (the browser's), in which the presets' days and hours are counted. */
export function adminTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock date and time in a zone at an instant. */
function wallTimeOf(instant: Date, timeZone: string): WallTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((one) => one.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const wall = wallTimeOf(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return asUtc - Math.floor(instant.getTime() / 60_000) * 60_000;
}

/**
 * The instant a wall-clock time stands for in a zone. Day overflow is allowed (day 32 is the next month's first).
 * The offset is taken twice, so a time just after a clock change is read with the offset then in force.
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const first = asUtc - offsetAt(new Date(asUtc), timeZone);
  return new Date(asUtc - offsetAt(new Date(first), timeZone));
}

export interface FollowUpPreset {
  /** The button's words. */
  label: string;
  at: Date;
}

/** The hour of the morning the presets land on. */
const PRESET_HOUR = 9;

/**
 * The follow-up presets at a moment, counted in the admin's time zone: tomorrow at 9:00, in three days at 9:00 and
 * next Monday at 9:00 (a week on when today is Monday).
 */
export function followUpPresets(now: Date, timeZone: string): FollowUpPreset[] {
  const today = wallTimeOf(now, timeZone);
  // The weekday of the zone's date (0 Sunday … 6 Saturday): a UTC date with the same day has the same weekday.
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  const daysToMonday = (8 - weekday) % 7 || 7;
  const morningIn = (days: number) => instantOfWallTime({ ...today, day: today.day + days, hour: PRESET_HOUR, minute: 0 }, timeZone);
  return [
    { label: 'Tomorrow 9:00', at: morningIn(1) },
    { label: 'In 3 days', at: morningIn(3) },
    { label: 'Next Monday', at: morningIn(daysToMonday) },
  ];
}
