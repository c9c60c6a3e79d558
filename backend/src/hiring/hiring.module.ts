import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { ApplicationsModule } from '../applications/applications.module';
import { JobsModule } from '../jobs/jobs.module';
import { CandidateEmailSettingsController, HiringController } from './hiring.controller';
import { HiringRepository } from './hiring.repository';
import { HiringService } from './hiring.service';

/** Hiring: pipeline boards, ratings, candidate mails from templates, bulk changes of applications. */
@Module({
  imports: [AuditModule, AdminSessionsModule, DeliveriesModule, JobsModule, ApplicationsModule],
  controllers: [HiringController, CandidateEmailSettingsController],
  providers: [HiringService, HiringRepository],
})
export class HiringModule {}
