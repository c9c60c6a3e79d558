import { Module } from '@nestjs/common';
import { WorkspaceModule } from '../workspace/workspace.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { DashboardController } from './dashboard.controller';
import { DashboardRepository } from './dashboard.repository';
import { DashboardService } from './dashboard.service';

@Module({
  imports: [AdminSessionsModule, WorkspaceModule, DeliveriesModule],
  controllers: [DashboardController],
  providers: [DashboardService, DashboardRepository],
})
export class DashboardModule {}
