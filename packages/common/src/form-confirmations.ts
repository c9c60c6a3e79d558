// What a public form shows in its place once sent (decision 070). Its own module, which nothing on a page's first load
// imports: only the chunk that shows it, loaded after a success, carries these texts.
import type { ContactDepartment } from './enums';
import { QUOTE_REPLY_TIME } from './limits';

/** `{email}` stands for the address the visitor typed. */
export const FORM_CONFIRMATIONS = {
  quote: { heading: 'Quote request received', reply: `Our team will reply to {email} ${QUOTE_REPLY_TIME}.`, again: 'Send another request' },
  contact: { heading: 'Message sent', reply: '{team} will reply to {email} during our working hours.', again: 'Send another message' },
  application: { heading: 'Application received', reply: 'Our hiring team will review it and write to you at {email}.', done: 'Done' },
  /** Only when the server mails confirmations (the answer's `sendsConfirmations`). */
  mailed: 'A confirmation is on its way to that address.',
  portfolio: 'See our portfolio',
  /** Under a quote's or contact message's confirmation when its owner can be booked (the answer's `booking`). */
  bookCall: (name: string) => `Book a call with ${name}`,
} as const;

/** Who answers a contact message of each department (`{team}` above). */
export const CONTACT_REPLIERS: Record<ContactDepartment, string> = {
  sales: 'Our sales team',
  support: 'Our support team',
  billing: 'Our billing team',
  general: 'Our team',
};

/** After the apply route's rate limit refused an application (429): the way that still works. */
export const APPLY_BY_EMAIL = 'Or e-mail your application to';
