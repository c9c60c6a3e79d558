import type { ContactQuery, Job, JobApplication, Lead } from '@brightwave/common';
import { toContact } from '../contacts/contact.mapper';
import type { StoredSubject } from '../deliveries/delivery-subjects.repository';
import { toJobApplication } from '../jobs/application.mapper';
import { toJob } from '../jobs/job.mapper';
import { toLead } from '../leads/lead.mapper';

/** What a webhook call is about, as the API shows it. */
export type WebhookItem = Lead | ContactQuery | Job | JobApplication;

/** A call's `data`: its subject as the API's own answers show it. */
export function webhookItem(subject: StoredSubject): WebhookItem {
  switch (subject.kind) {
    case 'lead':
      return toLead(subject);
    case 'contact':
      return toContact(subject);
    case 'job':
      return toJob(subject);
    case 'application':
      return toJobApplication(subject);
  }
}
