import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { AvailabilityController } from './availability.controller';
import { AvailabilityRepository } from './availability.repository';
import { AvailabilityService } from './availability.service';
import { BusyCalendarUrlsAtRest } from './busy-calendar-urls-at-rest';
import { BusyFeedService } from './busy-feed.service';

/** Booking a call (docs/features/booking.md): each admin's availability, and the busy times of their calendar feed. */
@Module({
  imports: [AuditModule, AdminSessionsModule],
  controllers: [AvailabilityController],
  providers: [AvailabilityRepository, AvailabilityService, BusyFeedService, BusyCalendarUrlsAtRest],
  exports: [AvailabilityService, BusyFeedService],
})
export class BookingModule {}
