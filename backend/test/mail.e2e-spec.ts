import { MESSAGES, required } from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { Logger } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { meetingInvitation } from '../src/booking/meeting-invitation';
import { meetingInvitationMails, type MeetingForMails } from '../src/booking/meeting-mails';
import { DATABASE, type Database } from '../src/database/database';
import { companyNameOf, DeliveryWorker } from '../src/deliveries/delivery-worker';
import { OutboxRepository } from '../src/deliveries/outbox.repository';
import { MailService } from '../src/mail/mail.service';
import { codeFrom, parseMessage, readMessageFile, type ReadMessage } from './mail-message';
import { filledOnSite } from './support/form-token';
import { freePort } from './support/free-port';
import { createTestAppWithSmtp, type SmtpSink } from './support/smtp-helpers';
import { createTestApp, TEST_ADMIN, TestApp } from './support/test-app';

/** The one event of a mail's calendar part, as a calendar library reads it. */
function calendarEvent(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const event = required(calendar.getFirstSubcomponent('vevent') ?? undefined, 'the VEVENT');
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate(),
    summary: event.getFirstPropertyValue('summary'),
    attendees: event.getAllProperties('attendee').map((attendee) => [attendee.getFirstValue(), attendee.getParameter('cn')]),
  };
}

/** A mail's two calendar parts: the `text/calendar` alternative with its method, and the `invite.ics` attachment, alike. */
function calendarPartsOf(mail: ReadMessage, method: 'REQUEST' | 'CANCEL') {
  expect(mail.headers['content-type']).toMatch(/^multipart\/mixed/);
  expect(mail.calendars.map((part) => part.contentType)).toEqual([
    `text/calendar; charset=utf-8; method=${method}`,
    expect.stringMatching(/^application\/ics; name="?invite\.ics"?$/),
  ]);
  const [alternative, attachment] = mail.calendars.map((part) => calendarEvent(part.content));
  expect(attachment).toEqual(alternative);
  return required(alternative, 'the calendar alternative');
}

describe('Mail through SMTP (SMTP_URL)', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, smtp, close } = await createTestAppWithSmtp({ MAIL_FROM: 'Brightwave Admin <no-reply@brightwave.test>' }));
  });
  afterAll(() => close());

  it('sends the sign-in code to the admin, with subject, text and HTML parts, from MAIL_FROM', async () => {
    const login = await t.http.post('/admin/login').send({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }).expect(200);
    expect(smtp.received).toHaveLength(1);
    const delivery = required(smtp.received[0], 'the login code mail');
    expect(delivery.from).toBe('no-reply@brightwave.test');
    expect(delivery.to).toEqual([TEST_ADMIN.email]);

    const mail = parseMessage(delivery.raw);
    expect(mail.headers.from).toBe('Brightwave Admin <no-reply@brightwave.test>');
    expect(mail.subject).toBe('Your Brightwave admin verification code');
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail.text).toContain(`Hello ${TEST_ADMIN.name},`);
    expect(mail.text).toMatch(/Your verification code is \d{6}\n/);
    expect(mail.text).toContain('It expires in 5 minutes');
    const code = codeFrom(mail);
    expect(mail.html).toContain(`<strong style="font-size: 24px; letter-spacing: 4px;">${code}</strong>`);
    expect(mail.html).toContain('It expires in 5 minutes');

    // The code that arrived is the one that signs in.
    await t.http.post('/admin/verify-2fa').send({ adminId: login.body.adminId, otp: code }).expect(200);
  });

  it('sends a calendar invitation as a text/calendar alternative with its method and as an invite.ics attachment', async () => {
    const before = smtp.received.length;
    const calendar = meetingInvitation({
      method: 'REQUEST',
      meetingId: '6f1c2a4e-9b1d-4c55-8d7e-2f1a3b4c5d6e',
      siteHost: 'www.brightwave.test',
      start: new Date('2030-03-29T08:00:00Z'),
      end: new Date('2030-03-29T08:30:00Z'),
      sequence: 0,
      stampedAt: new Date(),
      organizer: { name: 'Ann Lee', email: 'ann@brightwave.test' },
      attendee: { name: 'Zoë Łukasz', email: 'zoe@example.org' },
      summary: 'Call with Brightwave Admin, Ltd; 李',
      description: 'Reschedule: https://www.brightwave.test/book/x',
    });
    const message = { topic: 'lead.meeting', to: 'zoe@example.org', subject: 'Your call is booked', text: 'See you', html: '<p>See you</p>' };
    await t.app.get(MailService).send({ ...message, calendar });
    const mail = parseMessage(required(smtp.received[before], 'the invitation').raw);
    expect([mail.text, mail.html]).toEqual(['See you', '<p>See you</p>']);
    expect(calendarPartsOf(mail, 'REQUEST')).toEqual({
      method: 'REQUEST',
      uid: '6f1c2a4e-9b1d-4c55-8d7e-2f1a3b4c5d6e@www.brightwave.test',
      sequence: 0,
      start: new Date('2030-03-29T08:00:00Z'),
      summary: 'Call with Brightwave Admin, Ltd; 李',
      attendees: [
        ['mailto:ann@brightwave.test', 'Ann Lee'],
        ['mailto:zoe@example.org', 'Zoë Łukasz'],
      ],
    });

    // A mail without one is as it always was: text and HTML, nothing else.
    await t.app.get(MailService).send(message);
    const plain = parseMessage(required(smtp.received[before + 1], 'the mail without a calendar').raw);
    expect(plain.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(plain.calendars).toEqual([]);
  });

  it('writes nothing to the outbox when SMTP is configured', () => {
    expect(t.outbox()).toEqual([]);
  });
});

describe('Mail when the SMTP server cannot be reached', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
  });
  afterAll(() => t.close());

  it('answers the login with 503 and a message to try again, without a stack trace', async () => {
    const response = await t.http.post('/admin/login').send({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }).expect(503);
    expect(response.body).toEqual({ success: false, message: MESSAGES.codeSendFailure });
  });
});

describe('Development outbox (no SMTP_URL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes every mail as an .eml file whose names sort in send order', async () => {
    const mail = t.app.get(MailService);
    for (let i = 1; i <= 12; i += 1) {
      await mail.send({ topic: 'test', to: 'someone@example.test', subject: `Message ${i}`, text: `Body ${i}`, html: `<p>Body ${i}</p>` });
    }
    const files = t.outbox();
    expect(files).toHaveLength(12);
    expect(files.every((file) => /\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-\d{6}-[0-9a-f]{6}\.eml$/.test(file))).toBe(true);
    expect(files.map((file) => readMessageFile(file).subject)).toEqual(Array.from({ length: 12 }, (_, i) => `Message ${i + 1}`));
    const first = readMessageFile(required(files[0], 'the first mail'));
    expect(first.headers.to).toBe('someone@example.test');
    expect(first.text).toBe('Body 1');
    expect(first.html).toBe('<p>Body 1</p>');
  });

  it('delivers a booked call’s mails queued in the outbox with their invitation, then its cancellation, as .eml files a calendar reads', async () => {
    const answer = await t.http
      .post('/api/leads')
      .set(filledOnSite(t))
      .send({ name: 'Zoë Łukasz', email: 'zoe@example.org', service: 'web', message: 'Call me' })
      .expect(201);
    const leadId = (answer.body as { data: { _id: string } }).data._id;
    const meeting: MeetingForMails = {
      id: '0b7d1f7e-2c7a-4a55-9d1e-5b6a7c8d9e0f',
      item: { kind: 'lead', id: leadId },
      start: new Date('2030-03-29T08:00:00Z'),
      end: new Date('2030-03-29T08:30:00Z'),
      sequence: 0,
      staff: { name: 'Ann Lee', email: 'ann@brightwave.test', timeZone: 'Europe/Berlin' },
      visitor: { name: 'Zoë Łukasz', email: 'zoe@example.org', timeZone: 'America/New_York' },
      links: { reschedule: 'https://www.brightwave.test/book/x', cancel: 'https://www.brightwave.test/book/x/cancel' },
    };
    const context = { publicUrl: t.config.server.publicUrl, companyName: companyNameOf(t.config.mail.from), now: new Date() };
    const db = t.app.get<symbol, Database>(DATABASE);
    await OutboxRepository.enqueue(db, leadId, [
      ...meetingInvitationMails(meeting, 'booked', context),
      ...meetingInvitationMails({ ...meeting, sequence: 1 }, 'cancelled', context),
    ]);
    t.app.get(DeliveryWorker).wake();

    const mailsOfTheCall = () =>
      t
        .outbox()
        .map(readMessageFile)
        .filter((mail) => ['zoe@example.org', 'ann@brightwave.test'].includes(mail.headers.to ?? ''));
    const mails = await pollUntil(() => mailsOfTheCall().length === 4 && mailsOfTheCall(), { what: 'the four mails of the call' });
    const uid = `${meeting.id}@${new URL(t.config.server.publicUrl).hostname}`;
    const sent = mails.map((mail) => {
      const method = mail.calendars[0]?.contentType.includes('method=CANCEL') ? 'CANCEL' : 'REQUEST';
      const event = calendarPartsOf(mail, method);
      expect(event).toMatchObject({ method, uid, start: meeting.start });
      return [mail.headers.to, mail.subject, event.sequence];
    });
    expect(sent).toEqual(
      expect.arrayContaining([
        ['zoe@example.org', 'Your call with Brightwave Technologies is booked', 0],
        ['ann@brightwave.test', 'Call booked: Zoë Łukasz', 0],
        ['zoe@example.org', 'Your call with Brightwave Technologies is cancelled', 1],
        ['ann@brightwave.test', 'Call cancelled: Zoë Łukasz', 1],
      ]),
    );
    // Every row sent (the quote request's staff mail too): nothing is written to the outbox after this test.
    const rowsOf = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
    await pollUntil(async () => (await rowsOf(sql`select id from deliveries where status <> 'sent'`)).length === 0, { what: 'every row sent' });
    expect(await rowsOf(sql`select status, calendar->>'method' as method from deliveries where topic = 'lead.meeting' order by calendar->>'method'`)).toEqual([
      { status: 'sent', method: 'CANCEL' },
      { status: 'sent', method: 'CANCEL' },
      { status: 'sent', method: 'REQUEST' },
      { status: 'sent', method: 'REQUEST' },
    ]);
  });

  it('logs a mail by its message id and topic, never its subject (it may hold a name) nor its recipient', async () => {
    const lines: string[] = [];
    const spy = jest.spyOn(Logger.prototype, 'log').mockImplementation((message: unknown) => void lines.push(String(message)));
    try {
      await t.app
        .get(MailService)
        .send({ topic: 'lead.confirmation', to: 'zelda.q@example.test', subject: 'Thank you, Zelda Quimby', text: 'Hi', html: '<p>Hi</p>' });
    } finally {
      spy.mockRestore();
    }
    const written = readMessageFile(t.outbox().at(-1)!);
    expect(lines).toEqual([expect.stringContaining(`Mail ${written.headers['message-id']} (lead.confirmation) written to `)]);
    expect(lines.join('\n')).not.toMatch(/zelda|quimby/i);
  });
});
