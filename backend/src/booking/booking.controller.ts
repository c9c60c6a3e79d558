import { type AnswerOf, BOOKING_ALTERNATIVE_SLOTS, BOOKING_LINK_DAYS, MAX_SLOT_VIEW_DAYS } from '@brightwave/common';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { ok } from '../common/answer';
import { NoStore } from '../common/no-store';
import { RateLimit } from '../rate-limit/rate-limit';
import { BookingService } from './booking.service';
import { BookingDto, BookingSlotsQueryDto } from './dto/booking.dto';

const LINK_ERRORS = {
  404: 'Not a booking link this server made (forged, cut short, or signed with an earlier key)',
  410: `The link expired (${BOOKING_LINK_DAYS} days after it was made), or its request was removed or has nobody who takes calls now`,
} as const;

/**
 * The visitor's side of booking a call (docs/features/booking.md, "Booking a call"): public, reached by the signed
 * token of the link a quote's or contact message's answer gave. Never cached; counted per address and per link.
 */
@ApiTags('booking')
@Controller('api/booking/:token')
@NoStore()
export class BookingController {
  constructor(private readonly booking: BookingService) {}

  @ApiOperation({
    summary: 'What a booking link is for',
    description:
      'What the link books (`kind`: `call`, or `interview` for a candidate\'s invitation), whom with (`with`: their first name; an interview\'s interviewers, "Ada and Bo"), its length, their time zone, and the call booked with this link, if any. `Cache-Control: no-store`.',
  })
  @ApiErrors(LINK_ERRORS)
  @Get()
  @RateLimit('booking', 'booking-link')
  async details(@Param('token') token: string): Promise<AnswerOf<'GET /api/booking/:token'>> {
    return ok(await this.booking.details(token));
  }

  @ApiOperation({
    summary: 'The free slots of a booking link',
    description:
      `The staff member’s free slots overlapping [from, to), as UTC instants, and their IANA time zone. \`from\` defaults to now, \`to\` to ${MAX_SLOT_VIEW_DAYS} days later; ` +
      `a span of more than ${MAX_SLOT_VIEW_DAYS} days (one hour more is allowed for a clock change), or one that ends before it starts, is a 400 at \`to\`. ` +
      'The call this link already booked blocks nothing here (it can move). `Cache-Control: no-store`.',
  })
  @ApiErrors({ ...LINK_ERRORS, 400: '`from` or `to` is not an instant with its offset, or the span is refused (a message at the field)' })
  @Get('slots')
  @RateLimit('booking', 'booking-link')
  async slots(@Param('token') token: string, @Query() query: BookingSlotsQueryDto): Promise<AnswerOf<'GET /api/booking/:token/slots'>> {
    return ok(await this.booking.slots(token, query));
  }

  @ApiOperation({
    summary: 'Book a call',
    description:
      '`start` must be the start of a slot the slot list offers now. Booking again with the same link moves the call (one call per request at a time). ' +
      `A time that is not free (taken meanwhile, by another visitor or on another instance) is a 409 whose \`slots\` holds the next ${BOOKING_ALTERNATIVE_SLOTS} free ones. ` +
      '`timeZone` (optional): the IANA time zone the visitor booked in, which their mails show the call in (left out: the staff member’s for a new call; a moved call keeps the one given before). ' +
      'The visitor and the staff member are mailed the invitation (`.ics`), reminders are scheduled 24 hours and 1 hour before, and `meeting.booked` or `meeting.rescheduled` webhooks are called; booking the time the call already has sends nothing. ' +
      '`meeting.with` is the first name of the staff member. `Cache-Control: no-store`.',
  })
  @ApiErrors({
    ...LINK_ERRORS,
    400: '`start` is not an instant with its offset, or `timeZone` no IANA time zone (a message at the field)',
    409: 'That time is not free: `slots` holds the next free slots',
  })
  @Post()
  @HttpCode(201)
  @RateLimit('booking', 'booking-link')
  async book(@Param('token') token: string, @Body() dto: BookingDto): Promise<AnswerOf<'POST /api/booking/:token'>> {
    return ok({ meeting: await this.booking.bookWithLink(token, dto) });
  }

  @ApiOperation({
    summary: 'Cancel the call',
    description:
      'Cancels the call booked with this link (the booking page’s `?cancel=1`, the link in the visitor’s mails): the visitor and the staff member are mailed the cancellation (`.ics`, `METHOD:CANCEL`), ' +
      'its reminders still to go are not sent, and `meeting.cancelled` webhooks are called. A new call can be booked with the same link afterwards. `Cache-Control: no-store`.',
  })
  @ApiErrors({ ...LINK_ERRORS, 409: 'There is no call to cancel: none is booked with this link, or it is over' })
  @Delete()
  @RateLimit('booking', 'booking-link')
  async cancel(@Param('token') token: string): Promise<AnswerOf<'DELETE /api/booking/:token'>> {
    await this.booking.cancel(token);
    return ok({ meeting: null });
  }
}
