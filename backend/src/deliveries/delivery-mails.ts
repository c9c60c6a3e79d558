import {
  CONTACT_DEPARTMENT_LABELS,
  JOB_DEPARTMENT_LABELS,
  MESSAGES,
  SERVICE_LABELS,
  type ContactDepartment,
  type DeliveryTopic,
  type JobDepartment,
  type ServiceKey,
} from '@brightwave/common';
import type { MailMessage } from '../mail/mail.service';
import { escapeHtml } from '../mail/login-code.mail';
import { plainName } from './plain-name';

/** What a mail is about, as read from the database when it is sent. */
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

/** A visitor's text inside a header (the subject): one line, whatever they typed. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

interface Layout {
  subject: string;
  greeting?: string;
  paragraphs: string[];
  /** Label and value rows (a staff mail: every field the visitor sent; a confirmation: only our own labels). */
  fields?: Array<[string, string]>;
  link?: { label: string; href: string };
  signature: string;
}

/** The one layout of every outbox mail: a text part and an HTML part saying the same, every value escaped. */
function render(layout: Layout): Pick<MailMessage, 'subject' | 'text' | 'html'> {
  const fields = layout.fields ?? [];
  const text = [
    ...(layout.greeting ? [layout.greeting, ''] : []),
    ...layout.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...fields.map(([label, value]) => `${label}: ${value}`),
    ...(fields.length ? [''] : []),
    ...(layout.link ? [`${layout.link.label}: ${layout.link.href}`, ''] : []),
    layout.signature,
  ].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Arial, sans-serif; color: #111827;">',
    ...(layout.greeting ? [`<p>${escapeHtml(layout.greeting)}</p>`] : []),
    ...layout.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(fields.length
      ? [
          '<table cellpadding="4" style="border-collapse: collapse;">',
          ...fields.map(
            ([label, value]) =>
              `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space: pre-wrap;">${escapeHtml(value)}</td></tr>`,
          ),
          '</table>',
        ]
      : []),
    ...(layout.link ? [`<p><a href="${escapeHtml(layout.link.href)}">${escapeHtml(layout.link.label)}</a></p>`] : []),
    `<p>${escapeHtml(layout.signature)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: oneLine(layout.subject), text, html };
}

const received = (date: Date) => date.toUTCString();

/**
 * A confirmation goes to whatever address was typed into a form, so it carries none of the visitor's text (no
 * message, phone, cover letter or link): only our own labels (service, department, job title), the date and, when
 * it is a plain name, the name in the greeting. Staff mails show every field.
 */
const greeting = (name: string) => {
  const plain = plainName(name);
  return plain ? `Hello ${plain},` : 'Hello,';
};

/** The mail of one outbox row; `undefined` for a topic that does not fit the subject. */
export function deliveryMail(topic: DeliveryTopic, subject: DeliverySubject, context: MailContext): Omit<MailMessage, 'to' | 'messageId' | 'topic'> {
  const signature = `${context.companyName}`;
  const admin = (path: string) => `${context.publicUrl}/admin/${path}`;
  switch (subject.kind) {
    case 'lead': {
      const service = SERVICE_LABELS[subject.service] ?? subject.service;
      if (topic === 'lead.staff') {
        return {
          ...render({
            subject: `New quote request: ${subject.name} (${service})`,
            paragraphs: [`${subject.name} asked for a quote. Reply to this mail to answer them.`],
            fields: [['Name', subject.name], ['Email', subject.email], ['Service', service], ['Message', subject.message], ['Received', received(subject.createdAt)]],
            link: { label: 'Open the leads', href: admin('leads') },
            signature,
          }),
          replyTo: { name: oneLine(subject.name), address: subject.email },
        };
      }
      return render({
        subject: 'We received your quote request',
        greeting: greeting(subject.name),
        paragraphs: [MESSAGES.quoteSuccess],
        fields: [['Service', service], ['Received', received(subject.createdAt)]],
        signature,
      });
    }
    case 'contact': {
      const department = CONTACT_DEPARTMENT_LABELS[subject.department] ?? subject.department;
      const fields: Array<[string, string]> = [
        ['Name', subject.name],
        ['Email', subject.email],
        ...(subject.phone ? [['Phone', subject.phone] as [string, string]] : []),
        ['Department', department],
        ['Message', subject.message],
        ['Received', received(subject.createdAt)],
      ];
      if (topic === 'contact.staff') {
        return {
          ...render({
            subject: `New message for ${department}: ${subject.name}`,
            paragraphs: [`${subject.name} sent a message to ${department}. Reply to this mail to answer them.`],
            fields,
            link: { label: 'Open the queries', href: admin('queries') },
            signature,
          }),
          replyTo: { name: oneLine(subject.name), address: subject.email },
        };
      }
      return render({
        subject: 'We received your message',
        greeting: greeting(subject.name),
        paragraphs: [`Thank you for writing to us. Our ${department} team will answer you by e-mail.`],
        fields: [['Department', department], ['Received', received(subject.createdAt)]],
        signature,
      });
    }
    case 'application': {
      const department = JOB_DEPARTMENT_LABELS[subject.job.department] ?? subject.job.department;
      if (topic === 'application.staff') {
        return {
          ...render({
            subject: `New application: ${subject.fullName} for ${subject.job.title}`,
            paragraphs: [`${subject.fullName} applied for ${subject.job.title} (${department}). The resume is in the admin app.`],
            fields: [
              ['Position', subject.job.title],
              ['Name', subject.fullName],
              ['Email', subject.email],
              ['Phone', subject.phone],
              ['Experience', subject.experience],
              ...(subject.portfolio ? [['Portfolio', subject.portfolio] as [string, string]] : []),
              ...(subject.coverLetter ? [['Cover letter', subject.coverLetter] as [string, string]] : []),
              ['Received', received(subject.createdAt)],
            ],
            link: { label: 'Open the jobs and their applications', href: admin('jobs') },
            signature,
          }),
          replyTo: { name: oneLine(subject.fullName), address: subject.email },
        };
      }
      return render({
        subject: `We received your application for ${subject.job.title}`,
        greeting: greeting(subject.fullName),
        paragraphs: [
          `Thank you for applying for ${subject.job.title}. Our team reads every application and will contact you by e-mail about the next steps.`,
        ],
        fields: [['Position', subject.job.title], ['Department', department], ['Received', received(subject.createdAt)]],
        signature,
      });
    }
  }
}
