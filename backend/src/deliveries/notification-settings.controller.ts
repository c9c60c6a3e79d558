import { MESSAGES, NOTIFICATION_ROUTE_MAX_ASSIGNEES, NOTIFICATION_ROUTE_MAX_RECIPIENTS, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { NotificationPlan } from './notification-plan';
import { NotificationRoutingPipe, type RoutingChange } from './notification-routes';

/**
 * Settings → Notifications: per kind of submission, which staff addresses get its notifications, which chat channel
 * is told too, and which admins take the new items in turn.
 */
@ApiTags('settings')
@Controller('api/admin/settings/notifications')
export class NotificationSettingsController {
  constructor(private readonly plan: NotificationPlan) {}

  @ApiOperation({
    summary: 'The notification routes',
    description:
      '`routes`: the staff addresses that get the notifications of each kind of submission; `fallback` (NOTIFY_TO) gets those of an empty route, ' +
      'and when it is empty `owners` (every active owner, as they are when a submission is stored). ' +
      '`chat`: the Slack or Microsoft Teams channel each route also posts to, as `{ kind, host }` (its URL is stored encrypted and never shown), or null. ' +
      '`assignees`: the admins (ids) who take the new items of each route in turn (round-robin; empty: new items arrive unowned).',
  })
  @Get()
  @AdminOnly('owner')
  async get(): Promise<AnswerOf<'GET /api/admin/settings/notifications'>> {
    return ok({ settings: await this.plan.settings() });
  }

  @ApiOperation({
    summary: 'Save the notification routes',
    description:
      'A route left out is empty; so are `chat` and `assignees` left out. A chat is `{ kind, url }` for a new channel, `{ kind }` to keep the saved one ' +
      '(of that kind), or null; its URL follows the address rules of webhooks (https://, nothing inside the network); the assignees must be admins whose role covers the route (a disabled one is skipped until enabled again).',
  })
  @ApiErrors({
    400:
      `An unknown route, an address that is not an e-mail, more than ${NOTIFICATION_ROUTE_MAX_RECIPIENTS} addresses on a route, a chat that is not ` +
      `\`{ kind: 'slack' | 'teams', url? }\`, whose URL is refused or that keeps a channel the route does not have, an assignee who is not an admin of the route's area, or more than ` +
      `${NOTIFICATION_ROUTE_MAX_ASSIGNEES} assignees (\`errors['routes.<route>']\`, \`errors['chat.<route>']\`, \`errors['assignees.<route>']\`; nothing is stored)`,
  })
  @Put()
  @AdminOnly('owner')
  async put(@Body(NotificationRoutingPipe) routing: RoutingChange): Promise<AnswerOf<'PUT /api/admin/settings/notifications'>> {
    return ok({ message: MESSAGES.notificationSettingsSaved, settings: await this.plan.save(routing) });
  }
}
