import { DAY_MS, FORM_TOKEN_HEADER, FORM_TRAP_HEADER, MESSAGES, required, SPAM_RETENTION_DAYS } from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { FormTokens } from '../src/spam-triage/form-tokens';
import { RetentionPurge } from '../src/privacy/retention-purge';
import { createTestAppWithSmtp, mailsTo, signInThroughSmtp, type SmtpSink } from './support/smtp-helpers';
import type { TestApp } from './support/test-app';

const SLOW_MS = 120_000;
const STAFF = 'staff@brightwave.test';

/** The two public forms that are triaged, with a valid body per sender address. */
const FORMS = [
  { kind: 'leads', body: (email: string) => ({ name: 'Quote Sender', email, service: 'web', message: 'We need a website.' }), success: MESSAGES.quoteSuccess },
  {
    kind: 'contacts',
    body: (email: string) => ({ name: 'Contact Sender', email, department: 'sales', message: 'Please call me back.' }),
    success: MESSAGES.contactSuccess,
  },
] as const;

describe('Spam triage of the quote and contact forms', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let close: () => Promise<void>;
  let auth: { authorization: string };
  let tokens: FormTokens;
  /** A token issued long enough ago that a person could have filled the form. */
  const settledToken = () => tokens.issue(Date.now() - 10_000);

  beforeAll(async () => {
    ({ t, smtp, close } = await createTestAppWithSmtp({ NOTIFY_TO: STAFF, SEND_CONFIRMATIONS: 'true' }));
    auth = { authorization: `Bearer ${await signInThroughSmtp(t, smtp.received)}` };
    tokens = t.app.get(FormTokens);
  }, SLOW_MS);
  afterAll(() => close());

  const listed = async (kind: string, query = '') => {
    const answer = (await t.http.get(`/api/${kind}${query}`).set(auth).expect(200)).body;
    return (answer[kind] as { email: string }[]).map((row) => row.email);
  };
  const deliveriesTo = async (email: string) =>
    (
      await t.http
        .get(`/api/admin/deliveries?q=${encodeURIComponent(email)}`)
        .set(auth)
        .expect(200)
    ).body.total as number;

  it('issues a form token that no cache keeps', async () => {
    const answer = await t.http.get('/api/form-token').expect(200);
    expect(answer.body).toEqual({ success: true, token: expect.stringMatching(/^[0-9a-z]+\.[\w-]{12}\.[\w-]{22}$/) });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  describe.each(FORMS)('$kind', ({ kind, body, success }) => {
    const suspects: [string, () => Record<string, string>][] = [
      ['a filled honeypot', () => ({ [FORM_TOKEN_HEADER]: settledToken(), [FORM_TRAP_HEADER]: 'filled' })],
      ['a form sent within 3 s of its token', () => ({ [FORM_TOKEN_HEADER]: tokens.issue() })],
      ['a forged token', () => ({ [FORM_TOKEN_HEADER]: `${Date.now() - 10_000}.${'a'.repeat(12)}.${'b'.repeat(22)}` })],
      ['a token from the future', () => ({ [FORM_TOKEN_HEADER]: tokens.issue(Date.now() + 10 * 60_000) })],
    ];

    it.each(suspects)('answers %s exactly like a real submission, stores it as spam and tells nobody', async (what, headers) => {
      const email = `spam-${kind}-${what.replace(/\W+/g, '-')}@example.com`;
      const answer = await t.http.post(`/api/${kind}`).set(headers()).send(body(email)).expect(201);
      expect(answer.body).toMatchObject({ success: true, message: success, data: { ...body(email), _id: expect.any(String) } });
      expect(await listed(kind)).not.toContain(email);
      expect(await listed(kind, '?spam=true')).toContain(email);
      expect(await deliveriesTo(email)).toBe(0);
    });

    it('treats a form filled at a person’s pace, and an API client without the site’s headers, as real', async () => {
      const person = `person-${kind}@example.com`;
      const client = `client-${kind}@example.com`;
      await t.http.post(`/api/${kind}`).set(FORM_TOKEN_HEADER, settledToken()).set(FORM_TRAP_HEADER, '').send(body(person)).expect(201);
      await t.http.post(`/api/${kind}`).send(body(client)).expect(201);
      expect(await listed(kind)).toEqual(expect.arrayContaining([person, client]));
      expect(await listed(kind, '?spam=true')).not.toEqual(expect.arrayContaining([person]));
      await pollUntil(() => mailsTo(smtp.received, person).length === 1 && mailsTo(smtp.received, STAFF).length > 0, {
        what: 'the staff notification and the confirmation',
      });
    });

    it('Not spam moves one back to the inbox and tells the staff then, once, and the visitor not at all', async () => {
      const email = `released-${kind}@example.com`;
      const { _id: id } = (await t.http.post(`/api/${kind}`).set(FORM_TRAP_HEADER, 'x').send(body(email)).expect(201)).body.data;
      const released = await t.http.patch(`/api/${kind}/${id}/spam`).set(auth).send({ spam: false }).expect(200);
      expect(released.body).toMatchObject({ success: true, message: MESSAGES.markedNotSpam, data: { _id: id, email } });
      expect(await listed(kind)).toContain(email);
      expect(await listed(kind, '?spam=true')).not.toContain(email);
      const staffNotified = async () => {
        const rows = (
          await t.http
            .get(`/api/admin/deliveries?q=${encodeURIComponent(STAFF)}&status=sent`)
            .set(auth)
            .expect(200)
        ).body.deliveries;
        return (rows as { subjectId: string }[]).filter((row) => row.subjectId === id).length;
      };
      await pollUntil(async () => (await staffNotified()) > 0, { what: 'the staff notification sent' });
      // Nothing vouched for it when it arrived (that is why it was suspected): no confirmation to the address.
      expect(await deliveriesTo(email)).toBe(0);
      // Asked again: it is already in the inbox, so nothing is sent twice.
      await t.http.patch(`/api/${kind}/${id}/spam`).set(auth).send({ spam: false }).expect(200);
      expect(await staffNotified()).toBe(1);
      expect(await deliveriesTo(email)).toBe(0);
      const moved = await t.http.patch(`/api/${kind}/${id}/spam`).set(auth).send({ spam: true }).expect(200);
      expect(moved.body.message).toBe(MESSAGES.markedSpam);
      expect(await listed(kind, '?spam=true')).toContain(email);
    });

    it('refuses a bad spam flag or filter, an unknown id and a visitor, and changes nothing', async () => {
      await t.http.patch(`/api/${kind}/00000000-0000-4000-8000-000000000000/spam`).send({ spam: false }).expect(401);
      const notFound = await t.http.patch(`/api/${kind}/00000000-0000-4000-8000-000000000000/spam`).set(auth).send({ spam: false }).expect(404);
      expect(notFound.body.message).toBe(kind === 'leads' ? MESSAGES.leadNotFound : MESSAGES.contactNotFound);
      await t.http.patch(`/api/${kind}/not-an-id/spam`).set(auth).send({ spam: false }).expect(404);
      const first = required(((await t.http.get(`/api/${kind}`).set(auth).expect(200)).body[kind] as { _id: string }[])[0], `a row of ${kind}`);
      const bad = await t.http.patch(`/api/${kind}/${first._id}/spam`).set(auth).send({ spam: 'no' }).expect(400);
      expect(bad.body.errors).toEqual({ spam: 'spam must be true or false' });
      await t.http.patch(`/api/${kind}/${first._id}/spam`).set(auth).send({}).expect(400);
      expect((await t.http.get(`/api/${kind}?spam=maybe`).set(auth).expect(400)).body.errors).toEqual({ spam: 'spam must be true or false' });
      expect(await listed(kind, '?spam=true')).not.toContain((first as unknown as { email: string }).email);
    });
  });

  it('leaves suspected spam out of the dashboard counts', async () => {
    const stats = async () => (await t.http.get('/api/admin/dashboard/stats').set(auth).expect(200)).body.stats;
    const before = await stats();
    await t.http.post('/api/leads').set(FORM_TRAP_HEADER, 'x').send(FORMS[0].body('dashboard-spam@example.com')).expect(201);
    await t.http.post('/api/contacts').set(FORM_TRAP_HEADER, 'x').send(FORMS[1].body('dashboard-spam@example.com')).expect(201);
    const after = await stats();
    expect(after.totalLeads).toBe(before.totalLeads);
    expect(after.leadsByStatus).toEqual(before.leadsByStatus);
    expect(after.contactsByStatus).toEqual(before.contactsByStatus);
    expect(after.newLeadsPerWeek).toEqual(before.newLeadsPerWeek);
  });

  it(`purges suspected spam ${SPAM_RETENTION_DAYS} days after its last change, and nothing else`, async () => {
    const inbox = await listed('leads');
    const spamLeads = await listed('leads', '?spam=true');
    expect(spamLeads.length).toBeGreaterThan(0);
    const retention = t.app.get(RetentionPurge);
    expect(await retention.purge(new Date(Date.now() + (SPAM_RETENTION_DAYS - 1) * DAY_MS))).toMatchObject({ spamLeads: 0, spamContacts: 0 });
    const purged = await retention.purge(new Date(Date.now() + (SPAM_RETENTION_DAYS + 1) * DAY_MS));
    expect(purged?.spamLeads).toBe(spamLeads.length);
    expect(purged?.spamContacts).toBeGreaterThan(0);
    expect(purged).toMatchObject({ leads: 0, contacts: 0 });
    expect(await listed('leads', '?spam=true')).toEqual([]);
    expect(await listed('contacts', '?spam=true')).toEqual([]);
    expect(await listed('leads')).toEqual(inbox);
  });
});
