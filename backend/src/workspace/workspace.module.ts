import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { UpcomingCallsModule } from '../booking/upcoming-calls.module';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { FollowUpReminders } from './follow-up-reminders';
import { MyWorkController, WORKSPACE_CONTROLLERS } from './workspace.controller';
import { WorkspaceRepository } from './workspace.repository';
import { WorkspaceService } from './workspace.service';

/** The staff workspace of leads, contact messages and applications: owners, notes, follow-ups, timelines, My work (with my upcoming calls). */
@Module({
  imports: [AuditModule, DeliveriesModule, AdminSessionsModule, UpcomingCallsModule],
  controllers: [...WORKSPACE_CONTROLLERS, MyWorkController],
  providers: [WorkspaceService, WorkspaceRepository, FollowUpReminders],
  exports: [WorkspaceService, WorkspaceRepository],
})
export class WorkspaceModule {}
