import { Module } from '@nestjs/common';
import { MeetingsRepository } from './meetings.repository';
import { UpcomingCallsService } from './upcoming-calls.service';

/**
 * The admin's upcoming calls for the dashboard and My work: its own module (a read of the meetings table), so they use
 * it without booking's routes and the outbox's worker.
 */
@Module({
  providers: [MeetingsRepository, UpcomingCallsService],
  exports: [UpcomingCallsService],
})
export class UpcomingCallsModule {}
