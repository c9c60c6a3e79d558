import { DELIVERY_TOPICS, isChatTopic, isWebhookEvent, type DeliveryTopic } from '@brightwave/common';
import { HtmlValidate } from 'html-validate';
import { isMeetingTopic, MEETING_MAIL_KINDS, meetingInvitationMails, meetingMail } from '../booking/meeting-mails';
import { deliveryMail, type DeliverySubject } from '../deliveries/delivery-mails';
import { adminInviteMail } from './admin-invite.mail';
import { loginCodeMail } from './login-code.mail';
import { renderMail, paragraph } from './mail-layout';
import { signInAlertMail } from './sign-in-alert.mail';

// Mail is styled inline: many mail clients drop a <style> element, so that one rule does not apply to mail.
const validator = new HtmlValidate({ extends: ['html-validate:recommended'], rules: { 'no-inline-style': 'off' } });

const context = { publicUrl: 'https://www.example.com', companyName: 'Brightwave Technologies' };
const createdAt = new Date('2026-11-23T10:00:00Z');
const job = { id: '3f2504e0-4f89-41d3-9a0c-0305e82c3302', title: 'Data Engineer', department: 'engineering' as const };
const visitorText = { name: 'Mallory "<img src=x onerror=alert(1)>" & Co', message: '<a href="javascript:alert(1)">x</a>\nline two' };

/** A subject of each kind, with markup and quotes in what the visitor typed and every optional field filled in. */
const SUBJECTS: Record<DeliverySubject['kind'], DeliverySubject> = {
  lead: { kind: 'lead', id: job.id, email: 'lead@example.com', service: 'web', answers: [], createdAt, ...visitorText },
  contact: { kind: 'contact', id: job.id, email: 'c@example.com', phone: '+15550100', department: 'billing', answers: [], createdAt, ...visitorText },
  application: {
    kind: 'application',
    id: job.id,
    fullName: visitorText.name,
    email: 'a@example.com',
    phone: '+15550100',
    experience: '3-5 years',
    coverLetter: visitorText.message,
    portfolio: 'https://example.com/?a=1&b=2',
    answers: [],
    knockout: null,
    createdAt,
    job,
  },
};

const mailTopics: DeliveryTopic[] = DELIVERY_TOPICS.filter((topic) => !isWebhookEvent(topic) && !isChatTopic(topic));
/** What the workspace mails read from their outbox row: who assigned the item (HTML in a name), when the follow-up was due. */
// What the workspace mails and a recruiter's candidate mail (markup in its text, a link with `&`) carry in their payload.
const payload = {
  assignedBy: 'Ada <Owner> & Co',
  followUpAt: '2030-01-15T09:30:00.000Z',
  subject: 'About {{jobTitle}} <b>',
  body: 'Hello {{firstName}},\n\nBook a time: {{bookingLink}}\n\n<script>alert(1)</script> & more',
  companyName: 'Brightwave Technologies',
  bookingLink: 'https://cal.com/rita?a=1&b=2',
  replyTo: { name: 'Rita', address: 'rita@example.com' },
  sentById: job.id,
  templateId: null,
};

/** A booked call whose visitor typed markup into their name, with a link holding `&`. */
const meetingMessages = (kind: (typeof MEETING_MAIL_KINDS)[number]) =>
  meetingInvitationMails(
    {
      id: job.id,
      item: { kind: 'lead', id: job.id },
      start: new Date('2030-01-15T09:30:00.000Z'),
      end: new Date('2030-01-15T10:00:00.000Z'),
      previousStart: new Date('2030-01-14T09:30:00.000Z'),
      sequence: 1,
      staff: { name: 'Ada <Owner>', email: 'ada@example.com', timeZone: 'Europe/Berlin' },
      visitor: { name: visitorText.name, email: 'lead@example.com', timeZone: 'America/New_York' },
      links: { reschedule: 'https://www.example.com/book/a?b=1&c=2', cancel: 'https://www.example.com/book/a?cancel=1&c=2' },
    },
    kind,
    { ...context, now: createdAt },
  );

const MAILS: Array<[string, { html: string }]> = [
  ['the sign-in code', loginCodeMail({ email: 'ada@example.com', name: visitorText.name }, '042917')],
  ...(['password-failures', 'code-failures', 'code-guesses'] as const).map((alert): [string, { html: string }] => [
    `the sign-in alert (${alert})`,
    signInAlertMail({ email: 'ada@example.com', name: visitorText.name }, alert),
  ]),
  [
    'the admin invitation',
    adminInviteMail(
      { email: 'new@example.com', name: visitorText.name, role: 'sales' },
      'Ada <Owner>',
      'https://www.example.com/admin/accept-invite#token=a&b',
      72,
    ),
  ],
  ...mailTopics.map((topic): [string, { html: string }] => [
    topic,
    deliveryMail(
      topic,
      SUBJECTS[topic.split('.')[0] as DeliverySubject['kind']],
      context,
      isMeetingTopic(topic) ? (meetingMessages('booked')[0]?.payload ?? null) : payload,
    ),
  ]),
  ...MEETING_MAIL_KINDS.flatMap((kind) =>
    meetingMessages(kind).map((message): [string, { html: string }] => [
      `the ${kind} call mail to the ${message.payload.audience}`,
      meetingMail(message.payload),
    ]),
  ),
];

describe('every mail has a valid HTML part', () => {
  it('renders every template: the sign-in code, the three sign-in alerts, the invitation, each kind’s staff mail, confirmation, assigned mail and reminder, the candidate mail, and each mail of a booked call to each side', () => {
    expect(MAILS.map(([name]) => name)).toEqual(
      expect.arrayContaining(['lead.staff', 'lead.confirmation', 'contact.staff', 'contact.confirmation', 'application.staff', 'application.confirmation']),
    );
    expect(MAILS).toHaveLength(31);
  });

  it.each(MAILS)('%s: html-validate finds no error', async (_name, mail) => {
    const report = await validator.validateString(mail.html);
    expect(report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message}`))).toEqual([]);
  });

  it.each(MAILS)('%s: a document in English with a character set and a title', (_name, mail) => {
    expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>[^<]+<\/title><\/head>/);
  });
});

describe(renderMail.name, () => {
  it('titles the HTML part with the subject on one line, escaped', () => {
    const mail = renderMail('New message: Eve\r\n<b>Bcc</b>', [paragraph('Hello')]);
    expect(mail.subject).toBe('New message: Eve <b>Bcc</b>');
    expect(mail.html).toContain('<title>New message: Eve &lt;b&gt;Bcc&lt;/b&gt;</title>');
  });

  it('cuts a long subject in the title at a whole character, and keeps it whole in the subject', async () => {
    const subject = `New application: ${'Zoë 李 '.repeat(20)}`;
    const mail = renderMail(subject, [paragraph('Hello')]);
    expect(mail.subject).toBe(subject.trim());
    expect(mail.html).toMatch(/<title>New application: Zoë 李 .*…<\/title>/u);
    expect((await validator.validateString(mail.html)).valid).toBe(true);
  });

  it('separates the blocks of the text part by a blank line and escapes every value of the HTML part', () => {
    const mail = renderMail('Hi', [paragraph('A & <b>'), paragraph('line one\nline two')]);
    expect(mail.text).toBe('A & <b>\n\nline one\nline two');
    expect(mail.html).toContain('<p>A &amp; &lt;b&gt;</p>\n<p>line one\nline two</p>');
  });
});
