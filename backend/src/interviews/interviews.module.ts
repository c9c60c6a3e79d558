import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { BookingModule } from '../booking/booking.module';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { CandidateMailsModule } from '../hiring/candidate-mails.module';
import { InterviewsController } from './interviews.controller';
import { InterviewsService } from './interviews.service';

/** Interview invitations on applications (docs/features/booking.md, "Interviews"); the candidate books through booking's link. */
@Module({
  imports: [AuditModule, AdminSessionsModule, BookingModule, DeliveriesModule, CandidateMailsModule],
  controllers: [InterviewsController],
  providers: [InterviewsService],
})
export class InterviewsModule {}
