import type { ChatTarget } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { DeliveryRow } from '../database/schema';
import { UnreadableSecret } from '../webhooks/webhook-secret-box';
import { WebhookRefused, WebhookSender } from '../webhooks/webhook-sender';
import { chatMessage } from './chat-messages';
import type { StoredSubject } from './delivery-subjects.repository';
import { NotificationPlan } from './notification-plan';

/**
 * Posts a submission to its route's Slack or Teams channel (an outbox row `<kind>.chat`, payload `{ route }`): to
 * the channel the route has when the post goes out, under the address rules and timeout of webhook calls. A 2xx
 * answer is delivered; anything else is thrown for the outbox to retry, WebhookRefused when retrying cannot help.
 */
@Injectable()
export class ChatSender {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly plan: NotificationPlan,
    private readonly webhooks: WebhookSender,
  ) {}

  async send(row: DeliveryRow, subject: StoredSubject | undefined): Promise<void> {
    const target = await this.targetOf(row.payload?.route);
    if (!target) throw new WebhookRefused('the route no longer posts to a chat channel');
    if (!subject || subject.kind === 'job') throw new WebhookRefused('what this post was about no longer exists');
    const body = JSON.stringify(chatMessage(target.kind, subject, this.config.server.publicUrl));
    const status = await this.webhooks.post(new URL(target.url), body, { 'content-type': 'application/json', 'user-agent': 'Brightwave-Notifications/1.0' });
    if (status < 200 || status > 299) throw new Error(`answered ${status}`);
  }

  /** The route's channel, its URL decrypted; one that cannot be decrypted is given up at once (trying again cannot help). */
  private async targetOf(route: unknown): Promise<ChatTarget | null> {
    try {
      return await this.plan.chatTarget(route);
    } catch (error) {
      if (!(error instanceof UnreadableSecret)) throw error;
      throw new WebhookRefused(
        `the chat URL cannot be decrypted (${this.config.keys.dataKeySource} changed since it was saved): enter it again in Settings → Notifications`,
      );
    }
  }
}
