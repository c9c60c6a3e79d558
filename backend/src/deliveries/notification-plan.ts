import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { NewDelivery } from '../database/schema';
import type { DeliverySubject } from './delivery-mails';

/** Who is told of a submission: the staff of NOTIFY_TO, and the visitor who sent it (a confirmation). */
@Injectable()
export class NotificationPlan {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  for(kind: DeliverySubject['kind'], visitorEmail: string): NewDelivery[] {
    const messages: NewDelivery[] = [];
    if (this.config.notifyTo.length > 0) messages.push({ topic: `${kind}.staff`, recipient: this.config.notifyTo.join(', ') });
    if (this.config.sendConfirmations) messages.push({ topic: `${kind}.confirmation`, recipient: visitorEmail });
    return messages;
  }
}
