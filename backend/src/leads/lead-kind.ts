import { ITEM_KINDS, MESSAGES, SERVICE_LABELS, type Lead } from '@brightwave/common';
import { leads, meetings, type LeadRow } from '../database/schema';
import { inboxCsv, inboxKindParts } from '../inbox/inbox-kind';
import { answerFields, type ItemKind } from '../items/item-kind';
import { toLead } from './lead.mapper';

/** What the mails, chat posts and timeline show of a quote request. */
type LeadSubject = Pick<LeadRow, 'name' | 'email' | 'service' | 'message' | 'answers'>;

/** The quote requests (`leads`): an inbox of the sales team, one notification route for all. */
export const LEAD_KIND = {
  ...ITEM_KINDS.lead,
  ...inboxKindParts('lead', leads, toLead),
  cascades: [meetings],
  texts: { one: 'lead', form: 'quote' as const, created: MESSAGES.quoteSuccess, notFound: MESSAGES.leadNotFound },
  csv: inboxCsv<LeadRow>('lead', [
    ['Service', service],
    ['Message', (lead) => lead.message],
  ]),
  route: () => 'lead',
  mails: (lead: LeadSubject) => ({
    staff: {
      subject: `New quote request: ${lead.name} (${service(lead)})`,
      paragraph: `${lead.name} asked for a quote. Reply to this mail to answer them.`,
      fields: [['Name', lead.name], ['Email', lead.email], ['Service', service(lead)], ['Message', lead.message], ...answerFields(lead.answers)],
      link: 'Open the quote request',
    },
    itemName: `the quote request from ${lead.name}`,
    confirmation: { subject: 'We received your quote request', paragraph: MESSAGES.quoteSuccess, fields: [['Service', service(lead)]] },
  }),
  chat: (lead: LeadSubject) => ({ aboutTitle: 'Service', about: service(lead) }),
  submitted: () => 'Sent the quote request form',
} satisfies ItemKind<'lead', { row: LeadRow; record: LeadRow; subject: LeadSubject; item: Lead }>;

/** The service asked for, as a person reads it. */
function service(lead: Pick<LeadRow, 'service'>): string {
  return SERVICE_LABELS[lead.service] ?? lead.service;
}
