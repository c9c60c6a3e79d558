import type { AnswerOf } from '@brightwave/common';
import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { WorkspaceService } from '../workspace/workspace.service';
import { ok } from '../common/answer';
import { DashboardService } from './dashboard.service';

@ApiTags('dashboard')
@Controller('api/admin/dashboard')
export class DashboardController {
  constructor(
    private readonly dashboardService: DashboardService,
    private readonly workspace: WorkspaceService,
  ) {}

  @ApiOperation({
    summary: "The dashboard's figures",
    description:
      '`purgeFailing` is set while the last round of the retention purge (on any instance) failed, else null. ' +
      '`overdueFollowUps` counts the open items whose follow-up passed, of the kinds your role may see (zero for the others).',
  })
  @Get('stats')
  @AdminOnly('everyone')
  async stats(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/admin/dashboard/stats'>> {
    const [stats, overdueFollowUps] = await Promise.all([this.dashboardService.stats(), this.workspace.overdueCounts(admin.role)]);
    return ok({ stats: { ...stats, overdueFollowUps } });
  }
}
