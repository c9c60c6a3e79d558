import type { AnswerOf } from '@brightwave/common';
import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { DashboardService } from './dashboard.service';

@ApiTags('dashboard')
@Controller('api/admin/dashboard')
export class DashboardController {
  constructor(private readonly dashboardService: DashboardService) {}

  @ApiOperation({
    summary: "The dashboard's figures",
    description: '`purgeFailing` is set while the last round of the retention purge (on any instance) failed, else null.',
  })
  @Get('stats')
  @AdminOnly('everyone')
  async stats(): Promise<AnswerOf<'GET /api/admin/dashboard/stats'>> {
    return ok({ stats: await this.dashboardService.stats() });
  }
}
