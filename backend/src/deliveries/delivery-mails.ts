import {
  CONTACT_DEPARTMENT_LABELS,
  JOB_DEPARTMENT_LABELS,
  MESSAGES,
  SERVICE_LABELS,
  WORK_ITEM_PATHS,
  type ContactDepartment,
  type DeliveryTopic,
  type JobDepartment,
  type ServiceKey,
} from '@brightwave/common';
import { candidateMail, isCandidateMailPayload } from '../hiring/candidate-mail';
import type { MailMessage } from '../mail/mail.service';
import { fieldRows, linkLine, oneLine, paragraph, renderMail } from '../mail/mail-layout';
import { plainName } from './plain-name';

/** What a mail is about: the part of its StoredSubject (read when it is sent) that a mail shows. */
export type DeliverySubject =
  | { kind: 'lead'; id: string; name: string; email: string; service: ServiceKey; message: string; createdAt: Date }
  | {
      kind: 'contact';
      id: string;
      name: string;
      email: string;
      phone: string | null;
      department: ContactDepartment;
      message: string;
      createdAt: Date;
    }
  | {
      kind: 'application';
      id: string;
      fullName: string;
      email: string;
      phone: string;
      experience: string;
      coverLetter: string | null;
      portfolio: string | null;
      createdAt: Date;
      job: { id: string; title: string; department: JobDepartment };
    };

export interface MailContext {
  /** PUBLIC_URL: links to the admin app. */
  publicUrl: string;
  /** The company's name, as the sender's display name says it. */
  companyName: string;
}

type Field = [label: string, value: string];

/** What a mail says: its subject, then the greeting (a confirmation), paragraph, fields and link, and the signature. */
interface MailContent {
  subject: string;
  greeting?: string;
  paragraph: string;
  /** Label and value rows (a staff mail: every field the visitor sent; a confirmation: only our own labels). */
  fields: Field[];
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

/** A field row only when the visitor filled the field in. */
const optional = (label: string, value: string | null): Field[] => (value ? [[label, value]] : []);

/** The two mails of a submission, before the date received (the last field of both) and the signature. */
interface SubmissionMails {
  /** The visitor: greeted by the confirmation, the Reply-To of the staff mail. */
  visitor: { name: string; email: string };
  /** The staff mail; its link opens the item's page in the admin app (WORK_ITEM_PATHS). */
  staff: { subject: string; paragraph: string; fields: Field[]; link: string };
  confirmation: { subject: string; paragraph: string; fields: Field[] };
  /** What the workspace mails (assigned, reminder) call the item: "the quote request from Ann Lee". */
  itemName: string;
}

function mailsOf(subject: DeliverySubject): SubmissionMails {
  switch (subject.kind) {
    case 'lead': {
      const service = SERVICE_LABELS[subject.service] ?? subject.service;
      return {
        visitor: { name: subject.name, email: subject.email },
        staff: {
          subject: `New quote request: ${subject.name} (${service})`,
          paragraph: `${subject.name} asked for a quote. Reply to this mail to answer them.`,
          fields: [
            ['Name', subject.name],
            ['Email', subject.email],
            ['Service', service],
            ['Message', subject.message],
          ],
          link: 'Open the quote request',
        },
        itemName: `the quote request from ${subject.name}`,
        confirmation: { subject: 'We received your quote request', paragraph: MESSAGES.quoteSuccess, fields: [['Service', service]] },
      };
    }
    case 'contact': {
      const department = CONTACT_DEPARTMENT_LABELS[subject.department] ?? subject.department;
      return {
        visitor: { name: subject.name, email: subject.email },
        staff: {
          subject: `New message for ${department}: ${subject.name}`,
          paragraph: `${subject.name} sent a message to ${department}. Reply to this mail to answer them.`,
          fields: [
            ['Name', subject.name],
            ['Email', subject.email],
            ...optional('Phone', subject.phone),
            ['Department', department],
            ['Message', subject.message],
          ],
          link: 'Open the message',
        },
        itemName: `the message from ${subject.name}`,
        confirmation: {
          subject: 'We received your message',
          paragraph: `Thank you for writing to us. Our ${department} team will answer you by e-mail.`,
          fields: [['Department', department]],
        },
      };
    }
    case 'application': {
      const { job } = subject;
      const department = JOB_DEPARTMENT_LABELS[job.department] ?? job.department;
      return {
        visitor: { name: subject.fullName, email: subject.email },
        staff: {
          subject: `New application: ${subject.fullName} for ${job.title}`,
          paragraph: `${subject.fullName} applied for ${job.title} (${department}). The resume is in the admin app.`,
          fields: [
            ['Position', job.title],
            ['Name', subject.fullName],
            ['Email', subject.email],
            ['Phone', subject.phone],
            ['Experience', subject.experience],
            ...optional('Portfolio', subject.portfolio),
            ...optional('Cover letter', subject.coverLetter),
          ],
          link: 'Open the application',
        },
        itemName: `the application of ${subject.fullName} for ${job.title}`,
        confirmation: {
          subject: `We received your application for ${job.title}`,
          paragraph: `Thank you for applying for ${job.title}. Our team reads every application and will contact you by e-mail about the next steps.`,
          fields: [
            ['Position', job.title],
            ['Department', department],
          ],
        },
      };
    }
  }
}

/**
 * The mail of one outbox row: the staff notification (`<kind>.staff`), the visitor's confirmation
 * (`<kind>.confirmation`), or a workspace mail to one admin: the item was assigned to them (`<kind>.assigned`, the
 * payload's `assignedBy` names who did it, null for an automatic assignment) or its follow-up came due
 * (`<kind>.reminder`, the payload's `followUpAt`). Staff and workspace mails link to the item's page. A recruiter's
 * mail to a candidate (`application.candidate`) says what its payload holds (hiring/candidate-mail.ts).
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
  const { visitor, staff, confirmation, itemName } = mailsOf(subject);
  const received: Field = ['Received', subject.createdAt.toUTCString()];
  const signature = context.companyName;
  const link = { label: staff.link, href: `${context.publicUrl}/admin/${WORK_ITEM_PATHS[subject.kind]}/${subject.id}` };
  const purpose = topic.slice(subject.kind.length + 1);
  if (purpose === 'confirmation') {
    return render({ ...confirmation, greeting: greeting(visitor.name), fields: [...confirmation.fields, received], signature });
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
  return { ...mail, replyTo: { name: oneLine(visitor.name), address: visitor.email } };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
