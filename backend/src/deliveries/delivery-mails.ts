import { ITEM_KINDS, type DeliveryTopic, type WorkItemKind } from '@brightwave/common';
import { isMeetingMailPayload, isMeetingTopic, meetingMail } from '../booking/meeting-mails';
import { candidateMail, isCandidateMailPayload } from '../hiring/candidate-mail';
import type { ItemMails, MailField } from '../items/item-kind';
import { ITEMS, type ItemSubject } from '../items/item-kinds';
import type { MailMessage } from '../mail/mail.service';
import { fieldRows, linkLine, oneLine, paragraph, renderMail } from '../mail/mail-layout';
import { plainName } from './plain-name';

/** What a mail is about: the part of its StoredSubject (read when it is sent) that a mail shows, per its kind (ItemSubject). */
export type DeliverySubject = { [Kind in WorkItemKind]: { kind: Kind; id: string; createdAt: Date } & ItemSubject<Kind> }[WorkItemKind];

export interface MailContext {
  /** PUBLIC_URL: links to the admin app. */
  publicUrl: string;
  /** The company's name, as the sender's display name says it. */
  companyName: string;
}

/** What a mail says: its subject, then the greeting (a confirmation), paragraph, fields and link, and the signature. */
interface MailContent {
  subject: string;
  greeting?: string;
  paragraph: string;
  /** Label and value rows (a staff mail: every field the visitor sent; a confirmation: only our own labels). */
  fields: MailField[];
  link?: { label: string; href: string };
  signature: string;
}

/** Every outbox mail in the one mail layout (renderMail): a text part and an HTML part saying the same. */
function render(content: MailContent): Pick<MailMessage, 'subject' | 'text' | 'html'> {
  return renderMail(content.subject, [
    ...(content.greeting ? [paragraph(content.greeting)] : []),
    paragraph(content.paragraph),
    fieldRows(content.fields),
    ...(content.link ? [linkLine(content.link.label, content.link.href)] : []),
    paragraph(content.signature),
  ]);
}

/**
 * A confirmation goes to whatever address was typed into a form, so it carries none of the visitor's text (no
 * message, phone, cover letter or link): only our own labels (service, department, job title), the date and, when
 * it is a plain name, the name in the greeting. Staff mails show every field.
 */
const greeting = (name: string) => {
  const plain = plainName(name);
  return plain ? `Hello ${plain},` : 'Hello,';
};

/** The mails of the subject's kind (its entry of the registry says what they say), and who sent it. */
function mailsOf<Kind extends WorkItemKind>(kind: Kind, subject: ItemSubject<Kind>): ItemMails & { sender: string } {
  return { ...ITEMS[kind].mails(subject), sender: ITEMS[kind].sender(subject) };
}

/**
 * The mail of one outbox row: the staff notification (`<kind>.staff`), the visitor's confirmation
 * (`<kind>.confirmation`), or a workspace mail to one admin: the item was assigned to them (`<kind>.assigned`, the
 * payload's `assignedBy` names who did it, null for an automatic assignment) or its follow-up came due
 * (`<kind>.reminder`, the payload's `followUpAt`). Staff and workspace mails link to the item's page. A recruiter's
 * mail to a candidate (`application.candidate`) says what its payload holds (hiring/candidate-mail.ts), and so does a
 * mail about a booked call (`<kind>.meeting`, booking/meeting-mails.ts; its invitation is the row's `calendar`).
 */
export function deliveryMail(
  topic: DeliveryTopic,
  subject: DeliverySubject,
  context: MailContext,
  payload: Record<string, unknown> | null = null,
): Omit<MailMessage, 'to' | 'messageId' | 'topic'> {
  if (topic === 'application.candidate') {
    // Written only with an application and its text (HiringService): anything else is a bug, retried and then failed.
    if (subject.kind !== 'application' || !isCandidateMailPayload(payload)) throw new Error('a candidate mail without its application or its text');
    return candidateMail({ fullName: subject.fullName, jobTitle: subject.job.title }, payload);
  }
  if (isMeetingTopic(topic)) {
    // Written only by meetingInvitationMails: anything else is a bug, retried and then failed.
    if (!isMeetingMailPayload(payload)) throw new Error('a meeting mail without its meeting');
    return meetingMail(payload);
  }
  const { sender, staff, confirmation, itemName } = mailsOf(subject.kind, subject);
  const received: MailField = ['Received', subject.createdAt.toUTCString()];
  const signature = context.companyName;
  const link = { label: staff.link, href: `${context.publicUrl}/admin/${ITEM_KINDS[subject.kind].adminPath}/${subject.id}` };
  const purpose = topic.slice(subject.kind.length + 1);
  if (purpose === 'confirmation') {
    return render({ ...confirmation, greeting: greeting(sender), fields: [...confirmation.fields, received], signature });
  }
  if (purpose === 'assigned' || purpose === 'reminder') {
    const assignedBy = typeof payload?.assignedBy === 'string' ? oneLine(payload.assignedBy) : null;
    const followUpAt = typeof payload?.followUpAt === 'string' ? new Date(payload.followUpAt).toUTCString() : 'now';
    const about = capitalised(itemName);
    return render(
      purpose === 'assigned'
        ? {
            subject: `Assigned to you: ${itemName}`,
            paragraph: assignedBy ? `${assignedBy} assigned ${itemName} to you.` : `${about} was assigned to you automatically (round-robin).`,
            fields: [...staff.fields, received],
            link,
            signature,
          }
        : {
            subject: `Follow up: ${itemName}`,
            paragraph: `The follow-up set for ${followUpAt} on ${itemName} is due.`,
            fields: [...staff.fields, received],
            link,
            signature,
          },
    );
  }
  const mail = render({ ...staff, fields: [...staff.fields, received], link, signature });
  return { ...mail, replyTo: { name: oneLine(sender), address: subject.email } };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
