import {
  ATTRIBUTION_HEADER,
  ATTRIBUTION_HEADER_MAX_LENGTH,
  ATTRIBUTION_VALUE_MAX_LENGTH,
  DAY_MS,
  FORM_TRAP_HEADER,
  type Attribution,
  type AttributionReport,
  type ChannelCounts,
  type WorkItemKind,
} from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { inArray } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { contacts, jobApplications, leads } from '../src/database/schema';
import { dataUrl, samplePdf } from './fixtures/resume-samples';
import { loginAsAdmin, signInInvitedAdmin } from './support/admin-session';
import { createTestApp, type TestApp } from './support/test-app';
import { startWebhookReceiver } from './support/webhook-receiver';

const BOOT_TIMEOUT_MS = 120_000;
const PUBLIC_URL = 'https://www.brightwave.test';
const JOB = {
  title: 'Analyst',
  department: 'marketing',
  location: 'remote',
  type: 'full-time',
  experience: '2 years',
  description: 'Count.',
  requirements: [],
};
const NONE: Attribution = { source: null, medium: null, campaign: null, term: null, content: null, referrerHost: null, landingPath: null };
const DIRECT: Attribution = { ...NONE, source: 'direct' };
/** Each kind's calls: where its form posts, where its item is read, and its list's key. */
const ITEM_PATH: Record<WorkItemKind, string> = { lead: '/api/leads', contact: '/api/contacts', application: '/api/jobs/applications' };
const KINDS: WorkItemKind[] = ['lead', 'contact', 'application'];

/**
 * The header's JSON with every character outside ASCII written as a \u escape, as a header must be sent (the
 * escapes are what JSON.parse turns back into those characters on the server).
 */
function headerOf(report: AttributionReport | Record<string, unknown>): string {
  return JSON.stringify(report).replace(/[\u007f-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

describe('Attribution of submissions: the X-Attribution header on the quote, contact and application forms', () => {
  let t: TestApp;
  let db: Database;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let owner: { Authorization: string };
  let jobId: string;
  let sequence = 0;

  /** Sends one form of `kind` (with the header when given) and answers the new item's id; the form is never refused for it. */
  async function submit(kind: WorkItemKind, header?: string, extra: Record<string, string> = {}): Promise<string> {
    sequence += 1;
    const email = `visitor${sequence}@example.com`;
    const request =
      kind === 'lead'
        ? t.http.post('/api/leads').send({ name: `Lead ${sequence}`, email, service: 'web', message: 'A quote, please.' })
        : kind === 'contact'
          ? t.http.post('/api/contacts').send({ name: `Contact ${sequence}`, email, department: 'sales', message: 'Hello.' })
          : t.http.post('/api/jobs/apply').send({
              job: jobId,
              fullName: `Applicant ${sequence}`,
              email,
              phone: '+15551234567',
              experience: '3 years',
              resume: dataUrl(samplePdf(`Applicant ${sequence}`)),
              isResumeBase64: true,
            });
    if (header !== undefined) request.set(ATTRIBUTION_HEADER, header);
    for (const [name, value] of Object.entries(extra)) request.set(name, value);
    return (await request.expect(201)).body.data._id as string;
  }
  /** The attribution the item page answers. */
  const attributionOf = async (kind: WorkItemKind, id: string): Promise<Attribution> =>
    (await t.http.get(`${ITEM_PATH[kind]}/${id}`).set(owner).expect(200)).body.data.attribution as Attribution;
  /** Each kind sent with `report`, read back from its item page. */
  const storedForEachKind = async (report: AttributionReport | Record<string, unknown> | string) =>
    Promise.all(KINDS.map(async (kind) => attributionOf(kind, await submit(kind, typeof report === 'string' ? report : headerOf(report)))));

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ ALLOW_HTTP_WEBHOOKS: 'true', ALLOW_PRIVATE_WEBHOOKS: 'true', PUBLIC_URL });
    db = t.app.get<symbol, Database>(DATABASE);
    owner = { Authorization: `Bearer ${await loginAsAdmin(t)}` };
    jobId = (await t.http.post('/api/jobs/admin').set(owner).send(JOB).expect(201)).body.data.id as string;
  }, BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  describe('what is kept', () => {
    it('keeps every well-formed value on a quote request, a contact message and an application, and the item page answers it', async () => {
      const report = {
        source: 'newsletter',
        medium: 'email',
        campaign: 'spring',
        term: 'web design',
        content: 'banner-a',
        referrer: 'mail.example.com',
        landing: '/services',
      };
      const expected: Attribution = {
        source: 'newsletter',
        medium: 'email',
        campaign: 'spring',
        term: 'web design',
        content: 'banner-a',
        referrerHost: 'mail.example.com',
        landingPath: '/services',
      };
      expect(await storedForEachKind(report)).toEqual([expected, expected, expected]);
    });

    it('answers the attribution with the submission, and keeps it on suspected spam too', async () => {
      const answer = await t.http
        .post('/api/leads')
        .set(ATTRIBUTION_HEADER, headerOf({ source: 'ads' }))
        .send({
          name: 'Answered',
          email: 'answered@example.com',
          service: 'web',
          message: 'Hi',
        });
      expect(answer.status).toBe(201);
      expect(answer.body.data.attribution).toEqual({ ...NONE, source: 'ads' });
      const spam = await submit('lead', headerOf({ source: 'spammy', medium: 'cpc' }), { [FORM_TRAP_HEADER]: 'filled' });
      expect(await attributionOf('lead', spam)).toEqual({ ...NONE, source: 'spammy', medium: 'cpc' });
    });

    it('cleans what it keeps: values trimmed, source, medium and the referrer lower-case, the landing page without its query or fragment', async () => {
      const stored = await storedForEachKind({
        source: '  Newsletter ',
        medium: 'EMAIL',
        campaign: ' Spring Sale ',
        referrer: 'News.Example.COM.',
        landing: '/careers?utm_source=Newsletter&email=a@b.example#apply',
      });
      const expected: Attribution = {
        ...NONE,
        source: 'newsletter',
        medium: 'email',
        campaign: 'Spring Sale',
        referrerHost: 'news.example.com',
        landingPath: '/careers',
      };
      expect(stored).toEqual([expected, expected, expected]);
    });

    it(`keeps a value of ${ATTRIBUTION_VALUE_MAX_LENGTH} characters of any script`, async () => {
      const campaign = `Été-${'é'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH - 4)}`;
      const [lead] = await storedForEachKind({ source: 'newsletter', campaign, content: '日本語 コンテンツ' });
      expect(lead).toEqual({ ...NONE, source: 'newsletter', campaign, content: '日本語 コンテンツ' });
    });
  });

  describe('what is dropped, silently (the form is taken all the same)', () => {
    it(`drops a value over ${ATTRIBUTION_VALUE_MAX_LENGTH} characters, and keeps the others`, async () => {
      const stored = await storedForEachKind({ source: 's'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH + 1), medium: 'cpc', campaign: 'c'.repeat(500) });
      expect(stored).toEqual([
        { ...DIRECT, medium: 'cpc' },
        { ...DIRECT, medium: 'cpc' },
        { ...DIRECT, medium: 'cpc' },
      ]);
    });

    it('drops a value with control, invisible or direction-changing characters', async () => {
      const stored = await storedForEachKind({ source: 'news\u0000letter', medium: 'e\nmail', campaign: 'a\u200Bb', term: 'x\u202Ey', content: 'tab\there' });
      expect(stored).toEqual([DIRECT, DIRECT, DIRECT]);
    });

    it('drops a value that is not text', async () => {
      const stored = await storedForEachKind({ source: 42, medium: ['cpc'], campaign: { name: 'x' }, term: true, content: null, referrer: 7, landing: [] });
      expect(stored).toEqual([DIRECT, DIRECT, DIRECT]);
    });

    it.each(['https://www.google.com', 'www.google.com/search?q=x', 'www.google.com:443', 'goo gle.com', 'user@example.com', '-bad.example', '[::1]'])(
      'drops the referrer %j: a host name only',
      async (referrer) => {
        expect(await storedForEachKind({ referrer, landing: '/' })).toEqual([
          { ...DIRECT, landingPath: '/' },
          { ...DIRECT, landingPath: '/' },
          { ...DIRECT, landingPath: '/' },
        ]);
      },
    );

    it.each(['contact', '//evil.example/x', '/\\evil.example', 'https://www.brightwave.test/contact', 'javascript:alert(1)', '/a b', `/${'p'.repeat(100)}`])(
      'drops the landing %j: a path of the site only',
      async (landing) => {
        expect(await storedForEachKind({ source: 'newsletter', landing })).toEqual([
          { ...NONE, source: 'newsletter' },
          { ...NONE, source: 'newsletter' },
          { ...NONE, source: 'newsletter' },
        ]);
      },
    );

    it.each([
      ['not JSON', '{source: newsletter}'],
      ['cut short', '{"source":"newsletter"'],
      ['a JSON array', '["newsletter"]'],
      ['a JSON string', '"newsletter"'],
      ['JSON null', 'null'],
      [`over ${ATTRIBUTION_HEADER_MAX_LENGTH} characters`, headerOf({ source: 'newsletter', term: 't'.repeat(ATTRIBUTION_HEADER_MAX_LENGTH) })],
      ['huge (10,000 characters)', headerOf({ source: 'newsletter', junk: 'j'.repeat(10_000) })],
      ['empty', ''],
    ])('ignores a header that is %s: a direct visit', async (_, header) => {
      expect(await storedForEachKind(header)).toEqual([DIRECT, DIRECT, DIRECT]);
    });

    it('reads only the fields it knows; a __proto__ or constructor key changes no object', async () => {
      const header = '{"__proto__":{"source":"polluted"},"constructor":{"prototype":{"medium":"polluted"}},"extra":"x","campaign":"kept"}';
      expect(await storedForEachKind(header)).toEqual([
        { ...DIRECT, campaign: 'kept' },
        { ...DIRECT, campaign: 'kept' },
        { ...DIRECT, campaign: 'kept' },
      ]);
      expect(({} as Record<string, unknown>).source).toBeUndefined();
    });
  });

  describe('the defaults', () => {
    it('makes a visit with no UTM source from another site a referral from that host', async () => {
      const expected: Attribution = { ...NONE, source: 'forum.example.org', medium: 'referral', referrerHost: 'forum.example.org', landingPath: '/about' };
      expect(await storedForEachKind({ referrer: 'forum.example.org', landing: '/about' })).toEqual([expected, expected, expected]);
    });

    it('keeps a UTM source over the referrer, and a given medium over referral', async () => {
      const [withSource] = await storedForEachKind({ source: 'linkedin', medium: 'social', referrer: 'lnkd.in' });
      expect(withSource).toEqual({ ...NONE, source: 'linkedin', medium: 'social', referrerHost: 'lnkd.in' });
      const [withMedium] = await storedForEachKind({ medium: 'social', referrer: 'lnkd.in' });
      expect(withMedium).toEqual({ ...NONE, source: 'lnkd.in', medium: 'social', referrerHost: 'lnkd.in' });
    });

    it('makes a visit with no source and no referrer, or no header at all, direct', async () => {
      expect(await storedForEachKind({ landing: '/contact' })).toEqual([
        { ...DIRECT, landingPath: '/contact' },
        { ...DIRECT, landingPath: '/contact' },
        { ...DIRECT, landingPath: '/contact' },
      ]);
      expect(await Promise.all(KINDS.map(async (kind) => attributionOf(kind, await submit(kind))))).toEqual([DIRECT, DIRECT, DIRECT]);
    });

    it('takes a referrer that is the site itself (PUBLIC_URL, with or without www) for no referrer', async () => {
      expect(await storedForEachKind({ referrer: 'brightwave.test', landing: '/' })).toEqual([
        { ...DIRECT, landingPath: '/' },
        { ...DIRECT, landingPath: '/' },
        { ...DIRECT, landingPath: '/' },
      ]);
      const [www] = await storedForEachKind({ referrer: 'WWW.brightwave.test' });
      expect(www).toEqual(DIRECT);
    });
  });

  describe('where it is shown', () => {
    it('adds Source, Medium, Campaign, Term, Content, Referrer and Landing page to the CSV export of each list', async () => {
      const header = headerOf({ source: 'csv-source', medium: 'cpc', campaign: 'c1', term: 't1', content: 'k1', referrer: 'ads.example', landing: '/?x=1' });
      await submit('lead', header);
      await submit('contact', header);
      await submit('application', header);
      const columns = '"Source","Medium","Campaign","Term","Content","Referrer","Landing page"';
      const cells = '"csv-source","cpc","c1","t1","k1","ads.example","/"';
      for (const url of ['/api/leads/export.csv', '/api/contacts/export.csv', `/api/jobs/applications/export.csv?job=${jobId}&`]) {
        const separator = url.endsWith('&') ? '' : '?';
        const text = (await t.http.get(`${url}${separator}source=csv-source`).set(owner).buffer(true).expect(200)).text.replace(/^\uFEFF/, '');
        const lines = text.split('\r\n');
        expect(lines[0]?.endsWith(`"Received",${columns}`)).toBe(true);
        expect(lines).toHaveLength(3);
        expect(lines[1]?.endsWith(cells)).toBe(true);
      }
    });

    it('puts the attribution in the data of the webhook calls of a new quote request, contact message and application', async () => {
      await t.http
        .post('/api/admin/settings/webhooks')
        .set(owner)
        .send({ url: `http://127.0.0.1:${receiver.port}/crm`, events: ['lead.created', 'contact.created', 'application.created'] })
        .expect(201);
      const header = headerOf({ source: 'hook-source', medium: 'email', campaign: 'autumn', landing: '/careers' });
      const ids = await Promise.all(KINDS.map((kind) => submit(kind, header)));
      const calls = await pollUntil(
        () => {
          const bodies = receiver.calls.filter((call) => call.path === '/crm').map((call) => JSON.parse(call.body) as { type: string; data: { _id: string } });
          const ours = bodies.filter((body) => ids.includes(body.data._id));
          return ours.length === 3 ? ours : undefined;
        },
        { what: 'the three webhook calls' },
      );
      const expected = { ...NONE, source: 'hook-source', medium: 'email', campaign: 'autumn', landingPath: '/careers' };
      expect(calls.map((call) => call.type).sort()).toEqual(['application.created', 'contact.created', 'lead.created']);
      for (const call of calls) expect(call.data).toMatchObject({ attribution: expected });
    });
  });

  describe('the list filters by source and by medium', () => {
    const idsOf = async (path: string, key: 'leads' | 'contacts' | 'applications') =>
      ((await t.http.get(path).set(owner).expect(200)).body[key] as { _id: string }[]).map((item) => item._id).sort();

    it('lists the leads, contact messages and a job’s applications of one source, one medium, or both, whatever the case asked', async () => {
      const google = headerOf({ source: 'filter-google', medium: 'cpc' });
      const mail = headerOf({ source: 'filter-mail', medium: 'email' });
      const googleOrganic = headerOf({ source: 'filter-google', medium: 'organic' });
      const kinds = [
        { kind: 'lead', list: '/api/leads?', key: 'leads' },
        { kind: 'contact', list: '/api/contacts?', key: 'contacts' },
        { kind: 'application', list: `/api/jobs/applications/${jobId}?`, key: 'applications' },
      ] as const;
      for (const { kind, list, key } of kinds) {
        const [cpc, email, organic] = [await submit(kind, google), await submit(kind, mail), await submit(kind, googleOrganic)];
        expect(await idsOf(`${list}source=filter-google`, key)).toEqual([cpc, organic].sort());
        expect(await idsOf(`${list}source=FILTER-Google&medium=CPC`, key)).toEqual([cpc]);
        expect(await idsOf(`${list}medium=email&source=filter-mail`, key)).toEqual([email]);
        expect(await idsOf(`${list}source=filter-mail&medium=cpc`, key)).toEqual([]);
        const paged = (await t.http.get(`${list}source=filter-google&page=1&limit=1`).set(owner).expect(200)).body as { total: number };
        expect(paged.total).toBe(2);
        // Empty is no filter.
        expect((await idsOf(`${list}source=&medium=`, key)).length).toBeGreaterThanOrEqual(3);
      }
    });

    it('filters the suspected spam the same way, and keeps spam out of the inbox', async () => {
      const spam = await submit('contact', headerOf({ source: 'filter-spam' }), { [FORM_TRAP_HEADER]: 'x' });
      expect(await idsOf('/api/contacts?source=filter-spam', 'contacts')).toEqual([]);
      expect(await idsOf('/api/contacts?source=filter-spam&spam=true', 'contacts')).toEqual([spam]);
    });

    it('refuses a filter over the length of a value', async () => {
      const answer = await t.http
        .get(`/api/leads?source=${'s'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH + 1)}`)
        .set(owner)
        .expect(400);
      expect(answer.body).toMatchObject({ success: false, errors: { source: `source must be at most ${ATTRIBUTION_VALUE_MAX_LENGTH} characters` } });
    });
  });

  describe('the dashboard: submissions by channel (GET /api/admin/dashboard/channels)', () => {
    let sales: { Authorization: string };
    let recruiter: { Authorization: string };
    let editor: { Authorization: string };
    const channelsFor = async (auth: { Authorization: string }, query = '') =>
      (await t.http.get(`/api/admin/dashboard/channels${query}`).set(auth).expect(200)).body as {
        days: number;
        kinds: WorkItemKind[];
        channels: ChannelCounts[];
      };
    const rowOf = (channels: ChannelCounts[], source: string, medium: string | null) => channels.find((row) => row.source === source && row.medium === medium);

    beforeAll(async () => {
      const token = owner.Authorization.slice('Bearer '.length);
      const signIn = async (role: 'sales' | 'recruiter' | 'editor') => ({
        Authorization: `Bearer ${await signInInvitedAdmin(t, token, role, { email: `${role}@channels.test`, password: 'channel-quiet-harbour-42' })}`,
      });
      sales = await signIn('sales');
      recruiter = await signIn('recruiter');
      editor = await signIn('editor');

      // A channel of its own: three leads (one qualified, one spam), two contact messages, two applications (one hired).
      const header = headerOf({ source: 'chan-news', medium: 'email' });
      const [qualified] = [await submit('lead', header), await submit('lead', header)];
      await submit('lead', header, { [FORM_TRAP_HEADER]: 'filled' });
      await t.http.patch(`/api/leads/${qualified}/status`).set(owner).send({ status: 'qualified' }).expect(200);
      await submit('contact', header);
      await submit('contact', header);
      const hired = await submit('application', header);
      await submit('application', header);
      await t.http.put(`/api/jobs/applications/${hired}/status`).set(owner).send({ status: 'hired' }).expect(200);
      // And one of 40 days ago per kind: in the last 90 days, not in the last 30 or 7.
      const old = headerOf({ source: 'chan-old', medium: 'cpc' });
      const olds = [await submit('lead', old), await submit('contact', old), await submit('application', old)];
      const fortyDaysAgo = new Date(Date.now() - 40 * DAY_MS);
      await db.update(leads).set({ createdAt: fortyDaysAgo }).where(inArray(leads.id, olds));
      await db.update(contacts).set({ createdAt: fortyDaysAgo }).where(inArray(contacts.id, olds));
      await db.update(jobApplications).set({ createdAt: fortyDaysAgo }).where(inArray(jobApplications.id, olds));
    }, BOOT_TIMEOUT_MS);

    it('counts per source and medium the leads, contact messages and applications, not spam, with those qualified and hired', async () => {
      const answer = await channelsFor(owner, '?days=7');
      expect(answer.days).toBe(7);
      expect(answer.kinds).toEqual(['lead', 'contact', 'application']);
      expect(rowOf(answer.channels, 'chan-news', 'email')).toEqual({
        source: 'chan-news',
        medium: 'email',
        leads: 2,
        contacts: 2,
        applications: 2,
        qualified: 1,
        hired: 1,
      });
      // The busiest first.
      const totals = answer.channels.map((row) => row.leads + row.contacts + row.applications);
      expect(totals).toEqual(totals.toSorted((a, b) => b - a));
    });

    it('counts the last 7, 30 or 90 days (30 without days)', async () => {
      expect(rowOf((await channelsFor(owner, '?days=7')).channels, 'chan-old', 'cpc')).toBeUndefined();
      expect(rowOf((await channelsFor(owner, '?days=30')).channels, 'chan-old', 'cpc')).toBeUndefined();
      expect((await channelsFor(owner)).days).toBe(30);
      expect(rowOf((await channelsFor(owner, '?days=90')).channels, 'chan-old', 'cpc')).toMatchObject({ leads: 1, contacts: 1, applications: 1 });
    });

    it('counts only the kinds the role may see: sales leads and contact messages, recruiters applications, editors none', async () => {
      const bySales = await channelsFor(sales);
      expect(bySales.kinds).toEqual(['lead', 'contact']);
      expect(rowOf(bySales.channels, 'chan-news', 'email')).toEqual({
        source: 'chan-news',
        medium: 'email',
        leads: 2,
        contacts: 2,
        applications: 0,
        qualified: 1,
        hired: 0,
      });
      const byRecruiter = await channelsFor(recruiter);
      expect(byRecruiter.kinds).toEqual(['application']);
      expect(rowOf(byRecruiter.channels, 'chan-news', 'email')).toEqual({
        source: 'chan-news',
        medium: 'email',
        leads: 0,
        contacts: 0,
        applications: 2,
        qualified: 0,
        hired: 1,
      });
      expect(byRecruiter.channels.every((row) => row.leads === 0 && row.contacts === 0)).toBe(true);
      expect(await channelsFor(editor)).toEqual({ success: true, days: 30, kinds: [], channels: [] });
    });

    it('refuses another period, and answers 401 without a session', async () => {
      for (const days of ['1', '14', '365', 'week', '']) {
        const answer = await t.http.get(`/api/admin/dashboard/channels?days=${days}`).set(owner).expect(400);
        expect(answer.body).toMatchObject({ success: false, errors: { days: 'days must be 7, 30 or 90' } });
      }
      await t.http.get('/api/admin/dashboard/channels').expect(401);
    });
  });
});
