// What the outbox sends, by topic: mails and webhook events. Apart from enums.ts so the public site's bundle,
// which never shows them, does not carry them.

/** The events a webhook can receive (Settings → Webhooks); each call's `type`. */
export const WEBHOOK_EVENTS = [
  'lead.created',
  'contact.created',
  'application.created',
  'lead.status_changed',
  'contact.status_changed',
  'job.status_changed',
  'application.status_changed',
  // Booking a call (docs/features/booking.md): a visitor booked, moved or cancelled the call of a quote request or
  // contact message, or a candidate their interview. The call's `data` is MeetingWebhookData.
  'meeting.booked',
  'meeting.rescheduled',
  'meeting.cancelled',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'lead.created': 'Quote request received',
  'contact.created': 'Contact message received',
  'application.created': 'Job application received',
  'lead.status_changed': 'Quote request status changed',
  'contact.status_changed': 'Contact message status changed',
  'job.status_changed': 'Job status changed',
  'application.status_changed': 'Job application status changed',
  'meeting.booked': 'Call booked',
  'meeting.rescheduled': 'Call moved',
  'meeting.cancelled': 'Call cancelled',
};

/** The webhook events of a booked call: its `data` is the call (MeetingWebhookData), not the item. */
export const MEETING_WEBHOOK_EVENTS = ['meeting.booked', 'meeting.rescheduled', 'meeting.cancelled'] as const satisfies readonly WebhookEvent[];
export type MeetingWebhookEvent = (typeof MEETING_WEBHOOK_EVENTS)[number];

/** Whether a webhook call is about a booked call (its subject's kind is in its payload, not in its topic). */
export function isMeetingWebhookEvent(topic: string): topic is MeetingWebhookEvent {
  return (MEETING_WEBHOOK_EVENTS as readonly string[]).includes(topic);
}

/** A post to the Slack or Teams channel of a submission's route (Settings → Notifications), beside the staff mail. */
export const CHAT_TOPICS = ['lead.chat', 'contact.chat', 'application.chat'] as const;
export type ChatTopic = (typeof CHAT_TOPICS)[number];

/** What each kind of outgoing message is, as the Deliveries screen names it. */
export const DELIVERY_TOPICS = [
  'lead.staff',
  'lead.confirmation',
  'contact.staff',
  'contact.confirmation',
  'application.staff',
  'application.confirmation',
  // The staff workspace (docs/features/workspace.md): the new owner is told, and a due follow-up is reminded.
  'lead.assigned',
  'contact.assigned',
  'application.assigned',
  'lead.reminder',
  'contact.reminder',
  'application.reminder',
  // Hiring (docs/features/hiring.md): a mail to the candidate written from a template by a recruiter.
  'application.candidate',
  // Booking a call (docs/features/booking.md): a call's invitation, change, cancellation and reminders, to the visitor
  // and to the staff member, about the quote request or contact message it was booked from (an interview's: the
  // application's).
  'lead.meeting',
  'contact.meeting',
  'application.meeting',
  ...CHAT_TOPICS,
  ...WEBHOOK_EVENTS,
] as const;
export type DeliveryTopic = (typeof DELIVERY_TOPICS)[number];
export const DELIVERY_TOPIC_LABELS: Record<DeliveryTopic, string> = {
  'lead.staff': 'Quote request: staff notification',
  'lead.confirmation': 'Quote request: confirmation to the visitor',
  'contact.staff': 'Contact message: staff notification',
  'contact.confirmation': 'Contact message: confirmation to the visitor',
  'application.staff': 'Job application: staff notification',
  'application.confirmation': 'Job application: confirmation to the applicant',
  'lead.assigned': 'Quote request: assigned to an admin',
  'contact.assigned': 'Contact message: assigned to an admin',
  'application.assigned': 'Job application: assigned to an admin',
  'lead.reminder': 'Quote request: follow-up reminder',
  'contact.reminder': 'Contact message: follow-up reminder',
  'application.reminder': 'Job application: follow-up reminder',
  'application.candidate': 'Job application: e-mail to the candidate',
  'lead.meeting': 'Quote request: e-mail about a booked call',
  'contact.meeting': 'Contact message: e-mail about a booked call',
  'application.meeting': 'Job application: e-mail about a booked interview',
  'lead.chat': 'Quote request: chat post',
  'contact.chat': 'Contact message: chat post',
  'application.chat': 'Job application: chat post',
  ...(Object.fromEntries(WEBHOOK_EVENTS.map((event) => [event, `Webhook: ${WEBHOOK_EVENT_LABELS[event].toLowerCase()}`])) as Record<WebhookEvent, string>),
};

/** Whether an outbox row is a webhook call (its topic is the event) rather than a mail. */
export function isWebhookEvent(topic: string): topic is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(topic);
}

/** Whether an outbox row is a post to a chat channel rather than a mail. */
export function isChatTopic(topic: string): topic is ChatTopic {
  return (CHAT_TOPICS as readonly string[]).includes(topic);
}
