import { isMeetingWebhookEvent, type ContactQuery, type Job, type JobApplication, type Lead } from '@brightwave/common';
import { meetingWebhookData } from '../booking/meeting-webhooks';
import type { DeliveryRow } from '../database/schema';
import type { StoredSubject } from '../deliveries/delivery-subjects.repository';
import { itemOf } from '../items/item-kinds';
import { toJob } from '../jobs/job.mapper';

/** What a webhook call is about, as the API shows it. */
type WebhookItem = Lead | ContactQuery | Job | JobApplication;

/** A call's subject as the API's own answers show it. */
function webhookItem(subject: StoredSubject): WebhookItem {
  return subject.kind === 'job' ? toJob(subject) : itemOf(subject.kind, subject);
}

/**
 * A call's `data`: its subject as the API shows it now; a status change adds the status of the moment (the item may
 * have changed again since) and the one before; a booked call's event is the call as it was then, with its item
 * (booking/meeting-webhooks.ts).
 */
export function webhookData(row: Pick<DeliveryRow, 'topic' | 'payload'>, subject: StoredSubject): object {
  if (isMeetingWebhookEvent(row.topic) && subject.kind !== 'job') {
    return meetingWebhookData(row.payload, { kind: subject.kind, id: subject.id, shown: itemOf(subject.kind, subject) });
  }
  const item = webhookItem(subject);
  const change = row.payload as { from?: string; to?: string } | null;
  return change?.to ? { ...item, status: change.to, previousStatus: change.from } : item;
}
