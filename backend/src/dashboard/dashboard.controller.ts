import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { DashboardService } from './dashboard.service';

@ApiTags('dashboard')
@Controller('api/admin/dashboard')
export class DashboardController {
  constructor(private readonly dashboardService: DashboardService) {}

  @Get('stats')
  @AdminOnly()
  async stats() {
    return { success: true, stats: await this.dashboardService.stats() };
  }
}
