import { AVAILABILITY_LIMITS, MAX_WEEKLY_WINDOWS, type Availability, type WeeklyWindow } from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsString, Matches, Max, MaxLength, Min, ValidateBy, ValidateIf, ValidateNested } from 'class-validator';

// A field's message is the last failing check (common/validation.ts): the top-most decorator's, so each property
// lists its most basic check first.

/** 'HH:MM' from 00:00 to 23:59; an end may also be 24:00, the midnight that ends the day. */
const START_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const END_TIME = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;
const BUSY_CALENDAR_URL_MAX_LENGTH = 2000;
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const AVAILABILITY_FIELD_MESSAGES = {
  timeZone: 'Please choose a time zone by its name, such as Europe/London',
  weekly: 'Weekly hours must be a list of windows, each with a day, a start and an end',
  tooManyWindows: `Please keep to at most ${MAX_WEEKLY_WINDOWS} weekly windows`,
  day: 'The day must be a whole number from 0 (Sunday) to 6 (Saturday)',
  start: 'The start must be a time from 00:00 to 23:59, written HH:MM',
  end: 'The end must be a time from 00:01 to 24:00, written HH:MM',
  endBeforeStart: 'The end must be after the start',
  meetingMinutes: `The meeting length must be a whole number of minutes from ${AVAILABILITY_LIMITS.meetingMinutes.min} to ${AVAILABILITY_LIMITS.meetingMinutes.max}`,
  bufferMinutes: `The buffer must be a whole number of minutes from ${AVAILABILITY_LIMITS.bufferMinutes.min} to ${AVAILABILITY_LIMITS.bufferMinutes.max}`,
  minNoticeHours: `The minimum notice must be a whole number of hours from ${AVAILABILITY_LIMITS.minNoticeHours.min} to ${AVAILABILITY_LIMITS.minNoticeHours.max}`,
  maxDaysAhead: `How far ahead must be a whole number of days from ${AVAILABILITY_LIMITS.maxDaysAhead.min} to ${AVAILABILITY_LIMITS.maxDaysAhead.max}`,
  busyCalendarUrl: 'The busy calendar must be the address of a calendar feed (ICS), or null to remove it',
  busyCalendarUrlTooLong: `The busy calendar's address must be at most ${BUSY_CALENDAR_URL_MAX_LENGTH} characters`,
} as const;

/**
 * An IANA time zone name the server's clock library knows (`Europe/London`, `UTC`, also older names such as
 * `Asia/Calcutta`); an offset (`+05:00`) is refused: it follows no daylight saving, so slots would drift.
 */
export function isTimeZoneName(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[A-Za-z]/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Minutes since midnight of an 'HH:MM' time. */
const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The first two windows of one day that overlap (touching is fine: 09:00–12:00 then 12:00–13:00), as words; undefined when none do. */
function overlappingWindows(weekly: unknown): string | undefined {
  if (!Array.isArray(weekly)) return undefined;
  // Only well-formed windows are compared: the others already have their own message.
  const windows = weekly
    .filter(
      (window: Partial<WeeklyWindow> | null): window is WeeklyWindow =>
        typeof window?.day === 'number' &&
        typeof window.start === 'string' &&
        typeof window.end === 'string' &&
        START_TIME.test(window.start) &&
        END_TIME.test(window.end),
    )
    .sort((a, b) => a.day - b.day || minutesOf(a.start) - minutesOf(b.start));
  for (const [index, window] of windows.entries()) {
    const next = windows[index + 1];
    if (next && next.day === window.day && minutesOf(next.start) < minutesOf(window.end)) {
      return `Two windows on ${DAY_NAMES[window.day] ?? `day ${window.day}`} overlap (${window.start}–${window.end} and ${next.start}–${next.end})`;
    }
  }
  return undefined;
}

/** One weekly window: on `day`, from `start` to `end`, in the availability's time zone. */
export class WeeklyWindowDto implements WeeklyWindow {
  @ApiProperty({ minimum: 0, maximum: 6, description: '0 is Sunday, 6 is Saturday' })
  @IsInt({ message: AVAILABILITY_FIELD_MESSAGES.day })
  @Min(0, { message: AVAILABILITY_FIELD_MESSAGES.day })
  @Max(6, { message: AVAILABILITY_FIELD_MESSAGES.day })
  day: number;

  @ApiProperty({ pattern: START_TIME.source, example: '09:00' })
  @IsString({ message: AVAILABILITY_FIELD_MESSAGES.start })
  @Matches(START_TIME, { message: AVAILABILITY_FIELD_MESSAGES.start })
  start: string;

  @ApiProperty({ pattern: END_TIME.source, example: '17:00', description: 'After `start`; 24:00 is the midnight that ends the day' })
  @IsString({ message: AVAILABILITY_FIELD_MESSAGES.end })
  @Matches(END_TIME, { message: AVAILABILITY_FIELD_MESSAGES.end })
  @ValidateBy({
    name: 'endAfterStart',
    validator: {
      validate: (end: unknown, args) => {
        const { start } = (args?.object ?? {}) as Partial<WeeklyWindow>;
        // A start that cannot be read has its own message.
        return typeof start !== 'string' || !START_TIME.test(start) || (typeof end === 'string' && minutesOf(end) > minutesOf(start));
      },
      defaultMessage: () => AVAILABILITY_FIELD_MESSAGES.endBeforeStart,
    },
  })
  end: string;
}

/** PUT /api/admin/me/availability: the whole availability (a busy calendar left out keeps the one stored). */
export class AvailabilityDto implements Availability {
  @ApiProperty({ example: 'Europe/London', description: 'An IANA time zone name' })
  @ValidateBy({
    name: 'isTimeZoneName',
    validator: { validate: isTimeZoneName, defaultMessage: () => AVAILABILITY_FIELD_MESSAGES.timeZone },
  })
  timeZone: string;

  @ApiProperty({ type: [WeeklyWindowDto], maxItems: MAX_WEEKLY_WINDOWS, description: 'Windows of one day may touch but not overlap; `[]`: no bookable time' })
  @IsArray({ message: AVAILABILITY_FIELD_MESSAGES.weekly })
  @ArrayMaxSize(MAX_WEEKLY_WINDOWS, { message: AVAILABILITY_FIELD_MESSAGES.tooManyWindows })
  @ValidateBy({
    name: 'noOverlappingWindows',
    validator: { validate: (weekly: unknown) => overlappingWindows(weekly) === undefined, defaultMessage: (args) => overlappingWindows(args?.value) ?? '' },
  })
  @ValidateNested({ each: true, message: AVAILABILITY_FIELD_MESSAGES.weekly })
  @Type(() => WeeklyWindowDto)
  weekly: WeeklyWindowDto[];

  @ApiProperty({ minimum: AVAILABILITY_LIMITS.meetingMinutes.min, maximum: AVAILABILITY_LIMITS.meetingMinutes.max })
  @IsInt({ message: AVAILABILITY_FIELD_MESSAGES.meetingMinutes })
  @Min(AVAILABILITY_LIMITS.meetingMinutes.min, { message: AVAILABILITY_FIELD_MESSAGES.meetingMinutes })
  @Max(AVAILABILITY_LIMITS.meetingMinutes.max, { message: AVAILABILITY_FIELD_MESSAGES.meetingMinutes })
  meetingMinutes: number;

  @ApiProperty({
    minimum: AVAILABILITY_LIMITS.bufferMinutes.min,
    maximum: AVAILABILITY_LIMITS.bufferMinutes.max,
    description: 'Kept free before and after each booked call',
  })
  @IsInt({ message: AVAILABILITY_FIELD_MESSAGES.bufferMinutes })
  @Min(AVAILABILITY_LIMITS.bufferMinutes.min, { message: AVAILABILITY_FIELD_MESSAGES.bufferMinutes })
  @Max(AVAILABILITY_LIMITS.bufferMinutes.max, { message: AVAILABILITY_FIELD_MESSAGES.bufferMinutes })
  bufferMinutes: number;

  @ApiProperty({
    minimum: AVAILABILITY_LIMITS.minNoticeHours.min,
    maximum: AVAILABILITY_LIMITS.minNoticeHours.max,
    description: 'No call starts sooner than this from now',
  })
  @IsInt({ message: AVAILABILITY_FIELD_MESSAGES.minNoticeHours })
  @Min(AVAILABILITY_LIMITS.minNoticeHours.min, { message: AVAILABILITY_FIELD_MESSAGES.minNoticeHours })
  @Max(AVAILABILITY_LIMITS.minNoticeHours.max, { message: AVAILABILITY_FIELD_MESSAGES.minNoticeHours })
  minNoticeHours: number;

  @ApiProperty({
    minimum: AVAILABILITY_LIMITS.maxDaysAhead.min,
    maximum: AVAILABILITY_LIMITS.maxDaysAhead.max,
    description: 'No call starts later than this many days from now',
  })
  @IsInt({ message: AVAILABILITY_FIELD_MESSAGES.maxDaysAhead })
  @Min(AVAILABILITY_LIMITS.maxDaysAhead.min, { message: AVAILABILITY_FIELD_MESSAGES.maxDaysAhead })
  @Max(AVAILABILITY_LIMITS.maxDaysAhead.max, { message: AVAILABILITY_FIELD_MESSAGES.maxDaysAhead })
  maxDaysAhead: number;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: BUSY_CALENDAR_URL_MAX_LENGTH,
    description:
      'A private calendar feed (ICS) whose events are busy times: https:// (webcal:// is read as https://), not an address inside the network. Stored encrypted and never answered back (`hasBusyCalendar` says whether one is set). `null` removes it; left out, the one stored is kept.',
  })
  @IsString({ message: AVAILABILITY_FIELD_MESSAGES.busyCalendarUrl })
  @MaxLength(BUSY_CALENDAR_URL_MAX_LENGTH, { message: AVAILABILITY_FIELD_MESSAGES.busyCalendarUrlTooLong })
  @ValidateIf((dto: AvailabilityDto) => dto.busyCalendarUrl !== null && dto.busyCalendarUrl !== undefined)
  busyCalendarUrl?: string | null;
}
