import { MESSAGES, type Webhook } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { CreateWebhookDto } from './dto/create-webhook.dto';
import { checkedCallUrl } from './webhook-address';
import { sealSecret } from './webhook-secret-box';
import { toWebhook } from './webhook.mapper';
import { newWebhookSecret } from './webhook-signature';
import { WebhookSubscriptions } from './webhook-subscriptions';
import { WebhooksRepository } from './webhooks.repository';

const WEBHOOK_CALLER = { example: 'https://hooks.example.com/brightwave', refusal: 'Webhooks cannot call' };

/** Settings → Webhooks: the endpoints that are called on events, each with its own signing secret. */
@Injectable()
export class WebhooksService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: WebhooksRepository,
    private readonly subscriptions: WebhookSubscriptions,
    private readonly audit: AuditLog,
  ) {}

  async list(): Promise<Webhook[]> {
    return (await this.repository.list()).map(toWebhook);
  }

  /** Adds an endpoint; the answer is the only time its secret is shown (it is stored encrypted). */
  async create(dto: CreateWebhookDto): Promise<{ webhook: Webhook; secret: string }> {
    const url = await this.checkedUrl(dto.url);
    const secret = newWebhookSecret();
    const row = await this.repository.insert({ url, events: dto.events, secret: sealSecret(this.config.keys.webhookSecrets[0], secret) });
    this.subscriptions.forget();
    // Field names and events only: the secret never, the address neither (it may carry a token in its path).
    await this.audit.record('webhook.created', { kind: 'webhook', id: row.id }, { fields: ['url', 'events'], events: row.events });
    return { webhook: toWebhook(row), secret };
  }

  async setEnabled(id: string, enabled: boolean): Promise<Webhook> {
    const row = isId(id) ? await this.repository.setEnabled(id, enabled, 'the webhook was disabled') : undefined;
    if (!row) throw DomainError.notFound(MESSAGES.webhookNotFound);
    this.subscriptions.forget();
    await this.audit.record('webhook.updated', { kind: 'webhook', id }, { fields: ['enabled'], enabled });
    return toWebhook(row);
  }

  async delete(id: string): Promise<void> {
    const deleted = isId(id) && (await this.repository.delete(id, 'the webhook was deleted'));
    if (!deleted) throw DomainError.notFound(MESSAGES.webhookNotFound);
    this.subscriptions.forget();
    await this.audit.record('webhook.deleted', { kind: 'webhook', id });
  }

  private async checkedUrl(raw: string): Promise<string> {
    const checked = await checkedCallUrl(raw, this.config.webhooks, WEBHOOK_CALLER);
    if ('problem' in checked) throw DomainError.invalid(checked.problem, { url: checked.problem });
    return checked.url;
  }
}
