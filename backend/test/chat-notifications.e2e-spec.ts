// PostgreSQL pass, engine blocks: the chat URLs migrated at start by instances starting together (the settings row locked).
import {
  FORM_TRAP_HEADER,
  MESSAGES,
  SERVICE_LABELS,
  emptyNotificationRoutes,
  type AuditEntry,
  type Delivery,
  type NotificationSettings,
} from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { eq, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { deliveries, settings } from '../src/database/schema';
import { ChatUrlsAtRest } from '../src/deliveries/chat-urls-at-rest';
import { NotificationPlan } from '../src/deliveries/notification-plan';
import { dataUrl, samplePdf } from './fixtures/resume-samples';
import { loginAsAdmin } from './support/admin-session';
import { filledOnSite } from './support/form-token';
import { columnsHolding } from './support/table-scan';
import { createTestApp, describeEngineDependent, type RestartableTestApp, type TestApp } from './support/test-app';
import { startWebhookReceiver, type ReceivedCall } from './support/webhook-receiver';

const SLOW_MS = 120_000;
const PATH = '/api/admin/settings/notifications';
const PUBLIC_URL = 'https://brightwave.test';
// A first retry 1 s (± 20 %) after a failure instead of 15 s.
const RETRY_WAIT_MS = 20_000;

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
type Auth = { authorization: string };

const lead = (name: string) => ({ name, email: 'ann@example.com', service: 'web', message: 'My phone is 555-0100' });

async function sendLead(t: TestApp, name: string, headers: Record<string, string> = {}): Promise<string> {
  return (await t.http.post('/api/leads').set(headers).send(lead(name)).expect(201)).body.data._id as string;
}

/** The topics of the outbox rows about one item. */
async function topicsOf(t: TestApp, subjectId: string): Promise<string[]> {
  const rows = await t.app.get<symbol, Database>(DATABASE).select({ topic: deliveries.topic }).from(deliveries).where(eq(deliveries.subjectId, subjectId));
  return rows.map((row) => row.topic).sort();
}

/** The chat posts about one item on the Deliveries screen (its staff mail, to the owners here, is beside them). */
async function chatPostsOf(t: TestApp, auth: Auth, subjectId: string): Promise<Delivery[]> {
  const rows = (await t.http.get('/api/admin/deliveries?limit=100').set(auth).expect(200)).body.deliveries as Delivery[];
  return rows.filter((row) => row.subjectId === subjectId && row.kind === 'chat');
}

describe('Chat notifications: a route also posts to a Slack or Microsoft Teams channel', () => {
  let t: RestartableTestApp;
  let receiver: Receiver;
  let auth: Auth;
  const hook = (path: string) => `http://127.0.0.1:${receiver.port}${path}`;
  const callsTo = (path: string) => receiver.calls.filter((call) => call.path === path);
  const bodyOf = (call: ReceivedCall | undefined) => JSON.parse(call?.body ?? 'null') as unknown;
  const save = (body: object) => t.http.put(PATH).set(auth).send(body);
  const postedTo = (path: string, count = 1) => pollUntil(() => callsTo(path).length >= count && callsTo(path), { what: `${count} post(s) to ${path}` });

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ ALLOW_HTTP_WEBHOOKS: 'true', ALLOW_PRIVATE_WEBHOOKS: 'true', OUTBOX_FIRST_RETRY_SECONDS: '1', PUBLIC_URL });
    auth = { authorization: `Bearer ${await loginAsAdmin(t)}` };
  }, SLOW_MS);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('starts with no chat on any route', async () => {
    const { chat } = (await t.http.get(PATH).set(auth).expect(200)).body.settings as NotificationSettings;
    expect(chat.lead).toBeNull();
    expect(Object.values(chat.contact).every((target) => target === null)).toBe(true);
  });

  it('posts a quote request to Slack: text and a mrkdwn section block, Slack control characters escaped, linking to the item', async () => {
    const saved = await save({ routes: {}, chat: { lead: { kind: 'slack', url: hook('/slack') } } }).expect(200);
    // Shown back by its service and host only: the URL is a secret.
    expect((saved.body.settings as NotificationSettings).chat.lead).toEqual({ kind: 'slack', host: `127.0.0.1:${receiver.port}` });
    expect(JSON.stringify(saved.body)).not.toContain(hook('/slack'));
    const id = await sendLead(t, 'Ann <!channel> & Lee');

    const [call] = await postedTo('/slack');
    expect(call?.headers['content-type']).toBe('application/json');
    const headline = `New quote request from Ann &lt;!channel&gt; &amp; Lee (${SERVICE_LABELS.web})`;
    expect(bodyOf(call)).toEqual({
      text: headline,
      blocks: [
        {
          type: 'section',
          text: { type: 'mrkdwn', text: `*${headline}*\n<${PUBLIC_URL}/admin/leads/${id}|Open the quote request>` },
          fields: [
            { type: 'mrkdwn', text: '*Name*\nAnn &lt;!channel&gt; &amp; Lee' },
            { type: 'mrkdwn', text: `*Service*\n${SERVICE_LABELS.web}` },
          ],
        },
      ],
    });
    // Never the visitor's address or message: a channel's history is out of reach of a privacy erase.
    expect(call?.body).not.toContain('ann@example.com');
    expect(call?.body).not.toContain('555-0100');
  });

  it('lists the post on the Deliveries screen as a chat post to the service and host, never the URL', async () => {
    const id = await sendLead(t, 'Listed Person');
    const [post] = await pollUntil(
      async () => {
        const rows = await chatPostsOf(t, auth, id);
        return rows[0]?.status === 'sent' && rows;
      },
      { what: 'the chat post sent' },
    );
    expect(post).toMatchObject({ kind: 'chat', topic: 'lead.chat', recipient: `Slack (127.0.0.1:${receiver.port})`, status: 'sent', attempts: 1 });
    // Beside the staff mail: with no address on the route and no NOTIFY_TO, it goes to the owners.
    expect(await topicsOf(t, id)).toEqual(['lead.chat', 'lead.staff']);
  });

  it('posts a contact message to Teams as a message with an Adaptive Card, markdown in the name shown as typed', async () => {
    await save({ routes: {}, chat: { contact: { sales: { kind: 'teams', url: hook('/teams') } } } }).expect(200);
    const answer = await t.http
      .post('/api/contacts')
      .send({ name: 'Bob [Click](https://evil.example) *Boss*', email: 'bob@example.com', department: 'sales', message: 'Hello' })
      .expect(201);
    const id = answer.body.data._id as string;

    const [call] = await postedTo('/teams');
    const name = 'Bob \\[Click\\](https://evil.example) \\*Boss\\*';
    expect(bodyOf(call)).toEqual({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            body: [
              { type: 'TextBlock', text: `New contact message from ${name} (Sales)`, weight: 'Bolder', size: 'Medium', wrap: true },
              {
                type: 'FactSet',
                facts: [
                  { title: 'Name', value: name },
                  { title: 'Department', value: 'Sales' },
                ],
              },
            ],
            actions: [{ type: 'Action.OpenUrl', title: 'Open the contact message', url: `${PUBLIC_URL}/admin/queries/${id}` }],
          },
        },
      ],
    });
    // A contact message of another department goes to its own route: no chat there.
    await t.http.post('/api/contacts').send({ name: 'Support Person', email: 's@example.com', department: 'support', message: 'Hi' }).expect(201);
    await t.http.post('/api/contacts').send({ name: 'Second Sales', email: 'x@example.com', department: 'sales', message: 'Hi' }).expect(201);
    const calls = await postedTo('/teams', 2);
    expect(calls.map((posted) => JSON.stringify(bodyOf(posted)))).toEqual([expect.stringContaining('Bob'), expect.stringContaining('Second Sales')]);
  });

  it("posts a job application to its department's channel, linking to the application", async () => {
    const job = await t.http
      .post('/api/jobs/admin')
      .set(auth)
      .send({
        title: 'Senior Designer',
        department: 'design',
        location: 'remote',
        type: 'full-time',
        experience: '5+ years',
        description: 'A role.',
        requirements: ['Taste'],
      })
      .expect(201);
    await save({ routes: {}, chat: { application: { design: { kind: 'slack', url: hook('/design') } } } }).expect(200);
    const applied = await t.http
      .post('/api/jobs/apply')
      .send({
        job: job.body.data._id,
        fullName: 'Dee Signer',
        email: 'dee@example.com',
        phone: '+15550123',
        experience: '6 years',
        resume: dataUrl(samplePdf()),
        isResumeBase64: true,
      })
      .expect(201);
    const [call] = await postedTo('/design');
    const body = bodyOf(call) as { text: string; blocks: Array<{ text: { text: string } }> };
    expect(body.text).toBe('New job application from Dee Signer (Senior Designer)');
    expect(body.blocks[0]?.text.text).toContain(`<${PUBLIC_URL}/admin/applications/${applied.body.data._id}|Open the job application>`);
  });

  it('never posts suspected spam: neither a filled honeypot nor a form token used twice', async () => {
    await save({ routes: {}, chat: { lead: { kind: 'slack', url: hook('/spam-check') } } }).expect(200);
    const headers = filledOnSite(t);
    const genuine = await sendLead(t, 'First Use', headers);
    const reused = await sendLead(t, 'Second Use', headers);
    const trapped = await sendLead(t, 'Honeypot Filler', { [FORM_TRAP_HEADER]: 'http://spam.example' });
    await sendLead(t, 'Last One');

    const calls = await postedTo('/spam-check', 2);
    expect(calls.map((call) => (bodyOf(call) as { text: string }).text)).toEqual([
      `New quote request from First Use (${SERVICE_LABELS.web})`,
      `New quote request from Last One (${SERVICE_LABELS.web})`,
    ]);
    expect(await topicsOf(t, genuine)).toEqual(['lead.chat', 'lead.staff']);
    expect(await topicsOf(t, reused)).toEqual([]);
    expect(await topicsOf(t, trapped)).toEqual([]);
  });

  it('retries a failed post through the outbox until the channel takes it', async () => {
    await save({ routes: {}, chat: { lead: { kind: 'teams', url: hook('/flaky') } } }).expect(200);
    receiver.answerNext('/flaky', 500, 429);
    const id = await sendLead(t, 'Patient Person');
    const [post] = await pollUntil(
      async () => {
        const rows = await chatPostsOf(t, auth, id);
        return rows[0]?.status === 'sent' && rows;
      },
      { what: 'the post sent on its third attempt', timeoutMs: RETRY_WAIT_MS },
    );
    expect(post).toMatchObject({ kind: 'chat', attempts: 3, status: 'sent', lastError: null });
    expect(callsTo('/flaky')).toHaveLength(3);
    // The same post each time.
    expect(new Set(callsTo('/flaky').map((call) => call.body)).size).toBe(1);
  });

  it('gives a waiting post up when its route no longer posts to a chat channel', async () => {
    await save({ routes: {}, chat: { lead: { kind: 'slack', url: hook('/removed') } } }).expect(200);
    receiver.answerNext('/removed', 503);
    const id = await sendLead(t, 'Late Person');
    await postedTo('/removed');
    await save({ routes: {} }).expect(200);
    const [post] = await pollUntil(
      async () => {
        const rows = await chatPostsOf(t, auth, id);
        return rows[0]?.status === 'failed' && rows;
      },
      { what: 'the post given up', timeoutMs: RETRY_WAIT_MS },
    );
    expect(post).toMatchObject({ attempts: 2, lastError: 'the route no longer posts to a chat channel' });
    expect(callsTo('/removed')).toHaveLength(1);
  });

  it('refuses a chat that is not { kind, url } with a usable URL, or { kind } keeping a channel the route does not have, naming the route, and stores nothing', async () => {
    await save({ routes: {}, chat: { lead: { kind: 'slack', url: hook('/kept') } } }).expect(200);
    const refused = async (chat: unknown) => (await save({ routes: {}, chat }).expect(400)).body as { message: string; errors: Record<string, string> };
    expect((await refused({ lead: { kind: 'irc', url: hook('/x') } })).errors).toEqual({ 'chat.lead': MESSAGES.chatInvalid });
    expect((await refused({ lead: { kind: 'slack', url: 42 } })).errors).toEqual({ 'chat.lead': MESSAGES.chatInvalid });
    expect((await refused({ lead: { kind: 'slack', url: hook('/x'), channel: '#sales' } })).errors).toEqual({ 'chat.lead': MESSAGES.chatInvalid });
    expect((await refused({ contact: { sales: { kind: 'teams', url: '  ' } } })).errors).toEqual({ 'chat.contact.sales': MESSAGES.chatUrlRequired });
    expect((await refused({ lead: { kind: 'teams' } })).errors).toEqual({ 'chat.lead': MESSAGES.chatUrlRequired });
    expect((await refused({ contact: { sales: { kind: 'slack' } } })).errors).toEqual({ 'chat.contact.sales': MESSAGES.chatUrlRequired });
    expect((await refused({ lead: { kind: 'slack', url: 'hooks.slack.com/services/T0/B0/x' } })).errors).toEqual({
      'chat.lead': 'Please provide a full URL, such as https://hooks.slack.com/services/…',
    });
    expect((await refused({ application: { design: { kind: 'teams', url: 'ftp://example.com/hook' } } })).errors).toEqual({
      'chat.application.design': 'The URL must start with https:// or http://',
    });
    expect((await refused({ contact: { legal: null } })).errors).toEqual({ 'chat.contact.legal': 'contact.legal is not a notification route' });
    expect((await refused('slack')).errors).toEqual({ chat: MESSAGES.chatInvalid });
    const settingsNow = (await t.http.get(PATH).set(auth).expect(200)).body.settings as NotificationSettings;
    expect(settingsNow.chat.lead).toEqual({ kind: 'slack', host: `127.0.0.1:${receiver.port}` });
  });

  it('records a change of chat channel in the audit log by route, never with the URL', async () => {
    await save({ routes: {}, chat: { lead: { kind: 'teams', url: hook('/audited?sig=secret-token') } } }).expect(200);
    const [entry] = (await t.http.get('/api/admin/audit?action=settings.notifications_changed&limit=1').set(auth).expect(200)).body.entries as AuditEntry[];
    expect(entry?.details).toEqual({ fields: ['chat.lead'] });
    expect(JSON.stringify(entry)).not.toContain('secret-token');
  });

  describe('the URLs at rest', () => {
    const db = () => t.app.get<symbol, Database>(DATABASE);
    const storedLeadChat = async () => {
      const [row] = await db().select({ value: settings.value }).from(settings).where(eq(settings.key, 'notification_routes'));
      return (row?.value as { chat: { lead: unknown } }).chat.lead;
    };

    it('stores a chat URL encrypted: no column of the database holds it, and posts still go to it', async () => {
      await save({ routes: {}, chat: { lead: { kind: 'teams', url: hook('/sealed?sig=at-rest-token') } } }).expect(200);
      expect(await columnsHolding(db(), 'at-rest-token')).toEqual([]);
      expect(await columnsHolding(db(), '/sealed')).toEqual([]);
      expect(await storedLeadChat()).toEqual({ kind: 'teams', host: `127.0.0.1:${receiver.port}`, url: expect.stringMatching(/^enc:v1:/) });
      await sendLead(t, 'Sealed Person');
      await postedTo('/sealed?sig=at-rest-token');
    });

    it('keeps the saved channel as it is stored when saved again with { kind } alone', async () => {
      const before = await storedLeadChat();
      await save({ routes: {}, chat: { lead: { kind: 'teams' } } }).expect(200);
      expect(await storedLeadChat()).toEqual(before);
      await sendLead(t, 'Kept Person');
      await postedTo('/sealed?sig=at-rest-token', 2);
    });

    describeEngineDependent('instances starting together', () => {
      it('encrypts at start, in place, a URL an earlier version stored in plain: once, however many instances start', async () => {
        const plain = { routes: emptyNotificationRoutes(), chat: { lead: { kind: 'slack', url: hook('/was-plain') } }, assignees: {} };
        // Written whether or not a save made the row (on the PostgreSQL pass this block runs alone).
        await db()
          .insert(settings)
          .values({ key: 'notification_routes', value: plain })
          .onConflictDoUpdate({ target: settings.key, set: { value: plain } });
        expect(await columnsHolding(db(), '/was-plain')).toEqual(['settings.value']);
        await t.restart();
        expect(await columnsHolding(db(), '/was-plain')).toEqual([]);
        const sealed = await storedLeadChat();
        expect(sealed).toEqual({ kind: 'slack', host: `127.0.0.1:${receiver.port}`, url: expect.stringMatching(/^enc:v1:/) });
        // Instances starting together: the first to take the row finds it encrypted already, as do the others.
        await Promise.all([1, 2].map(() => t.app.get(ChatUrlsAtRest).onApplicationBootstrap()));
        expect(await storedLeadChat()).toEqual(sealed);
        await sendLead(t, 'After Upgrade');
        await postedTo('/was-plain');
      });
    });
  });
});

describe('Chat notifications under the address rules of production', () => {
  let t: TestApp;
  let receiver: Receiver;
  let auth: Auth;
  const refusedUrl = async (url: string) =>
    (
      (
        await t.http
          .put(PATH)
          .set(auth)
          .send({ routes: {}, chat: { lead: { kind: 'slack', url } } })
          .expect(400)
      ).body as { errors: Record<string, string> }
    ).errors;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ PUBLIC_URL });
    auth = { authorization: `Bearer ${await loginAsAdmin(t)}` };
  }, SLOW_MS);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('refuses http:// and addresses inside the network when saved, as for webhooks', async () => {
    expect(await refusedUrl('http://hooks.slack.com/services/T0/B0/x')).toEqual({ 'chat.lead': 'The URL must start with https://' });
    expect(await refusedUrl('https://10.0.0.5/hook')).toEqual({
      'chat.lead': 'Chat notifications cannot post to addresses inside the network: 10.0.0.5 is a private address',
    });
    expect((await refusedUrl('https://localhost/hook'))['chat.lead']).toMatch(
      /^Chat notifications cannot post to addresses inside the network: localhost resolves to (127\.0\.0\.1|::1), a loopback address$/,
    );
    expect(((await t.http.get(PATH).set(auth).expect(200)).body.settings as NotificationSettings).chat.lead).toBeNull();
  });

  it('refuses at send time a channel that is inside the network, and sends nothing', async () => {
    // As if the address had been public when it was saved: written behind the app's back, then read again.
    const db = t.app.get<symbol, Database>(DATABASE);
    const value = { routes: emptyNotificationRoutes(), chat: { lead: { kind: 'slack', url: `https://127.0.0.1:${receiver.port}/inside` } }, assignees: {} };
    await db
      .insert(settings)
      .values({ key: 'notification_routes', value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    await t.app.get(NotificationPlan).settings();
    const id = await sendLead(t, 'Inside Job');
    const [post] = await pollUntil(
      async () => {
        const rows = await chatPostsOf(t, auth, id);
        return rows[0]?.status === 'failed' && rows;
      },
      { what: 'the refused post' },
    );
    expect(post).toMatchObject({ kind: 'chat', attempts: 1, lastError: 'refused: 127.0.0.1 is a loopback address' });
    expect(receiver.connections()).toBe(0);
  });
});
