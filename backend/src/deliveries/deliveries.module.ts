import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { MailModule } from '../mail/mail.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ChatSender } from './chat-sender';
import { ChatUrlsAtRest } from './chat-urls-at-rest';
import { DeliveriesController } from './deliveries.controller';
import { DeliveriesService } from './deliveries.service';
import { DeliveryWorker } from './delivery-worker';
import { DeliverySubjectsRepository } from './delivery-subjects.repository';
import { NotificationPlan } from './notification-plan';
import { NotificationRoutesRepository } from './notification-routes.repository';
import { NotificationSettingsController } from './notification-settings.controller';
import { OutboxRepository } from './outbox.repository';

/** The outbox: who is told of a submission (and its settings screen), and the worker that sends what was stored with it: mails, webhook calls, chat posts. */
@Module({
  imports: [MailModule, WebhooksModule, AuditModule, AdminSessionsModule],
  controllers: [NotificationSettingsController, DeliveriesController],
  providers: [
    OutboxRepository,
    DeliverySubjectsRepository,
    DeliveryWorker,
    ChatSender,
    NotificationPlan,
    NotificationRoutesRepository,
    ChatUrlsAtRest,
    DeliveriesService,
  ],
  exports: [DeliveryWorker, NotificationPlan],
})
export class DeliveriesModule {}
