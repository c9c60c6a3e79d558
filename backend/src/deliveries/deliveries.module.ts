import { Global, Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { DeliveryWorker } from './delivery-worker';
import { NotificationPlan } from './notification-plan';
import { OutboxRepository } from './outbox.repository';

/** The outbox: who is told of a submission, and the worker that sends what was stored with it. */
@Global()
@Module({
  imports: [MailModule],
  providers: [OutboxRepository, DeliveryWorker, NotificationPlan],
  exports: [DeliveryWorker, NotificationPlan],
})
export class DeliveriesModule {}
