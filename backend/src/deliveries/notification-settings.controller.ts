import { MESSAGES, NOTIFICATION_ROUTE_MAX_RECIPIENTS, type AnswerOf, type NotificationRoutes } from '@brightwave/common';
import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { NotificationPlan } from './notification-plan';
import { NotificationRoutesPipe } from './notification-routes';

/** Settings → Notifications: which staff addresses get the notifications of each kind of submission. */
@ApiTags('settings')
@Controller('api/admin/settings/notifications')
export class NotificationSettingsController {
  constructor(private readonly plan: NotificationPlan) {}

  @ApiOperation({
    summary: 'The notification routes',
    description: '`routes`: the staff addresses that get the notifications of each kind of submission; `fallback` (NOTIFY_TO) gets those of an empty route.',
  })
  @Get()
  @AdminOnly('owner')
  async get(): Promise<AnswerOf<'GET /api/admin/settings/notifications'>> {
    return ok({ settings: await this.plan.settings() });
  }

  @ApiOperation({ summary: 'Save the notification routes', description: 'A route left out is empty.' })
  @ApiErrors({
    400: `An unknown route, an address that is not an e-mail, or more than ${NOTIFICATION_ROUTE_MAX_RECIPIENTS} addresses on a route (\`errors['routes.<route>']\`; nothing is stored)`,
  })
  @Put()
  @AdminOnly('owner')
  async put(@Body(NotificationRoutesPipe) routes: NotificationRoutes): Promise<AnswerOf<'PUT /api/admin/settings/notifications'>> {
    return ok({ message: MESSAGES.notificationSettingsSaved, settings: await this.plan.saveRoutes(routes) });
  }
}
