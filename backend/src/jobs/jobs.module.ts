import { WorkspaceModule } from '../workspace/workspace.module';
import { Module } from '@nestjs/common';
import { AttributionModule } from '../attribution/attribution.module';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { SpamTriageModule } from '../spam-triage/spam-triage.module';
import { StorageModule } from '../storage/storage.module';
import { ApplicationsController } from './applications.controller';
import { ApplicationsRepository } from './applications.repository';
import { ApplicationsService } from './applications.service';
import { JobsController } from './jobs.controller';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';
import { JobExpiry } from './job-expiry';
import { LegacyResumeObjects } from './legacy-resume-objects';
import { ResumeSweeper } from './resume-sweeper';

@Module({
  imports: [WorkspaceModule, StorageModule, DeliveriesModule, SpamTriageModule, AuditModule, AdminSessionsModule, AttributionModule],
  controllers: [JobsController, ApplicationsController],
  providers: [JobsService, JobsRepository, ApplicationsService, ApplicationsRepository, ResumeSweeper, JobExpiry, LegacyResumeObjects],
  exports: [JobsRepository],
})
export class JobsModule {}
