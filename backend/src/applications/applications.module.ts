import { Module } from '@nestjs/common';
import { AttributionModule } from '../attribution/attribution.module';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { CandidateMailsModule } from '../hiring/candidate-mails.module';
import { ItemsModule } from '../items/items.module';
import { JobsModule } from '../jobs/jobs.module';
import { SpamTriageModule } from '../spam-triage/spam-triage.module';
import { StorageModule } from '../storage/storage.module';
import { WorkspaceModule } from '../workspace/workspace.module';
import { ApplicationsController } from './applications.controller';
import { ApplicationsRepository } from './applications.repository';
import { ApplicationsService } from './applications.service';
import { LegacyResumeObjects } from './legacy-resume-objects';
import { ResumeSweeper } from './resume-sweeper';

/** Job applications: the apply form, a job's list and CSV, the status, the resumes and their sweep. Hiring reads them through its exports. */
@Module({
  imports: [
    JobsModule,
    WorkspaceModule,
    ItemsModule,
    StorageModule,
    DeliveriesModule,
    SpamTriageModule,
    AuditModule,
    AdminSessionsModule,
    AttributionModule,
    CandidateMailsModule,
  ],
  controllers: [ApplicationsController],
  providers: [ApplicationsService, ApplicationsRepository, ResumeSweeper, LegacyResumeObjects],
  exports: [ApplicationsService, ApplicationsRepository],
})
export class ApplicationsModule {}
