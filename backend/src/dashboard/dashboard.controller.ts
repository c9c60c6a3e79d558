import { REPORT_DEFAULT_PERIOD, CHANNELS_MAX, DASHBOARD_CALL_DAYS, DASHBOARD_CALLS_MAX, itemKindsFor, type AnswerOf } from '@brightwave/common';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { UpcomingCallsService } from '../booking/upcoming-calls.service';
import { WorkspaceService } from '../workspace/workspace.service';
import { ok } from '../common/answer';
import { DashboardService } from './dashboard.service';
import { ChannelsQueryDto } from './dto/channels-query.dto';

@ApiTags('dashboard')
@Controller('api/admin/dashboard')
export class DashboardController {
  constructor(
    private readonly dashboardService: DashboardService,
    private readonly workspace: WorkspaceService,
    private readonly calls: UpcomingCallsService,
  ) {}

  @ApiOperation({
    summary: "The dashboard's figures",
    description:
      '`purgeFailing` is set while the last round of the retention purge (on any instance) failed, else null. ' +
      '`routesToNobody` lists the notification routes whose staff mail reaches nobody (no address on the route, no NOTIFY_TO, no active owner). ' +
      '`overdueFollowUps` counts the open items whose follow-up passed, of the kinds your role may see (zero for the others). ' +
      '`waitingForFirstReply`: the leads still New and contact messages still Pending (not spam), with when the oldest came in. ' +
      '`received`: the leads, contact messages and applications (not spam) and the jobs created in the last `days` days and in the `days` before. ' +
      `\`myCalls\`: the calls visitors booked with you that have not ended and start in the next ${DASHBOARD_CALL_DAYS} days, the soonest ${DASHBOARD_CALLS_MAX} (\`total\` counts all).`,
  })
  @Get('stats')
  @AdminOnly('everyone')
  async stats(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/admin/dashboard/stats'>> {
    const [stats, overdueFollowUps, myCalls] = await Promise.all([
      this.dashboardService.stats(),
      this.workspace.overdueCounts(admin.role),
      this.calls.of(admin.id, { days: DASHBOARD_CALL_DAYS, max: DASHBOARD_CALLS_MAX }),
    ]);
    return ok({ stats: { ...stats, overdueFollowUps, myCalls } });
  }

  @ApiOperation({
    summary: 'Submissions by channel',
    description:
      'The leads, contact messages and applications (not suspected spam) of the last `days` per attribution source and medium, the busiest ' +
      'first, with `qualified` (leads whose status is qualified now) and `hired` (applications hired now). Only the kinds your role may see ' +
      `are counted (\`kinds\`; the others count 0). Past ${CHANNELS_MAX} channels the rest are added up in one row with \`other: true\`. A \`source\` and ` +
      '`medium` of null are submissions stored before attribution was kept.',
  })
  @Get('channels')
  @AdminOnly('everyone')
  async channels(@Query() query: ChannelsQueryDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/admin/dashboard/channels'>> {
    const days = query.days ?? REPORT_DEFAULT_PERIOD;
    const kinds = itemKindsFor(admin.role);
    return ok({ days, kinds, channels: await this.dashboardService.channels(days, kinds) });
  }
}
