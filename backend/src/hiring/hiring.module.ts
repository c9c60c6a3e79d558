import { Module } from '@nestjs/common';
import { BookingModule } from '../booking/booking.module';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { ApplicationsModule } from '../applications/applications.module';
import { JobsModule } from '../jobs/jobs.module';
import { CandidateEmailSettingsController, HiringController } from './hiring.controller';
import { CandidateMailsModule } from './candidate-mails.module';
import { HiringService } from './hiring.service';

/** Hiring: pipeline boards, ratings, candidate mails from templates, bulk changes of applications. */
@Module({
  imports: [AuditModule, AdminSessionsModule, DeliveriesModule, JobsModule, ApplicationsModule, CandidateMailsModule, BookingModule],
  controllers: [HiringController, CandidateEmailSettingsController],
  providers: [HiringService],
})
export class HiringModule {}
