import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { AvailabilityController } from './availability.controller';
import { AvailabilityRepository } from './availability.repository';
import { AvailabilityService } from './availability.service';
import { BookingController } from './booking.controller';
import { BookingService } from './booking.service';
import { BusyCalendarUrlsAtRest } from './busy-calendar-urls-at-rest';
import { BusyFeedService } from './busy-feed.service';
import { InterviewBooking } from './interview-booking';
import { InterviewsRepository } from './interviews.repository';
import { MeetingsRepository } from './meetings.repository';
import { ItemsModule } from '../items/items.module';

/**
 * Booking a call (docs/features/booking.md): each admin's availability, the busy times of their calendar feed, and the
 * calls visitors book with the links of their quote requests and contact messages, with their mails (the outbox and its
 * worker) and webhook calls.
 */
@Module({
  imports: [AuditModule, AdminSessionsModule, DeliveriesModule, WebhooksModule, ItemsModule],
  controllers: [AvailabilityController, BookingController],
  providers: [
    AvailabilityRepository,
    AvailabilityService,
    BusyFeedService,
    BusyCalendarUrlsAtRest,
    MeetingsRepository,
    InterviewsRepository,
    InterviewBooking,
    BookingService,
  ],
  exports: [AvailabilityService, BusyFeedService, BookingService, InterviewBooking, InterviewsRepository],
})
export class BookingModule {}
