import { MESSAGES, type AnswerOf, type NotificationRoutes } from '@brightwave/common';
import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { NotificationPlan } from './notification-plan';
import { NotificationRoutesPipe } from './notification-routes';

/** Settings → Notifications: which staff addresses get the notifications of each kind of submission. */
@ApiTags('settings')
@Controller('api/admin/settings/notifications')
export class NotificationSettingsController {
  constructor(private readonly plan: NotificationPlan) {}

  @Get()
  @AdminOnly('owner')
  async get(): Promise<AnswerOf<'GET /api/admin/settings/notifications'>> {
    return ok({ settings: await this.plan.settings() });
  }

  @Put()
  @AdminOnly('owner')
  async put(@Body(NotificationRoutesPipe) routes: NotificationRoutes): Promise<AnswerOf<'PUT /api/admin/settings/notifications'>> {
    return ok({ message: MESSAGES.notificationSettingsSaved, settings: await this.plan.saveRoutes(routes) });
  }
}
