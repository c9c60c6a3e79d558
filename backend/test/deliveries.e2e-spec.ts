// PostgreSQL pass, engine blocks: outbox claims with FOR UPDATE SKIP LOCKED and leases across two instances.
import { pollUntil } from '@brightwave/testing';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { parseMessage } from './mail-message';
import { createTestAppWithSmtp, mailsTo, signInThroughSmtp, type SmtpSink } from './support/smtp-helpers';
import { filledOnSite } from './support/form-token';
import { freePort } from './support/free-port';
import { startSmtpServer } from './support/smtp-sink';
import { createTestApp, TestApp, describeOnPostgres } from './support/test-app';
import { samplePdf, dataUrl } from './fixtures/resume-samples';

// Booting, signing in and waiting for the first retry (15 s ± 20 %) take a while on a busy 2-core machine.
const SLOW_MS = 120_000;
const STAFF = 'staff@brightwave.test';

const deliveryRows = async (t: TestApp) => {
  const result = await t.app.get<symbol, Database>(DATABASE).execute(sql.raw('select topic, status, attempts, last_error from deliveries order by created_at'));
  return (result as unknown as { rows: Array<{ topic: string; status: string; attempts: number; last_error: string | null }> }).rows;
};

describe('Every submission reaches a person', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, smtp, close } = await createTestAppWithSmtp({
      NOTIFY_TO: STAFF,
      SEND_CONFIRMATIONS: 'true',
      PUBLIC_URL: 'https://www.brightwave.test',
      MAIL_FROM: 'Brightwave Technologies <no-reply@brightwave.test>',
    }));
  }, SLOW_MS);
  afterAll(() => close());

  it('notifies the staff of a quote request (every field, escaped, Reply-To the visitor) and confirms it to the visitor', async () => {
    const lead = { name: 'Jane <b>Doe</b>', email: 'jane@example.com', service: 'mobile', message: '<script>alert(1)</script>\nSecond line' };
    await t.http.post('/api/leads').set(filledOnSite(t)).send(lead).expect(201);
    const [staff] = await pollUntil(() => mailsTo(smtp.received, STAFF).length > 0 && mailsTo(smtp.received, STAFF), { what: 'the staff notification' });
    if (!staff) throw new Error('No staff notification');
    expect(staff.subject).toBe('New quote request: Jane <b>Doe</b> (Mobile App Development)');
    expect(staff.headers['reply-to']).toContain('jane@example.com');
    expect(staff.headers['message-id']).toMatch(/^<[0-9a-f-]{36}@brightwave\.outbox>$/);
    expect(staff.text).toContain('Message: <script>alert(1)</script>');
    expect(staff.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(staff.html).not.toContain('<script>');
    expect(staff.text).toContain('https://www.brightwave.test/admin/leads');
    const [confirmation] = await pollUntil(() => mailsTo(smtp.received, 'jane@example.com').length > 0 && mailsTo(smtp.received, 'jane@example.com'), {
      what: 'the confirmation',
    });
    if (!confirmation) throw new Error('No confirmation');
    expect(confirmation.subject).toBe('We received your quote request');
    // Not a plain name (markup), and none of the visitor's text: the confirmation repeats neither.
    expect(confirmation.text).toMatch(/^Hello,\n/);
    expect(`${confirmation.text}${confirmation.html}`).not.toMatch(/script|Second line/);
  });

  it('keeps a name with a line break out of the mail headers (no header injection)', async () => {
    const before = smtp.received.length;
    await t.http
      .post('/api/contacts')
      .set(filledOnSite(t))
      .send({ name: 'Eve\r\nBcc: victim@example.com', email: 'eve@example.com', department: 'sales', message: 'Hi' });
    await pollUntil(() => smtp.received.length >= before + 2, { what: 'the two mails' });
    for (const mail of smtp.received.slice(before)) {
      expect(mail.to).not.toContain('victim@example.com');
      expect(parseMessage(mail.raw).headers.bcc).toBeUndefined();
    }
  });

  it(
    'notifies the staff of an application with the job, without the resume bytes, and confirms it with the job title',
    async () => {
      const token = await signInThroughSmtp(t, smtp.received);
      const job = await t.http
        .post('/api/jobs/admin')
        .set({ Authorization: `Bearer ${token}` })
        .send({
          title: 'Data Engineer',
          department: 'engineering',
          location: 'remote',
          type: 'full-time',
          experience: '3 years',
          description: 'Pipelines.',
          requirements: [],
        })
        .expect(201);
      await t.http
        .post('/api/jobs/apply')
        .set(filledOnSite(t))
        .send({
          job: job.body.data.id,
          fullName: 'Ada Byron',
          email: 'ada@example.com',
          phone: '+15550123',
          experience: '5 years',
          resume: dataUrl(samplePdf()),
          isResumeBase64: true,
        })
        .expect(201);
      const staff = await pollUntil(() => mailsTo(smtp.received, STAFF).find((mail) => mail.subject === 'New application: Ada Byron for Data Engineer'), {
        what: 'the application notification',
      });
      // No resume bytes: neither the PDF nor its base64 (JVBER… is "%PDF").
      expect(`${staff.text}${staff.html}`).not.toMatch(/%PDF|JVBER/);
      const confirmation = await pollUntil(() => mailsTo(smtp.received, 'ada@example.com')[0], { what: 'the application confirmation' });
      expect(confirmation.subject).toBe('We received your application for Data Engineer');
    },
    SLOW_MS,
  );
});

describe('The mail server is down: nothing is lost', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    // Retries after 1 s, doubling (15 s in production): the messages go out soon after the server is back.
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, NOTIFY_TO: STAFF, SEND_CONFIRMATIONS: 'true', OUTBOX_FIRST_RETRY_SECONDS: '1' });
  }, SLOW_MS);
  afterAll(() => t.close());

  it(
    'answers every form 201 while the server refuses, and delivers each message once when it is back',
    async () => {
      const sent: string[] = [];
      for (let i = 0; i < 10; i++) {
        await t.http
          .post('/api/leads')
          .set(filledOnSite(t))
          .send({ name: `Lead ${i}`, email: `lead${i}@example.com`, service: 'web', message: 'Hello' })
          .expect(201);
        await t.http
          .post('/api/contacts')
          .set(filledOnSite(t))
          .send({ name: `Query ${i}`, email: `query${i}@example.com`, department: 'support', message: 'Help' })
          .expect(201);
        sent.push(`lead${i}@example.com`, `query${i}@example.com`);
      }
      // Each row fails its attempts and waits for its next retry, the error recorded without the URL.
      const rows = await pollUntil(
        async () => {
          const tried = await deliveryRows(t);
          return tried.every((row) => row.attempts > 0 && row.status !== 'sending') && tried;
        },
        { what: 'the first attempt of every row' },
      );
      expect(rows).toHaveLength(40);
      expect(rows.every((row) => row.status === 'pending' && row.attempts >= 1 && row.last_error && !row.last_error.includes('smtp://'))).toBe(true);

      const smtp = await startSmtpServer(port);
      try {
        await pollUntil(() => smtp.received.length >= 40 && smtp.received, { what: 'every message delivered', timeoutMs: 40_000 });
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expect(smtp.received).toHaveLength(40);
        for (const address of sent) expect(mailsTo(smtp.received, address)).toHaveLength(1);
        expect(mailsTo(smtp.received, STAFF)).toHaveLength(20);
        const after = await deliveryRows(t);
        expect(after.every((row) => row.status === 'sent')).toBe(true);
      } finally {
        await smtp.close();
      }
    },
    SLOW_MS,
  );
});

// Two instances on one PostgreSQL claim rows with FOR UPDATE SKIP LOCKED: each message goes out exactly once.
describeOnPostgres('Two instances on one PostgreSQL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    const settings = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, NOTIFY_TO: STAFF, SEND_CONFIRMATIONS: 'true' };
    a = await createTestApp({ ...settings, MAIL_FROM: 'Instance A <a@brightwave.test>' });
    b = await createTestApp({ ...settings, MAIL_FROM: 'Instance B <b@brightwave.test>', DATABASE_URL: a.config.database.url ?? '' });
  }, SLOW_MS);
  afterAll(async () => {
    await b.close();
    await a.close();
    await smtp.close();
  });

  it('delivers each of 1,000 messages (500 quote requests) exactly once between them', async () => {
    const submissions = 500;
    for (let i = 0; i < submissions; i += 25) {
      await Promise.all(
        Array.from({ length: 25 }, (_, j) => {
          const instance = j % 2 === 0 ? a : b;
          const lead = { name: `Lead ${i + j}`, email: `lead${i + j}@example.com`, service: 'web', message: 'Hello' };
          return instance.http.post('/api/leads').set(filledOnSite(instance)).send(lead).expect(201);
        }),
      );
    }
    await pollUntil(() => smtp.received.length >= 2 * submissions && smtp.received, { what: 'every message', timeoutMs: 90_000 });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const ids = smtp.received.map((mail) => parseMessage(mail.raw).headers['message-id']);
    expect(ids).toHaveLength(2 * submissions);
    expect(new Set(ids).size).toBe(2 * submissions);
    const byInstance = {
      a: smtp.received.filter((mail) => mail.from === 'a@brightwave.test').length,
      b: smtp.received.filter((mail) => mail.from === 'b@brightwave.test').length,
    };
    expect(byInstance.a + byInstance.b).toBe(2 * submissions);
    // Both took part: the rows were shared out, not sent twice.
    expect(byInstance.a).toBeGreaterThan(0);
    expect(byInstance.b).toBeGreaterThan(0);
    expect((await deliveryRows(a)).every((row) => row.status === 'sent')).toBe(true);
  }, 180_000);
});
