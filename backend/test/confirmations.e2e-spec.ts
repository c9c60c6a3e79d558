// PostgreSQL pass, engine blocks: a form token spent once across two instances.
import { randomBytes } from 'node:crypto';
import { CONFIRMATIONS_PER_ADDRESS, FORM_TOKEN_HEADER, FORM_TOKEN_VALID_SECONDS, MESSAGES } from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { eq, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { deliveries, jobApplications } from '../src/database/schema';
import { dataUrl, samplePdf } from './fixtures/resume-samples';
import { filledOnSite } from './support/form-token';
import { createTestAppWithSmtp, mailsTo, signInThroughSmtp, type SmtpSink } from './support/smtp-helpers';
import { createTestApp, type TestApp, describeOnPostgres } from './support/test-app';

const SLOW_MS = 120_000;
const STAFF = 'staff@brightwave.test';
const EXPIRED_MS = FORM_TOKEN_VALID_SECONDS * 1000 + 60_000;
const PHISHING = 'Your account is locked. Verify it at https://phish.example/login before it is deleted.';

const lead = (email: string, name = 'Quote Sender') => ({ name, email, service: 'web', message: 'We need a website.' });
const contact = (email: string, name = 'Contact Sender') => ({ name, email, department: 'support', message: 'Please help.' });

/** Whether a stored lead or contact message is suspected spam (undefined: not stored). */
async function spamFlag(t: TestApp, table: 'leads' | 'contacts', id: string): Promise<boolean | undefined> {
  const result = await t.app.get<symbol, Database>(DATABASE).execute(sql`select spam from ${sql.identifier(table)} where id = ${id}`);
  return (result as unknown as { rows: { spam: boolean }[] }).rows[0]?.spam;
}

/** The topics of the outbox rows about one submission (written in the submission's own statement). */
async function topicsOf(t: TestApp, subjectId: string): Promise<string[]> {
  const rows = await t.app.get<symbol, Database>(DATABASE).select({ topic: deliveries.topic }).from(deliveries).where(eq(deliveries.subjectId, subjectId));
  return rows.map((row) => row.topic).sort();
}

describe('Confirmations cannot be used to send phishing from the company’s domain', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let close: () => Promise<void>;
  let auth: { authorization: string };
  let jobs = 0;

  beforeAll(async () => {
    ({ t, smtp, close } = await createTestAppWithSmtp({ NOTIFY_TO: STAFF, SEND_CONFIRMATIONS: 'true' }));
    auth = { authorization: `Bearer ${await signInThroughSmtp(t, smtp.received)}` };
  }, SLOW_MS);
  afterAll(() => close());

  const createJob = async () => {
    const job = {
      title: `Data Engineer ${++jobs}`,
      department: 'engineering',
      location: 'remote',
      type: 'full-time',
      experience: '3 years',
      description: 'Pipelines.',
      requirements: [],
    };
    return (await t.http.post('/api/jobs/admin').set(auth).send(job).expect(201)).body.data.id as string;
  };
  const application = (job: string, email: string, fullName = 'Ada Byron') => ({
    job,
    fullName,
    email,
    phone: '+15550123',
    experience: '5 years',
    coverLetter: PHISHING,
    portfolio: 'https://phish.example/portfolio',
    resume: dataUrl(samplePdf()),
    isResumeBase64: true,
  });
  const submit = async (path: string, body: object, headers: Record<string, string> = {}) =>
    (await t.http.post(path).set(headers).send(body).expect(201)).body.data as { _id: string };

  describe.each([
    { kind: 'leads' as const, body: lead, topic: 'lead' },
    { kind: 'contacts' as const, body: contact, topic: 'contact' },
  ])('$kind', ({ kind, body, topic }) => {
    it('a form token is good once: the second submission with it is suspected spam and tells nobody', async () => {
      const headers = filledOnSite(t);
      const first = await t.http
        .post(`/api/${kind}`)
        .set(headers)
        .send(body(`once-${kind}@example.com`))
        .expect(201);
      const second = await t.http
        .post(`/api/${kind}`)
        .set(headers)
        .send(body(`twice-${kind}@example.com`))
        .expect(201);
      // The same answer either way: a robot learns nothing.
      expect(second.body.message).toBe(first.body.message);
      expect(Object.keys(second.body.data).sort()).toEqual(Object.keys(first.body.data).sort());
      expect(await spamFlag(t, kind, first.body.data._id)).toBe(false);
      expect(await spamFlag(t, kind, second.body.data._id)).toBe(true);
      expect(await topicsOf(t, first.body.data._id)).toEqual([`${topic}.confirmation`, `${topic}.staff`]);
      expect(await topicsOf(t, second.body.data._id)).toEqual([]);
    });

    it(`a token older than ${FORM_TOKEN_VALID_SECONDS / 3600} hours: accepted, the staff told, no confirmation`, async () => {
      const { _id: id } = await submit(`/api/${kind}`, body(`expired-${kind}@example.com`), filledOnSite(t, EXPIRED_MS));
      expect(await spamFlag(t, kind, id)).toBe(false);
      expect(await topicsOf(t, id)).toEqual([`${topic}.staff`]);
    });

    it('no token (an API client of SPEC §7): accepted, the staff told, no confirmation', async () => {
      const { _id: id } = await submit(`/api/${kind}`, body(`api-client-${kind}@example.com`));
      expect(await spamFlag(t, kind, id)).toBe(false);
      expect(await topicsOf(t, id)).toEqual([`${topic}.staff`]);
    });

    it('Not spam tells the staff, and sends the visitor no confirmation', async () => {
      const { _id: id } = await submit(`/api/${kind}`, body(`released-${kind}@example.com`), { [FORM_TOKEN_HEADER]: 'forged' });
      expect(await spamFlag(t, kind, id)).toBe(true);
      await t.http.patch(`/api/${kind}/${id}/spam`).set(auth).send({ spam: false }).expect(200);
      expect(await spamFlag(t, kind, id)).toBe(false);
      expect(await topicsOf(t, id)).toEqual([`${topic}.staff`]);
    });
  });

  it('an application is never spam: without a token, with an expired or a spent one it is filed and the staff told, unconfirmed', async () => {
    const job = await createJob();
    const headers = filledOnSite(t);
    const confirmed = await submit('/api/jobs/apply', application(job, 'first-use@example.com'), headers);
    const spent = await submit('/api/jobs/apply', application(job, 'second-use@example.com'), headers);
    const expired = await submit('/api/jobs/apply', application(job, 'expired-apply@example.com'), filledOnSite(t, EXPIRED_MS));
    const tokenless = await submit('/api/jobs/apply', application(job, 'tokenless-apply@example.com'));
    const forged = await submit('/api/jobs/apply', application(job, 'forged-apply@example.com'), { [FORM_TOKEN_HEADER]: 'forged' });
    expect(await topicsOf(t, confirmed._id)).toEqual(['application.confirmation', 'application.staff']);
    for (const unconfirmed of [spent, expired, tokenless, forged]) expect(await topicsOf(t, unconfirmed._id)).toEqual(['application.staff']);
    const filed = await t.app.get<symbol, Database>(DATABASE).select({ id: jobApplications.id }).from(jobApplications).where(eq(jobApplications.jobId, job));
    expect(filed).toHaveLength(5);
  });

  it("every form's answer says this server mails confirmations, suspected spam's too (a bot learns nothing of the triage)", async () => {
    const job = await createJob();
    const answers = [
      await t.http.post('/api/leads').set(filledOnSite(t)).send(lead('answer-lead@example.com')).expect(201),
      await t.http
        .post('/api/contacts')
        .set({ [FORM_TOKEN_HEADER]: 'forged' })
        .send(contact('answer-spam@example.com'))
        .expect(201),
      await t.http.post('/api/jobs/apply').set(filledOnSite(t)).send(application(job, 'answer-apply@example.com')).expect(201),
    ];
    expect(answers.map((answer) => answer.body.sendsConfirmations)).toEqual([true, true, true]);
    expect(await spamFlag(t, 'contacts', answers[1]?.body.data._id)).toBe(true);
  });

  it(`one address gets at most ${CONFIRMATIONS_PER_ADDRESS} confirmations in 24 hours, whatever the form and the case of the address; the staff hear of each`, async () => {
    const job = await createJob();
    const ids = [
      (await submit('/api/leads', lead('Quota.Person@Example.com'), filledOnSite(t)))._id,
      (await submit('/api/contacts', contact('quota.person@example.com'), filledOnSite(t)))._id,
      (await submit('/api/jobs/apply', application(job, 'QUOTA.PERSON@EXAMPLE.COM'), filledOnSite(t)))._id,
      (await submit('/api/leads', lead('quota.person@EXAMPLE.com'), filledOnSite(t)))._id,
    ];
    const topics = await Promise.all(ids.map((id) => topicsOf(t, id)));
    expect(topics.map((list) => list.filter((topic) => topic.endsWith('.confirmation')).length)).toEqual([1, 1, 1, 0]);
    expect(topics.every((list) => list.some((topic) => topic.endsWith('.staff')))).toBe(true);
    const confirmations = await pollUntil(
      () => mailsTo(smtp.received, 'quota.person@example.com').length >= 3 && mailsTo(smtp.received, 'quota.person@example.com'),
      { what: 'the three confirmations' },
    );
    expect(confirmations.map((mail) => mail.subject).sort()).toEqual([
      `We received your application for Data Engineer ${jobs}`,
      'We received your message',
      'We received your quote request',
    ]);

    // A rolling day: once the earliest confirmation is more than 24 hours old, a slot is free again.
    await t.app.get<symbol, Database>(DATABASE).execute(sql`update confirmation_quota set sent_at = array[now() - interval '25 hours', now(), now()]`);
    const later = await submit('/api/leads', lead('quota.person@example.com'), filledOnSite(t));
    expect(await topicsOf(t, later._id)).toEqual(['lead.confirmation', 'lead.staff']);
    const next = await submit('/api/leads', lead('quota.person@example.com'), filledOnSite(t));
    expect(await topicsOf(t, next._id)).toEqual(['lead.staff']);
  });

  it(
    'the confirmation of a phishing message and name repeats neither, in its text and HTML parts; the staff mail shows both',
    async () => {
      const job = await createJob();
      const name = 'Visit phish.example';
      await submit('/api/leads', { ...lead('phish-lead@example.com', name), message: PHISHING }, filledOnSite(t));
      await submit('/api/contacts', { ...contact('phish-contact@example.com', name), phone: '+15550199', message: PHISHING }, filledOnSite(t));
      await submit('/api/jobs/apply', application(job, 'phish-apply@example.com', name), filledOnSite(t));
      for (const address of ['phish-lead@example.com', 'phish-contact@example.com', 'phish-apply@example.com']) {
        const [confirmation] = await pollUntil(() => mailsTo(smtp.received, address).length > 0 && mailsTo(smtp.received, address), {
          what: `the confirmation to ${address}`,
        });
        if (!confirmation) throw new Error(`No confirmation to ${address}`);
        for (const part of [confirmation.subject, confirmation.text, confirmation.html]) {
          expect(part).not.toMatch(/phish|locked|verify|15550199/i);
        }
        expect(confirmation.text).toMatch(/^Hello,\n/);
        expect(confirmation.html).toContain('<p>Hello,</p>');
      }
      const staff = await pollUntil(() => mailsTo(smtp.received, STAFF).find((mail) => mail.subject === `New quote request: ${name} (Web Designing)`), {
        what: 'the staff mail of the quote request',
      });
      expect(staff.text).toContain(`Message: ${PHISHING}`);
    },
    SLOW_MS,
  );

  it('a plain name is greeted by name', async () => {
    await submit('/api/leads', lead('plain-name@example.com', 'José Núñez'), filledOnSite(t));
    const [confirmation] = await pollUntil(
      () => mailsTo(smtp.received, 'plain-name@example.com').length > 0 && mailsTo(smtp.received, 'plain-name@example.com'),
      { what: 'the confirmation' },
    );
    if (!confirmation) throw new Error('No confirmation');
    expect(confirmation.text).toContain('Hello José Núñez,');
    expect(confirmation.text).toContain(MESSAGES.quoteSuccess);
  });
});

// The spent tokens are in the database, so a token used on one instance is spent on every other.
describeOnPostgres('A form token is good once across two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // One JWT_SECRET: each instance accepts the tokens the other issued, as in production.
    const settings = { JWT_SECRET: randomBytes(32).toString('hex'), NOTIFY_TO: STAFF, SEND_CONFIRMATIONS: 'true' };
    a = await createTestApp(settings);
    b = await createTestApp({ ...settings, DATABASE_URL: a.config.database.url ?? '' });
  }, SLOW_MS);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const post = (instance: TestApp, headers: Record<string, string>, email: string) =>
    instance.http
      .post('/api/leads')
      .set(headers)
      .send(lead(email))
      .expect(201)
      .then((answer) => answer.body.data._id as string);
  const spamFlags = (ids: string[]) => Promise.all(ids.map((id) => spamFlag(a, 'leads', id)));

  it('used on one instance, it is spent on the other', async () => {
    const headers = filledOnSite(a);
    const first = await post(a, headers, 'instance-a@example.com');
    const second = await post(b, headers, 'instance-b@example.com');
    expect(await spamFlags([first, second])).toEqual([false, true]);
    expect(await topicsOf(a, first)).toEqual(['lead.confirmation', 'lead.staff']);
    expect(await topicsOf(a, second)).toEqual([]);
  });

  it('sent to both at the same moment, exactly one submission is taken as real', async () => {
    for (let round = 0; round < 5; round++) {
      const headers = filledOnSite(b);
      const ids = await Promise.all([post(a, headers, `race-a-${round}@example.com`), post(b, headers, `race-b-${round}@example.com`)]);
      expect((await spamFlags(ids)).sort()).toEqual([false, true]);
    }
  });

  it(`${CONFIRMATIONS_PER_ADDRESS * 2} submissions for one address sent to both at once get ${CONFIRMATIONS_PER_ADDRESS} confirmations between them`, async () => {
    const ids = await Promise.all(
      Array.from({ length: CONFIRMATIONS_PER_ADDRESS * 2 }, (_, index) => {
        const instance = index % 2 === 0 ? a : b;
        return post(instance, filledOnSite(instance), 'crowded@example.com');
      }),
    );
    const topics = (await Promise.all(ids.map((id) => topicsOf(a, id)))).flat();
    expect(topics.filter((topic) => topic === 'lead.confirmation')).toHaveLength(CONFIRMATIONS_PER_ADDRESS);
    expect(topics.filter((topic) => topic === 'lead.staff')).toHaveLength(CONFIRMATIONS_PER_ADDRESS * 2);
  });
});
