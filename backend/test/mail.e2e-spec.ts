import { MESSAGES, required } from '@brightwave/common';
import { Logger } from '@nestjs/common';
import { MailService } from '../src/mail/mail.service';
import { codeFrom, parseMessage, readMessageFile } from './mail-message';
import { freePort } from './support/free-port';
import { createTestAppWithSmtp, type SmtpSink } from './support/smtp-helpers';
import { createTestApp, TEST_ADMIN, TestApp } from './support/test-app';

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
