import type { AnswerOf } from '@brightwave/common';
import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { DashboardService } from './dashboard.service';

@ApiTags('dashboard')
@Controller('api/admin/dashboard')
export class DashboardController {
  constructor(private readonly dashboardService: DashboardService) {}

  @Get('stats')
  @AdminOnly('everyone')
  async stats(): Promise<AnswerOf<'GET /api/admin/dashboard/stats'>> {
    return ok({ stats: await this.dashboardService.stats() });
  }
}
