import { BOOKING_MESSAGES, MAX_SLOT_VIEW_DAYS, type BookingPayload, type BookingSlotsQuery } from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional, IsString, Matches, ValidateBy } from 'class-validator';
import { isTimeZoneName } from './availability.dto';

// A field's message is the last failing check (common/validation.ts): the top-most decorator's, so each property
// lists its most basic check first.

/**
 * An instant: a date and a time with its offset (`Z` or `+01:00`). A time without an offset would be read on the
 * server's clock, which is nobody's; the calendar check (no 30 February) is class-validator's strict ISO 8601.
 */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;
const EXAMPLE = '2030-01-07T09:00:00Z';

/** GET /api/booking/:token/slots: the span of time to list free slots in. */
export class BookingSlotsQueryDto implements BookingSlotsQuery {
  @ApiPropertyOptional({ example: EXAMPLE, description: 'From this instant (default: now)' })
  @IsOptional()
  @IsString({ message: BOOKING_MESSAGES.instant('from') })
  @Matches(INSTANT, { message: BOOKING_MESSAGES.instant('from') })
  @IsISO8601({ strict: true }, { message: BOOKING_MESSAGES.instant('from') })
  from?: string;

  @ApiPropertyOptional({
    example: '2030-01-21T09:00:00Z',
    description: `Up to this instant (default: ${MAX_SLOT_VIEW_DAYS} days after \`from\`, and at most that)`,
  })
  @IsOptional()
  @IsString({ message: BOOKING_MESSAGES.instant('to') })
  @Matches(INSTANT, { message: BOOKING_MESSAGES.instant('to') })
  @IsISO8601({ strict: true }, { message: BOOKING_MESSAGES.instant('to') })
  to?: string;
}

/** POST /api/booking/:token: the start of one of the slots offered, and the time zone the visitor booked in. */
export class BookingDto implements BookingPayload {
  @ApiProperty({ example: EXAMPLE, description: 'The start of a slot the slot list offers, as an instant with its offset' })
  @IsString({ message: BOOKING_MESSAGES.instant('start') })
  @Matches(INSTANT, { message: BOOKING_MESSAGES.instant('start') })
  @IsISO8601({ strict: true }, { message: BOOKING_MESSAGES.instant('start') })
  start: string;

  @ApiPropertyOptional({ example: 'America/New_York', description: 'The IANA time zone the visitor booked in: their mails show the call on its clock' })
  @IsOptional()
  @ValidateBy({ name: 'isTimeZoneName', validator: { validate: isTimeZoneName, defaultMessage: () => BOOKING_MESSAGES.timeZone } })
  timeZone?: string;
}
