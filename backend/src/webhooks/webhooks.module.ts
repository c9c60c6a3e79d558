import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { WebhookSecretsAtRest } from './webhook-secrets-at-rest';
import { WebhookSender } from './webhook-sender';
import { WebhookSubscriptions } from './webhook-subscriptions';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/** Settings → Webhooks, which endpoints want an event, and the sender the delivery worker calls them with. */
@Module({
  imports: [AuditModule, AdminSessionsModule],
  controllers: [WebhooksController],
  providers: [WebhooksRepository, WebhooksService, WebhookSubscriptions, WebhookSender, WebhookSecretsAtRest],
  exports: [WebhookSubscriptions, WebhookSender],
})
export class WebhooksModule {}
