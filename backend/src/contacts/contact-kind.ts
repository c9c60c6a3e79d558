import { CONTACT_DEPARTMENT_LABELS, ITEM_KINDS, MESSAGES, type ContactQuery } from '@brightwave/common';
import { contacts, meetings, type ContactRow } from '../database/schema';
import { inboxCsv, inboxKindParts } from '../inbox/inbox-kind';
import { answerFields, optionalField, type ItemKind } from '../items/item-kind';
import { toContact } from './contact.mapper';

/** What the mails, chat posts and timeline show of a contact message. */
type ContactSubject = Pick<ContactRow, 'name' | 'email' | 'phone' | 'department' | 'message' | 'answers'>;

/** The messages of the contact form (`contacts`): an inbox of the sales team, one notification route per department. */
export const CONTACT_KIND = {
  ...ITEM_KINDS.contact,
  ...inboxKindParts('contact', contacts, toContact),
  cascades: [meetings],
  texts: { one: 'contact message', form: 'contact' as const, created: MESSAGES.contactSuccess, notFound: MESSAGES.contactNotFound },
  csv: inboxCsv<ContactRow>('contact', [
    ['Phone', (message) => message.phone],
    ['Department', department],
    ['Message', (message) => message.message],
  ]),
  route: (message: Pick<ContactRow, 'department'>) => `contact.${message.department}`,
  mails: (message: ContactSubject) => ({
    staff: {
      subject: `New message for ${department(message)}: ${message.name}`,
      paragraph: `${message.name} sent a message to ${department(message)}. Reply to this mail to answer them.`,
      fields: [
        ['Name', message.name],
        ['Email', message.email],
        ...optionalField('Phone', message.phone),
        ['Department', department(message)],
        ['Message', message.message],
        ...answerFields(message.answers),
      ],
      link: 'Open the message',
    },
    itemName: `the message from ${message.name}`,
    confirmation: {
      subject: 'We received your message',
      paragraph: `Thank you for writing to us. Our ${department(message)} team will answer you by e-mail.`,
      fields: [['Department', department(message)]],
    },
  }),
  chat: (message: ContactSubject) => ({ aboutTitle: 'Department', about: department(message) }),
  submitted: () => 'Sent the contact form',
} satisfies ItemKind<'contact', { row: ContactRow; record: ContactRow; subject: ContactSubject; item: ContactQuery }>;

/** The department written to, as a person reads it. */
function department(message: Pick<ContactRow, 'department'>): string {
  return CONTACT_DEPARTMENT_LABELS[message.department] ?? message.department;
}
