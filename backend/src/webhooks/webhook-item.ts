import type { ContactQuery, Job, JobApplication, Lead } from '@brightwave/common';
import type { StoredSubject } from '../deliveries/delivery-subjects.repository';
import { itemOf } from '../items/item-kinds';
import { toJob } from '../jobs/job.mapper';

/** What a webhook call is about, as the API shows it. */
export type WebhookItem = Lead | ContactQuery | Job | JobApplication;

/** A call's `data`: its subject as the API's own answers show it. */
export function webhookItem(subject: StoredSubject): WebhookItem {
  return subject.kind === 'job' ? toJob(subject) : itemOf(subject.kind, subject);
}
