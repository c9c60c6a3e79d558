import { Module } from '@nestjs/common';
import { WorkspaceModule } from '../workspace/workspace.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { UpcomingCallsModule } from '../booking/upcoming-calls.module';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { DashboardController } from './dashboard.controller';
import { DashboardRepository } from './dashboard.repository';
import { DashboardService } from './dashboard.service';

@Module({
  imports: [AdminSessionsModule, WorkspaceModule, DeliveriesModule, UpcomingCallsModule],
  controllers: [DashboardController],
  providers: [DashboardService, DashboardRepository],
})
export class DashboardModule {}
