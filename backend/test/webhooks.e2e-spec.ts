import { randomBytes } from 'node:crypto';
import { type Delivery, required, type Webhook } from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { eq } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { deliveries, webhooks } from '../src/database/schema';
import { DeliveryWorker } from '../src/deliveries/delivery-worker';
import { WebhookSubscriptions } from '../src/webhooks/webhook-subscriptions';
import { dataUrl, samplePdf } from './fixtures/resume-samples';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, type RestartableTestApp, type TestApp } from './support/test-app';
import { expectedSignature, startWebhookReceiver, type ReceivedCall } from './support/webhook-receiver';

const SLOW_MS = 120_000;
const PATH = '/api/admin/settings/webhooks';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
// The first retry comes OUTBOX_FIRST_RETRY_SECONDS ± 20 % after a failure: 15 s in production, 3 s in the retry suite.
const FIRST_RETRY_SECONDS = 3;
const FIRST_RETRY_WAIT_MS = 20_000;

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/** The Deliveries screen's rows found by a search (the endpoint's path, or its name). */
async function deliveriesFound(t: TestApp, auth: { authorization: string }, search: string): Promise<Delivery[]> {
  return (
    await t.http
      .get(`/api/admin/deliveries?q=${encodeURIComponent(search)}`)
      .set(auth)
      .expect(200)
  ).body.deliveries as Delivery[];
}

describe('Settings → Webhooks: signed calls on events', () => {
  let t: TestApp;
  let receiver: Receiver;
  let auth: { authorization: string };
  const deliveriesTo = (hookPath: string) => deliveriesFound(t, auth, hookPath);
  const callsTo = (hookPath: string) => receiver.calls.filter((call) => call.path === hookPath);
  const add = async (hookPath: string, events: string[]) =>
    (
      await t.http
        .post(PATH)
        .set(auth)
        .send({ url: `http://127.0.0.1:${receiver.port}${hookPath}`, events })
        .expect(201)
    ).body as {
      data: Webhook;
      secret: string;
    };
  const newLead = async (name: string) =>
    (await t.http.post('/api/leads').send({ name, email: 'lead@example.com', service: 'web', message: 'Hello' }).expect(201)).body.data as { _id: string };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ ALLOW_HTTP_WEBHOOKS: 'true', ALLOW_PRIVATE_WEBHOOKS: 'true' });
    auth = { authorization: `Bearer ${await loginAsAdmin(t)}` };
  }, SLOW_MS);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('is for signed-in admins only', async () => {
    await t.http.get(PATH).expect(401);
    await t.http
      .post(PATH)
      .send({ url: 'https://hooks.example.com/a', events: ['lead.created'] })
      .expect(401);
    await t.http.patch(`${PATH}/${UNKNOWN_ID}`).send({ enabled: false }).expect(401);
    await t.http.delete(`${PATH}/${UNKNOWN_ID}`).expect(401);
  });

  it('refuses a missing URL, no events and unknown events with a message per field, and stores nothing', async () => {
    const refused = async (body: object) => (await t.http.post(PATH).set(auth).send(body).expect(400)).body;
    expect((await refused({ events: ['lead.created'] })).errors).toEqual({ url: 'Please provide the URL of the endpoint' });
    expect((await refused({ url: 'https://hooks.example.com/a', events: [] })).errors).toEqual({ events: 'Choose at least one event' });
    expect((await refused({ url: 'https://hooks.example.com/a', events: ['lead.deleted'] })).errors).toEqual({
      events: expect.stringContaining('Events must be among: lead.created'),
    });
    const notUrl = await refused({ url: 'hooks.example.com', events: ['lead.created'] });
    expect(notUrl).toEqual({
      success: false,
      message: 'Please provide a full URL, such as https://hooks.example.com/brightwave',
      errors: { url: 'Please provide a full URL, such as https://hooks.example.com/brightwave' },
    });
    expect((await refused({ url: 'ftp://hooks.example.com/a', events: ['lead.created'] })).errors).toEqual({
      url: 'The URL must start with https:// or http://',
    });
    expect((await refused({ url: 'https://hooks.example.com/a', events: ['lead.created'], secret: 'mine' })).errors).toHaveProperty('secret');
    await t.http.patch(`${PATH}/${UNKNOWN_ID}`).set(auth).send({ enabled: 'no' }).expect(400);
    expect((await t.http.get(PATH).set(auth).expect(200)).body.webhooks).toEqual([]);
  });

  it('shows the secret once, when the endpoint is added; unknown ids are 404', async () => {
    const added = await add('/once', ['contact.created']);
    expect(added.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(added.data).toEqual({
      _id: expect.any(String),
      url: `http://127.0.0.1:${receiver.port}/once`,
      events: ['contact.created'],
      enabled: true,
      createdAt: expect.any(String),
    });
    const listed = (await t.http.get(PATH).set(auth).expect(200)).text;
    expect(listed).toContain(added.data._id);
    expect(listed).not.toContain(added.secret);
    expect(listed).not.toContain('whsec_');
    await t.http.patch(`${PATH}/${UNKNOWN_ID}`).set(auth).send({ enabled: false }).expect(404);
    await t.http.delete(`${PATH}/not-an-id`).set(auth).expect(404);
    await t.http.delete(`${PATH}/${added.data._id}`).set(auth).expect(200);
  });

  it('calls the endpoint on a new quote request, signed so that the receiver verifies it with the secret', async () => {
    const { secret } = await add('/signed', ['lead.created']);
    const lead = await newLead('Signed Lead');
    const call = required((await pollUntil(() => (callsTo('/signed').length > 0 ? callsTo('/signed') : undefined), { what: 'the call' }))[0], 'the call');
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers['webhook-signature']).toBe(expectedSignature(secret, call));
    expect(call.headers['webhook-signature']).not.toBe(expectedSignature(`whsec_${Buffer.alloc(32).toString('base64')}`, call));
    expect(Math.abs(Number(call.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);
    const body = JSON.parse(call.body);
    expect(body).toEqual({
      id: call.headers['webhook-id'],
      type: 'lead.created',
      createdAt: expect.any(String),
      data: {
        _id: lead._id,
        name: 'Signed Lead',
        email: 'lead@example.com',
        service: 'web',
        message: 'Hello',
        // The quote form has no custom questions here (docs/features/form-questions.md).
        answers: [],
        status: 'new',
        // Sent without an X-Attribution header: a direct visit (attribution.e2e-spec.ts has the rest).
        attribution: { source: 'direct', medium: null, campaign: null, term: null, content: null, referrerHost: null, landingPath: null },
        createdAt: expect.any(String),
      },
    });
    await pollUntil(async () => (await deliveriesTo('/signed'))[0]?.status === 'sent' || undefined, { what: 'the call marked sent' });
    expect(await deliveriesTo('/signed')).toEqual([
      expect.objectContaining({
        _id: body.id,
        kind: 'webhook',
        topic: 'lead.created',
        recipient: `http://127.0.0.1:${receiver.port}/signed`,
        attempts: 1,
        lastError: null,
      }),
    ]);
  });

  it('calls status-change events with the item as it is and the status before', async () => {
    await add('/status', ['lead.status_changed', 'job.status_changed']);
    const lead = await newLead('Status Lead');
    await t.http.patch(`/api/leads/${lead._id}/status`).set(auth).send({ status: 'contacted' }).expect(200);
    // Setting the status it already has is no change: no call.
    await t.http.patch(`/api/leads/${lead._id}/status`).set(auth).send({ status: 'contacted' }).expect(200);
    const job = (
      await t.http
        .post('/api/jobs/admin')
        .set(auth)
        .send({
          title: 'Designer',
          department: 'design',
          location: 'remote',
          type: 'full-time',
          experience: '2 years',
          description: 'Design.',
          requirements: [],
        })
        .expect(201)
    ).body.data as { _id: string };
    await t.http.put(`/api/jobs/admin/${job._id}/status`).set(auth).send({ status: 'filled' }).expect(200);
    const calls = await pollUntil(() => (callsTo('/status').length >= 2 ? callsTo('/status') : undefined), { what: 'both calls' });
    const bodies = calls.map((call) => JSON.parse(call.body)).sort((a, b) => a.type.localeCompare(b.type));
    expect(bodies).toEqual([
      expect.objectContaining({
        type: 'job.status_changed',
        data: expect.objectContaining({ _id: job._id, title: 'Designer', status: 'filled', previousStatus: 'active' }),
      }),
      expect.objectContaining({
        type: 'lead.status_changed',
        data: expect.objectContaining({ _id: lead._id, name: 'Status Lead', status: 'contacted', previousStatus: 'new' }),
      }),
    ]);
    await pollUntil(async () => (await deliveriesTo('/status')).filter((row) => row.status === 'sent').length === 2 || undefined, { what: 'both marked sent' });
    expect(await deliveriesTo('/status')).toHaveLength(2);
  });

  it('calls a disabled endpoint no more, and a deleted one neither', async () => {
    const { data } = await add('/off', ['lead.created']);
    const signedBefore = callsTo('/signed').length;
    const disabled = await t.http.patch(`${PATH}/${data._id}`).set(auth).send({ enabled: false }).expect(200);
    expect(disabled.body).toMatchObject({ success: true, message: 'Webhook disabled', data: { _id: data._id, enabled: false } });
    await newLead('Nobody Calls');
    await t.http.patch(`${PATH}/${data._id}`).set(auth).send({ enabled: true }).expect(200);
    await t.http.delete(`${PATH}/${data._id}`).set(auth).expect(200);
    await newLead('Still Nobody');
    // The signed endpoint (still enabled) was called for both: the outbox has run past them.
    await pollUntil(() => callsTo('/signed').length >= signedBefore + 2 || undefined, { what: 'the other endpoint called for both' });
    expect(callsTo('/off')).toEqual([]);
    expect(await deliveriesTo('/off')).toEqual([]);
    expect((await t.http.get(PATH).set(auth).expect(200)).body.webhooks.map((webhook: Webhook) => webhook._id)).not.toContain(data._id);
  });

  it('ends the waiting calls of a disabled endpoint as failed, with the reason', async () => {
    const { data } = await add('/down', ['lead.created']);
    receiver.answerNext('/down', 503);
    await newLead('Waits');
    await pollUntil(async () => (await deliveriesTo('/down'))[0]?.lastError === 'answered 503' || undefined, { what: 'the failed try' });
    await t.http.patch(`${PATH}/${data._id}`).set(auth).send({ enabled: false }).expect(200);
    expect((await deliveriesTo('/down'))[0]).toMatchObject({ status: 'failed', lastError: 'the webhook was disabled' });
  });

  it('carries a contact query and an application as the API answered them when they were sent', async () => {
    await add('/items', ['contact.created', 'application.created']);
    const contact = await t.http
      .post('/api/contacts')
      .send({ name: 'Item Contact', email: 'c@example.com', phone: '+15550100', department: 'billing', message: 'Hi' })
      .expect(201);
    const job = await t.http
      .post('/api/jobs/admin')
      .set(auth)
      .send({ title: 'Writer', department: 'design', location: 'remote', type: 'full-time', experience: '2 years', description: 'Write.', requirements: [] })
      .expect(201);
    const application = await t.http
      .post('/api/jobs/apply')
      .send({
        job: job.body.data._id,
        fullName: 'Item Applicant',
        email: 'a@example.com',
        phone: '+15550101',
        experience: '2-3 years',
        resume: dataUrl(samplePdf()),
      })
      .expect(201);
    const calls = await pollUntil(() => (callsTo('/items').length >= 2 ? callsTo('/items') : undefined), { what: 'both calls' });
    const dataOf = Object.fromEntries(calls.map((call) => JSON.parse(call.body)).map((body) => [body.type, body.data]));
    expect(dataOf).toEqual({ 'contact.created': contact.body.data, 'application.created': application.body.data });
  });

  it('gives up at once a call whose item no longer exists', async () => {
    const { data } = await add('/gone', ['lead.created']);
    await t.app
      .get<symbol, Database>(DATABASE)
      .insert(deliveries)
      .values({ topic: 'lead.created', recipient: 'the receiver', subjectId: UNKNOWN_ID, webhookId: data._id });
    t.app.get(DeliveryWorker).wake();
    const [row] = await pollUntil(async () => ((await deliveriesTo('the receiver'))[0]?.status === 'failed' ? deliveriesTo('the receiver') : undefined), {
      what: 'the call given up',
    });
    expect(row).toMatchObject({ attempts: 1, lastError: 'what this call was about no longer exists' });
    expect(callsTo('/gone')).toEqual([]);
  });
});

describe('Settings → Webhooks: retries', () => {
  let t: TestApp;
  let receiver: Receiver;
  let auth: { authorization: string };
  const deliveriesTo = (hookPath: string) => deliveriesFound(t, auth, hookPath);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ ALLOW_HTTP_WEBHOOKS: 'true', ALLOW_PRIVATE_WEBHOOKS: 'true', OUTBOX_FIRST_RETRY_SECONDS: String(FIRST_RETRY_SECONDS) });
    auth = { authorization: `Bearer ${await loginAsAdmin(t)}` };
  }, SLOW_MS);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it(
    'retries a call that was not answered 2xx, with the same webhook-id, until it is delivered',
    async () => {
      await t.http
        .post(PATH)
        .set(auth)
        .send({ url: `http://127.0.0.1:${receiver.port}/flaky`, events: ['contact.created'] })
        .expect(201);
      receiver.answerNext('/flaky', 500);
      await t.http.post('/api/contacts').send({ name: 'Flaky', email: 'flaky@example.com', department: 'sales', message: 'Hi' }).expect(201);
      await pollUntil(async () => (await deliveriesTo('/flaky'))[0]?.lastError === 'answered 500' || undefined, { what: 'the failed try recorded' });
      expect((await deliveriesTo('/flaky'))[0]).toMatchObject({ status: 'pending', attempts: 1 });
      await pollUntil(async () => (await deliveriesTo('/flaky'))[0]?.status === 'sent' || undefined, { what: 'the retry', timeoutMs: FIRST_RETRY_WAIT_MS });
      const calls = receiver.calls.filter((call) => call.path === '/flaky');
      expect(calls).toHaveLength(2);
      expect(calls[1]?.headers['webhook-id']).toBe(calls[0]?.headers['webhook-id']);
      expect((await deliveriesTo('/flaky'))[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    },
    FIRST_RETRY_WAIT_MS + 30_000,
  );
});

describe('Webhooks and server-side request forgery (no test flags)', () => {
  let t: TestApp;
  let receiver: Receiver;
  let auth: { authorization: string };
  const db = () => t.app.get<symbol, Database>(DATABASE);
  const refusedUrl = async (url: string) =>
    (
      await t.http
        .post(PATH)
        .set(auth)
        .send({ url, events: ['lead.created'] })
        .expect(400)
    ).body;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp();
    auth = { authorization: `Bearer ${await loginAsAdmin(t)}` };
  }, SLOW_MS);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('refuses a plain http:// endpoint without ALLOW_HTTP_WEBHOOKS', async () => {
    expect(await refusedUrl('http://hooks.example.com/a')).toEqual({
      success: false,
      message: 'The URL must start with https://',
      errors: { url: 'The URL must start with https://' },
    });
  });

  it.each([
    ['https://127.0.0.1/hook', '127.0.0.1 is a loopback address'],
    ['https://10.1.2.3/hook', '10.1.2.3 is a private address'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254 is a cloud metadata address'],
    ['https://[::1]/hook', '::1 is a loopback address'],
    ['https://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1 is a loopback address'],
    ['https://[fd00:ec2::254]/hook', 'fd00:ec2::254 is a cloud metadata address'],
    ['https://0.0.0.0/hook', '0.0.0.0 is an unspecified address'],
    ['https://100.64.0.1/hook', '100.64.0.1 is a shared (carrier-grade NAT) address'],
    ['https://[64:ff9b::10.0.0.5]/hook', '64:ff9b::a00:5 is a NAT64 address'],
    ['https://[64:ff9b:1::a00:5]/hook', '64:ff9b:1::a00:5 is a NAT64 address'],
    ['https://[::127.0.0.1]/hook', '::7f00:1 is an IPv4-compatible address'],
    ['https://[2002:a00:5::1]/hook', '2002:a00:5::1 is a 6to4 address'],
    ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook', '2001:0:4136:e378:8000:63bf:3fff:fdd2 is a Teredo address'],
  ])('refuses to save %s (a field error names the address)', async (url, reason) => {
    expect((await refusedUrl(url)).errors).toEqual({ url: `Webhooks cannot call addresses inside the network: ${reason}` });
  });

  it('refuses to save a name that resolves to a loopback address', async () => {
    expect((await refusedUrl('https://localhost/hook')).errors.url).toMatch(
      /^Webhooks cannot call addresses inside the network: localhost resolves to (127\.0\.0\.1|::1), a loopback address$/,
    );
    expect((await t.http.get(PATH).set(auth).expect(200)).body.webhooks).toEqual([]);
  });

  it('refuses at send time what resolves to a private address, sends nothing, and says why; Retry now tries again', async () => {
    // As if these names had pointed to public addresses when they were saved (DNS can change after the check).
    const port = receiver.port;
    await db()
      .insert(webhooks)
      .values(
        [`https://127.0.0.1:${port}/hook?token=abc`, 'https://10.0.0.5/hook', 'https://169.254.169.254/latest', `https://localhost:${port}/hook`].map(
          (url) => ({
            url,
            events: ['lead.created' as const],
            secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
          }),
        ),
      );
    await t.http.post('/api/leads').send({ name: 'Forged', email: 'forged@example.com', service: 'web', message: 'Hi' }).expect(201);
    const list = async () => (await t.http.get('/api/admin/deliveries?status=failed').set(auth).expect(200)).body.deliveries as Delivery[];
    const failed = await pollUntil(async () => ((await list()).length === 4 ? list() : undefined), { what: 'four refused calls' });
    const reasons = Object.fromEntries(failed.map((row) => [row.recipient, row.lastError]));
    expect(reasons).toEqual({
      [`https://127.0.0.1:${port}/hook`]: 'refused: 127.0.0.1 is a loopback address',
      'https://10.0.0.5/hook': 'refused: 10.0.0.5 is a private address',
      'https://169.254.169.254/latest': 'refused: 169.254.169.254 is a cloud metadata address',
      [`https://localhost:${port}/hook`]: expect.stringMatching(/^refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address$/),
    });
    expect(failed.every((row) => row.kind === 'webhook' && row.attempts === 1)).toBe(true);
    expect(receiver.connections()).toBe(0);

    const loopback = failed.find((row) => row.recipient.startsWith('https://127.0.0.1'))!;
    await t.http.post(`/api/admin/deliveries/${loopback._id}/retry`).set(auth).expect(200);
    await pollUntil(async () => (await list()).some((row) => row._id === loopback._id && row.attempts === 2) || undefined, { what: 'the retry refused again' });
    expect(receiver.connections()).toBe(0);
  });

  it('refuses at send time a NAT64, IPv4-compatible, 6to4 or Teredo address, whatever IPv4 address it carries', async () => {
    const port = receiver.port;
    const urls: [string, string, string, string] = [
      `https://[64:ff9b::7f00:1]:${port}/n64`,
      `https://[::7f00:1]:${port}/v4c`,
      `https://[2002:7f00:1::1]:${port}/6to4`,
      `https://[2001::7f00:1]:${port}/teredo`,
    ];
    await db()
      .insert(webhooks)
      .values(urls.map((url) => ({ url, events: ['contact.created' as const], secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })));
    // Written behind the app's back: it would otherwise go on using the endpoints it read up to 5 s ago.
    t.app.get(WebhookSubscriptions).forget();
    await t.http.post('/api/contacts').send({ name: 'Tunnel', email: 'tunnel@example.com', department: 'sales', message: 'Hi' }).expect(201);
    const list = async () =>
      ((await t.http.get('/api/admin/deliveries?status=failed').set(auth).expect(200)).body.deliveries as Delivery[]).filter((row) =>
        urls.includes(row.recipient),
      );
    const failed = await pollUntil(async () => ((await list()).length === 4 ? list() : undefined), { what: 'four refused calls' });
    expect(Object.fromEntries(failed.map((row) => [row.recipient, row.lastError]))).toEqual({
      [urls[0]]: 'refused: 64:ff9b::7f00:1 is a NAT64 address',
      [urls[1]]: 'refused: ::7f00:1 is an IPv4-compatible address',
      [urls[2]]: 'refused: 2002:7f00:1::1 is a 6to4 address',
      [urls[3]]: 'refused: 2001::7f00:1 is a Teredo address',
    });
    expect(receiver.connections()).toBe(0);
  });
});

describe('Webhook signing secrets are stored encrypted', () => {
  let t: RestartableTestApp;
  let receiver: Receiver;
  let auth: { authorization: string };
  const LEGACY_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
  const db = () => t.app.get<symbol, Database>(DATABASE);
  const stored = async (hookPath: string) =>
    (
      await db()
        .select({ secret: webhooks.secret })
        .from(webhooks)
        .where(eq(webhooks.url, `http://127.0.0.1:${receiver.port}${hookPath}`))
    )[0]?.secret;
  /** The call a new quote request makes to `hookPath`. */
  const callOnNewLead = async (hookPath: string): Promise<ReceivedCall> => {
    const before = receiver.calls.filter((call) => call.path === hookPath).length;
    await t.http.post('/api/leads').send({ name: 'Sealed', email: 'sealed@example.com', service: 'web', message: 'Hello' }).expect(201);
    const calls = await pollUntil(
      () => {
        const made = receiver.calls.filter((call) => call.path === hookPath);
        return made.length > before ? made : undefined;
      },
      { what: `a call to ${hookPath}` },
    );
    return required(calls.at(-1), `a call to ${hookPath}`);
  };
  const failedCallsTo = async (hookPath: string) =>
    (
      await t.http
        .get(`/api/admin/deliveries?status=failed&q=${encodeURIComponent(hookPath)}`)
        .set(auth)
        .expect(200)
    ).body.deliveries as Delivery[];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ ALLOW_HTTP_WEBHOOKS: 'true', ALLOW_PRIVATE_WEBHOOKS: 'true' });
    auth = { authorization: `Bearer ${await loginAsAdmin(t)}` };
  }, SLOW_MS);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('keeps no whsec_ in the database: the column holds enc:v1:…, and calls verify with the secret shown at creation', async () => {
    const { secret } = (
      await t.http
        .post(PATH)
        .set(auth)
        .send({ url: `http://127.0.0.1:${receiver.port}/sealed`, events: ['lead.created'] })
        .expect(201)
    ).body;
    const raw = await stored('/sealed');
    expect(raw).toMatch(/^enc:v1:[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(raw).not.toContain('whsec_');
    expect(raw).not.toContain(secret.slice('whsec_'.length));
    const call = await callOnNewLead('/sealed');
    expect(call.headers['webhook-signature']).toBe(expectedSignature(secret, call));
  });

  it(
    'encrypts at start a secret stored in plain by an earlier version, once; its calls still verify',
    async () => {
      await db()
        .insert(webhooks)
        .values({ url: `http://127.0.0.1:${receiver.port}/legacy`, events: ['lead.created'], secret: LEGACY_SECRET });
      await t.restart();
      const sealed = await stored('/legacy');
      expect(sealed).toMatch(/^enc:v1:/);
      expect(sealed).not.toContain('whsec_');
      // Already encrypted: a second start leaves it as it is.
      await t.restart();
      expect(await stored('/legacy')).toBe(sealed);
      const call = await callOnNewLead('/legacy');
      expect(call.headers['webhook-signature']).toBe(expectedSignature(LEGACY_SECRET, call));
    },
    SLOW_MS,
  );

  it(
    'once DATA_KEY is set, encrypts the secrets again with its key at start; they then stay readable under a new JWT_SECRET',
    async () => {
      const underJwtSecret = await stored('/legacy');
      await t.restart({ DATA_KEY: randomBytes(32).toString('hex') });
      const underDataKey = await stored('/legacy');
      expect(underDataKey).toMatch(/^enc:v1:/);
      expect(underDataKey).not.toBe(underJwtSecret);
      await t.restart({ JWT_SECRET: randomBytes(32).toString('hex') });
      expect(await stored('/legacy')).toBe(underDataKey);
      auth = { authorization: `Bearer ${await loginAsAdmin(t)}` };
      const call = await callOnNewLead('/legacy');
      expect(call.headers['webhook-signature']).toBe(expectedSignature(LEGACY_SECRET, call));
    },
    SLOW_MS,
  );

  it(
    'under another key a secret cannot be read: the call is given up at once with the reason, and nothing is sent',
    async () => {
      await t.restart({ DATA_KEY: randomBytes(32).toString('hex') });
      auth = { authorization: `Bearer ${await loginAsAdmin(t)}` };
      const before = receiver.calls.length;
      await t.http.post('/api/leads').send({ name: 'Unreadable', email: 'unreadable@example.com', service: 'web', message: 'Hello' }).expect(201);
      const [failed] = await pollUntil(async () => ((await failedCallsTo('/legacy')).length > 0 ? failedCallsTo('/legacy') : undefined), {
        what: 'the call given up',
      });
      expect(failed).toMatchObject({
        attempts: 1,
        lastError: 'the signing secret cannot be decrypted (DATA_KEY changed since the webhook was added): delete the webhook and add it again',
      });
      expect(receiver.calls.length).toBe(before);
    },
    SLOW_MS,
  );
});
