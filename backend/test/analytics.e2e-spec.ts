// PostgreSQL pass, engine blocks: each flush added to the daily totals (upserts), and two instances counting one visitor through Redis.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import {
  ANALYTICS_CHANNELS_PER_DAY_MAX,
  ANALYTICS_FORM_LABELS,
  ANALYTICS_OTHER,
  ANALYTICS_VISITORS_PER_ADDRESS_MAX,
  ATTRIBUTION_HEADER,
  COLLECT_BODY_LIMIT_BYTES,
  DAY_MS,
  FORM_TRAP_HEADER,
  MESSAGES,
  SITE_PAGE_PATHS,
  itemKindsFor,
  jobPath,
  required,
  todayUtc,
  type AnalyticsReport,
  type Job,
} from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { sql } from 'drizzle-orm';
import Redis from 'ioredis';
import type { Response } from 'supertest';
import { AnalyticsClock, AnalyticsCollector } from '../src/analytics/analytics-collector';
import { AnalyticsRepository } from '../src/analytics/analytics.repository';
import { AnalyticsService } from '../src/analytics/analytics.service';
import { VisitorKeys } from '../src/analytics/visitor-key';
import { utcDay } from '../src/analytics/visitor-ledger';
import { DATABASE, type Database } from '../src/database/database';
import { analyticsDays, analyticsForms, analyticsPages, analyticsScreens, analyticsSources } from '../src/database/schema';
import { RetentionPurge } from '../src/privacy/retention-purge';
import { loginAsAdmin, signInInvitedAdmin } from './support/admin-session';
import { freePort } from './support/free-port';
import { dataUrl, samplePdf } from './fixtures/resume-samples';
import { columnsHolding, columnsHoldingEach } from './support/table-scan';
import { createTestApp, describeEngineDependent, type TestApp } from './support/test-app';

const BOOT_TIMEOUT_MS = 120_000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 AnalyticsSuite/7f3a';
const OTHER_BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15 AnalyticsSuite/9c1d';
const COLLECT_LIMIT = 20;
/** Days of their own, far from today, for the counting tests. */
const DAY_ONE = '2026-03-10';
const DAY_TWO = '2026-03-11';

type Report = Record<string, unknown>;
const ANALYTICS_JOB = {
  title: 'Analytics Engineer',
  department: 'engineering',
  location: 'remote',
  type: 'full-time',
  experience: '3+ years',
  description: 'Count visits.',
  requirements: ['SQL'],
};
const view = (path: string, extra: Report = {}): Report => ({ type: 'view', path, screen: 'desktop', ...extra });

describe('Site analytics', () => {
  let t: TestApp;
  let db: Database;
  let owner: { Authorization: string };
  let collector: AnalyticsCollector;
  let clock: jest.SpyInstance<Date, []>;
  /** Every address and browser the suite reported from, to be searched for in the database at the end. */
  const senders = new Set<string>([BROWSER, OTHER_BROWSER]);
  /** Each test's visitors have an address of their own: a visitor, and its rate limit, are per address. */
  let testAddress = '';
  let tests = 0;

  /** A report as the site's beacon sends it: JSON, from `address` (the test's) with `browser`. */
  const collect = (body: Report | string, { address = testAddress, browser = BROWSER, headers = {} as Record<string, string> } = {}) => {
    senders.add(address);
    return t.http
      .post('/api/collect')
      .set({ 'content-type': 'application/json', 'user-agent': browser, 'x-forwarded-for': address, ...headers })
      .send(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const answeredNothing = (response: Response) => {
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
  };
  const onDay = (day: string) => clock.mockReturnValue(new Date(`${day}T12:00:00Z`));
  const rows = async () => ({
    days: await db.select().from(analyticsDays).orderBy(analyticsDays.day),
    pages: await db.select().from(analyticsPages).orderBy(analyticsPages.day, analyticsPages.path),
    sources: await db.select().from(analyticsSources).orderBy(analyticsSources.day, analyticsSources.source, analyticsSources.medium),
    forms: await db.select().from(analyticsForms).orderBy(analyticsForms.day, analyticsForms.form, analyticsForms.source),
    screens: await db.select().from(analyticsScreens).orderBy(analyticsScreens.day, analyticsScreens.path, analyticsScreens.screen),
  });
  const clear = () => db.execute(sql`truncate ${analyticsDays}, ${analyticsPages}, ${analyticsSources}, ${analyticsForms}, ${analyticsScreens}`);
  const report = async (query: Record<string, string>, token = owner.Authorization) =>
    (await t.http.get('/api/admin/analytics').query(query).set('Authorization', token).expect(200)).body as AnalyticsReport & { success: true };

  beforeAll(async () => {
    t = await createTestApp({
      // The reports come through a proxy (nginx in production), which names the visitor's address.
      TRUST_PROXY: 'true',
      // The suite writes the counts itself (collector.flush()) instead of waiting for the timer.
      ANALYTICS_FLUSH_SECONDS: '3600',
      RATE_LIMIT_COLLECT_PER_MINUTE: String(COLLECT_LIMIT),
    });
    db = t.app.get<symbol, Database>(DATABASE);
    owner = { Authorization: `Bearer ${await loginAsAdmin(t)}` };
    collector = t.app.get(AnalyticsCollector);
    clock = jest.spyOn(t.app.get(AnalyticsClock), 'now');
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());
  beforeEach(async () => {
    testAddress = `203.0.113.${++tests}`;
    clock.mockReset();
    clock.mockImplementation(() => new Date());
    await clear();
  });

  describe('POST /api/collect', () => {
    it('counts page views, and a visitor once a day (same address and browser); another browser is another visitor', async () => {
      onDay(DAY_ONE);
      answeredNothing(await collect(view('/')));
      answeredNothing(await collect(view('/')));
      answeredNothing(await collect(view('/services')));
      answeredNothing(await collect(view('/'), { browser: OTHER_BROWSER }));
      await collector.flush();
      const { days, pages, sources } = await rows();
      expect(days).toEqual([{ day: DAY_ONE, visitors: 2, views: 4 }]);
      expect(pages).toEqual([
        { day: DAY_ONE, path: '/', visitors: 2, views: 3 },
        { day: DAY_ONE, path: '/services', visitors: 1, views: 1 },
      ]);
      expect(sources).toEqual([{ day: DAY_ONE, source: 'direct', medium: '', visitors: 2, views: 4 }]);
    });

    it('counts each view under its page and screen class; a class not in the list, or none, as unknown', async () => {
      onDay(DAY_ONE);
      await collect(view('/', { screen: 'phone' }));
      await collect(view('/', { screen: 'phone' }));
      await collect(view('/contact', { screen: 'tablet' }));
      await collect(view('/contact'));
      await collect(view('/contact', { screen: 'smart-fridge' }));
      await collect({ type: 'view', path: '/contact' });
      await collector.flush();
      const { days, screens } = await rows();
      // The view counts everywhere else whatever its class.
      expect(days).toEqual([{ day: DAY_ONE, visitors: 1, views: 6 }]);
      expect(screens).toEqual([
        { day: DAY_ONE, path: '/', screen: 'phone', views: 2 },
        { day: DAY_ONE, path: '/contact', screen: 'desktop', views: 1 },
        { day: DAY_ONE, path: '/contact', screen: 'tablet', views: 1 },
        { day: DAY_ONE, path: '/contact', screen: 'unknown', views: 2 },
      ]);
    });

    describeEngineDependent('written to the database', () => {
      it('adds each flush to what is stored (one upsert per table)', async () => {
        onDay(DAY_ONE);
        await collect(view('/about'));
        await collector.flush();
        await collect(view('/about'), { browser: OTHER_BROWSER });
        await collect(view('/about'));
        await collector.flush();
        expect((await rows()).pages).toEqual([{ day: DAY_ONE, path: '/about', visitors: 2, views: 3 }]);
      });
    });

    it('has another key each day (UTC): the same address and browser are a new visitor, under another id', async () => {
      const keys = new VisitorKeys(t.config.keys.analyticsVisitors);
      onDay(DAY_ONE);
      await collect(view('/'));
      const firstId = keys.visitorOf(DAY_ONE, testAddress, BROWSER).id;
      onDay(DAY_TWO);
      await collect(view('/'));
      await collect(view('/'));
      const secondId = keys.visitorOf(DAY_TWO, testAddress, BROWSER).id;
      await collector.flush();
      expect((await rows()).days).toEqual([
        { day: DAY_ONE, visitors: 1, views: 1 },
        { day: DAY_TWO, visitors: 1, views: 2 },
      ]);
      expect(secondId).not.toBe(firstId);
      senders.add(firstId).add(secondId);
    });

    it.each([
      ['DNT: 1', { dnt: '1' }],
      ['Sec-GPC: 1', { 'sec-gpc': '1' }],
    ])('answers %s with 204 and counts nothing', async (_, headers) => {
      answeredNothing(await collect(view('/'), { headers }));
      await collector.flush();
      expect((await rows()).days).toEqual([]);
    });

    it.each([
      ['a search engine', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
      ['a headless browser', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36'],
      ['a script', 'curl/8.5.0'],
      ['no user agent', ''],
    ])('answers %s with 204 and counts nothing', async (_, browser) => {
      answeredNothing(await collect(view('/'), { browser }));
      await collector.flush();
      expect((await rows()).days).toEqual([]);
    });

    it.each([
      ['malformed JSON', '{"type":"view",'],
      ['an array', '[{"type":"view","path":"/"}]'],
      ['a string', '"view"'],
      ['no type', { path: '/' }],
      ['an unknown type', { type: 'click', path: '/' }],
      ['no path', { type: 'view' }],
      ['a path of another host', view('//evil.example/')],
      ['a full address', view('https://evil.example/')],
      ['a path of the API', view('/api/leads')],
      ['a path of the admin app', view('/admin/leads')],
      ['a path with a backslash', view('/\\evil')],
      ['a path with spaces', view('/a b')],
      ['a number as path', view(42 as unknown as string)],
      ['a start of an unknown form', { type: 'start', form: 'newsletter', path: '/' }],
      ['a submission (counted from the stored items instead)', { type: 'submit', form: 'quote', path: '/' }],
      ['a prototype key', '{"__proto__":{"type":"view"},"path":"/"}'],
      ['a body over the limit', view(`/${'a'.repeat(COLLECT_BODY_LIMIT_BYTES)}`)],
    ])('answers %s with 204 and counts nothing', async (_, body) => {
      answeredNothing(await collect(body));
      await collector.flush();
      expect((await rows()).days).toEqual([]);
    });

    it.each([
      ['text/plain', 'text/plain'],
      ['a form', 'application/x-www-form-urlencoded'],
    ])('answers %s with 204 and counts nothing (JSON only)', async (_, type) => {
      answeredNothing(await collect(JSON.stringify(view('/')), { headers: { 'content-type': type } }));
      await collector.flush();
      expect((await rows()).days).toEqual([]);
    });

    it('counts the pages the site serves by their path (query, fragment and trailing slash dropped), and any other path as (other)', async () => {
      const job = (
        await t.http
          .post('/api/jobs/admin')
          .set(owner)
          .send({ ...ANALYTICS_JOB, closesAt: todayUtc(new Date(Date.now() + 10 * DAY_MS)) })
          .expect(201)
      ).body.data as Job;
      onDay(DAY_ONE);
      await collect(view('/careers/?utm_source=x&email=ann@example.com#apply'));
      await collect(view('/careers'));
      await collect(view(`${jobPath(job)}/`));
      // No page of the site: a job that is not open, a 404, a page made up, a path too long for any page.
      await collect(view(`/careers/${'senior-engineer-'.repeat(20)}3f2504e0`));
      await collect(view('/careers/closed-job-00000000'));
      await collect(view('/wp-login.php'));
      await collect(view('/about/team'));
      await collector.flush();
      const { pages } = await rows();
      expect(pages.map((page) => [page.path, page.views])).toEqual(
        [
          [ANALYTICS_OTHER, 4],
          ['/careers', 2],
          [jobPath(job), 1],
        ].sort(([a], [b]) => String(a).localeCompare(String(b))),
      );
      expect(await columnsHolding(db, 'ann@example.com')).toEqual([]);
      await t.http.delete(`/api/jobs/admin/${job._id}`).set(owner).expect(200);
    });

    it('stays bounded through 20,000 reports of made-up pages, sources and browsers from one address, and counts the next visitor', async () => {
      // A day of its own: the day's channels are taken by the flood.
      const day = '2026-03-20';
      onDay(day);
      const flooder = '198.51.100.66';
      const pages = [...SITE_PAGE_PATHS];
      for (let index = 0; index < 20_000; index++) {
        const path = index % 4 === 0 ? pages[index % pages.length] : `/${randomBytes(6).toString('hex')}`;
        const source = { source: randomBytes(6).toString('hex'), medium: randomBytes(3).toString('hex') };
        collector.collect(index % 5 === 4 ? { type: 'start', form: 'quote', path } : view(path ?? '/', source), {
          address: flooder,
          userAgent: `${BROWSER} Build/${index}`,
          optedOut: false,
        });
      }
      senders.add(flooder);
      await collector.flush();
      const flooded = await rows();
      // Rows of the pages the site serves and (other); of 100 channels and (other); at most 100 visitors from one address.
      expect(flooded.pages.every((page) => page.path === ANALYTICS_OTHER || pages.includes(page.path as (typeof pages)[number]))).toBe(true);
      expect(flooded.sources).toHaveLength(ANALYTICS_CHANNELS_PER_DAY_MAX + 1);
      expect(flooded.screens.map((row) => [row.path, row.screen])).toEqual(flooded.pages.map((page) => [page.path, 'desktop']));
      expect(flooded.sources.some((row) => row.source === ANALYTICS_OTHER)).toBe(true);
      expect(flooded.days).toEqual([{ day, visitors: expect.any(Number), views: 16_000 }]);
      expect(required(flooded.days[0], 'the day').visitors).toBeLessThanOrEqual(ANALYTICS_VISITORS_PER_ADDRESS_MAX);

      await collect(view('/contact', { source: 'newsletter', medium: 'email' }));
      await collector.flush();
      const after = await rows();
      expect(required(after.days[0], 'the day').visitors).toBe(required(flooded.days[0], 'the day').visitors + 1);
      expect(after.pages.find((page) => page.path === '/contact')?.visitors).toBe((flooded.pages.find((page) => page.path === '/contact')?.visitors ?? 0) + 1);
      // The day's channels are taken: the visitor's counts under (other).
      expect(after.sources.find((row) => row.source === ANALYTICS_OTHER)?.views).toBe(
        (flooded.sources.find((row) => row.source === ANALYTICS_OTHER)?.views ?? 0) + 1,
      );
    });

    it('names the channel as a submission’s attribution does: UTM tags, a referring host as referral, its own host as direct', async () => {
      onDay(DAY_ONE);
      await collect(view('/', { source: 'Newsletter', medium: 'Email' }));
      await collect(view('/', { referrer: 'www.google.com' }), { browser: OTHER_BROWSER });
      await collect(view('/', { referrer: 'localhost' }), { address: '198.51.100.78' });
      await collect(view('/', { source: 'x'.repeat(101), referrer: 'not a host' }), { address: '198.51.100.79' });
      await collector.flush();
      expect((await rows()).sources.map(({ source, medium, visitors, views }) => [source, medium, visitors, views])).toEqual([
        ['direct', '', 2, 2],
        ['newsletter', 'email', 1, 1],
        ['www.google.com', 'referral', 1, 1],
      ]);
    });

    it("counts the later views of a visit, which name no channel (the site sends the referrer with the first), under the visit's", async () => {
      onDay(DAY_ONE);
      await collect(view('/', { referrer: 'news.ycombinator.com' }));
      await collect(view('/services'));
      await collect(view('/contact'));
      await collect({ type: 'start', form: 'contact', path: '/contact' });
      // Another visitor's first view that names none is direct.
      await collect(view('/contact'), { browser: OTHER_BROWSER });
      await collector.flush();
      const { sources, forms } = await rows();
      expect(sources.map(({ source, medium, visitors, views }) => [source, medium, visitors, views])).toEqual([
        ['direct', '', 1, 1],
        ['news.ycombinator.com', 'referral', 1, 3],
      ]);
      expect(forms.map(({ form, source, views, starts }) => [form, source, views, starts])).toEqual([
        ['contact', 'direct', 1, 0],
        ['contact', 'news.ycombinator.com', 1, 1],
        ['quote', 'news.ycombinator.com', 1, 0],
      ]);
    });

    it('past RATE_LIMIT_COLLECT_PER_MINUTE from one address: still 204, the rest not counted', async () => {
      onDay(DAY_ONE);
      const address = '198.51.100.20';
      for (let sent = 0; sent < COLLECT_LIMIT + 5; sent++) answeredNothing(await collect(view('/portfolio'), { address }));
      await collector.flush();
      expect((await rows()).days).toEqual([{ day: DAY_ONE, visitors: 1, views: COLLECT_LIMIT }]);
    });

    it('keeps the counts of a write that failed and writes them with the next', async () => {
      onDay(DAY_ONE);
      const add = jest.spyOn(t.app.get(AnalyticsRepository), 'add').mockRejectedValueOnce(new Error('the database is away'));
      await collect(view('/contact'));
      await collector.flush();
      expect((await rows()).days).toEqual([]);
      await collect(view('/contact'), { browser: OTHER_BROWSER });
      await collector.flush();
      add.mockRestore();
      expect((await rows()).days).toEqual([{ day: DAY_ONE, visitors: 2, views: 2 }]);
    });
  });

  describe('GET /api/admin/analytics', () => {
    it('answers the days, pages, sources and the funnel of each form: views of its page, starts, submissions (not spam), qualified', async () => {
      const today = utcDay(new Date());
      await collect(view('/', { source: 'newsletter', medium: 'email' }));
      await collect({ type: 'start', form: 'quote', path: '/' });
      // A second start of the same form by the same visitor is one starter.
      await collect({ type: 'start', form: 'quote', path: '/' });
      await collect(view('/contact'), { browser: OTHER_BROWSER });
      await collect(view('/careers'), { browser: OTHER_BROWSER });
      await collector.flush();
      const attribution = { [ATTRIBUTION_HEADER]: JSON.stringify({ source: 'newsletter', medium: 'email', landing: '/' }) };
      const lead = { name: 'Ann Analytics', email: 'ann.analytics@example.com', service: 'web', message: 'A quote, please.' };
      const { body } = await t.http.post('/api/leads').set(attribution).send(lead).expect(201);
      await t.http.patch(`/api/leads/${body.data._id}/status`).set(owner).send({ status: 'qualified' }).expect(200);
      await t.http.post('/api/leads').set(attribution).send(lead).expect(201);
      // Suspected spam is no submission.
      await t.http
        .post('/api/leads')
        .set({ ...attribution, [FORM_TRAP_HEADER]: 'filled' })
        .send(lead)
        .expect(201);

      const answer = await report({ from: today, to: today });
      expect(answer.days).toEqual([{ date: today, visitors: 2, views: 3 }]);
      expect(answer.pages).toEqual([
        { path: '/', visitors: 1, views: 1 },
        { path: '/careers', visitors: 1, views: 1 },
        { path: '/contact', visitors: 1, views: 1 },
      ]);
      // The most visitors first, then the most submissions.
      expect(answer.sources).toEqual([
        { source: 'newsletter', medium: 'email', visitors: 1, submissions: 2 },
        { source: 'direct', medium: null, visitors: 1, submissions: 0 },
      ]);
      expect(answer.funnels).toEqual([
        { form: 'quote', views: 1, starts: 1, submissions: 2, qualified: 1 },
        { form: 'contact', views: 1, starts: 0, submissions: 0, qualified: null },
        { form: 'application', views: 1, starts: 0, submissions: 0, qualified: 0 },
      ]);

      // By source: a start takes the channel of the visitor's first view of the day.
      expect((await report({ from: today, to: today, source: 'Newsletter', medium: 'email' })).funnels[0]).toEqual({
        form: 'quote',
        views: 1,
        starts: 1,
        submissions: 2,
        qualified: 1,
      });
      const direct = await report({ from: today, to: today, source: 'direct' });
      expect(direct.funnels.map(({ form, views, starts, submissions }) => [form, views, starts, submissions])).toEqual([
        ['quote', 0, 0, 0],
        ['contact', 1, 0, 0],
        ['application', 1, 0, 0],
      ]);
      // The days are the channel's too; the top pages and sources stay the whole site's.
      expect(direct.days).toEqual([{ date: today, visitors: 1, views: 2 }]);
      expect(direct.pages).toEqual(answer.pages);
      expect(direct.sources).toEqual(answer.sources);

      // By page: the days of that page only.
      const careers = await report({ from: today, to: today, path: '/careers' });
      expect(careers.days).toEqual([{ date: today, visitors: 1, views: 1 }]);
      expect(careers.funnels).toEqual(answer.funnels);
      expect((await report({ from: today, to: today, path: '/no-such-page' })).days).toEqual([{ date: today, visitors: 0, views: 0 }]);
    });

    describe('of the kinds each role may see, as the dashboard counts them', () => {
      const today = () => utcDay(new Date());
      // A channel of their own: the submissions of the suite's other tests are not theirs.
      const channel = { source: 'roles', medium: 'email' };
      const newsletter = { [ATTRIBUTION_HEADER]: JSON.stringify(channel) };
      let jobId = '';

      beforeAll(async () => {
        jobId = (
          await t.http
            .post('/api/jobs/admin')
            .set(owner)
            .send({ ...ANALYTICS_JOB, closesAt: todayUtc(new Date(Date.now() + 10 * DAY_MS)) })
            .expect(201)
        ).body.data._id;
        await t.http
          .post('/api/leads')
          .set(newsletter)
          .send({ name: 'Lea Roles', email: 'lea.roles@example.com', service: 'web', message: 'A quote.' })
          .expect(201);
        await t.http
          .post('/api/contacts')
          .set(newsletter)
          .send({ name: 'Cal Roles', email: 'cal.roles@example.com', department: 'sales', message: 'Hello.' })
          .expect(201);
        await t.http
          .post('/api/jobs/apply')
          .set(newsletter)
          .send({
            job: jobId,
            fullName: 'Ada Roles',
            email: 'ada.roles@example.com',
            phone: '+15551234567',
            experience: '3 years',
            resume: dataUrl(samplePdf('Ada Roles')),
            isResumeBase64: true,
          })
          .expect(201);
      });
      beforeEach(async () => {
        for (const path of ['/', '/contact', '/careers']) await collect(view(path, channel));
        for (const form of ['quote', 'contact', 'application']) await collect({ type: 'start', form, path: '/' });
        await collector.flush();
      });
      afterAll(() => t.http.delete(`/api/jobs/admin/${jobId}`).set(owner).expect(200));

      it.each([
        ['owner', ['lead', 'contact', 'application'], ['quote', 'contact', 'application'], 3],
        ['sales', ['lead', 'contact'], ['quote', 'contact'], 2],
        ['editor', [], [], 0],
      ] as const)('answers %s the funnels and submissions of %j only, in the report and the CSV', async (role, kinds, forms, submissions) => {
        const service = t.app.get(AnalyticsService);
        const report = await service.report({ from: today(), to: today(), ...channel }, itemKindsFor(role));
        expect(report.kinds).toEqual(kinds);
        expect(report.funnels.map((funnel) => [funnel.form, funnel.views, funnel.starts, funnel.submissions])).toEqual(forms.map((form) => [form, 1, 1, 1]));
        expect(report.sources.find((row) => row.source === 'roles')).toEqual({ ...channel, visitors: 1, submissions });
        // The visits are everyone's.
        expect(report.days).toEqual([{ date: today(), visitors: 1, views: 3 }]);

        const file = await service.export({ from: today(), to: today(), ...channel }, itemKindsFor(role));
        let text = '';
        for await (const chunk of file.stream) text += String(chunk);
        const lines = text.split('\r\n');
        const formRows = lines.filter((line) => line.startsWith('"Form"'));
        expect(formRows.map((line) => line.split(',')[5])).toEqual(forms.map((form) => `"${ANALYTICS_FORM_LABELS[form]}"`).sort());
        expect(lines.find((line) => line.startsWith('"Source"') && line.includes('"roles"'))?.split(',')[10]).toBe(`"${submissions}"`);
      });

      it('answers a sales admin over HTTP without the applications', async () => {
        const sales = await signInInvitedAdmin(t, owner.Authorization.slice(7), 'sales', {
          email: 'sales@analytics.test',
          password: 'analytics-role-password-42',
        });
        const answer = await report({ from: today(), to: today(), ...channel }, `Bearer ${sales}`);
        expect(answer.kinds).toEqual(['lead', 'contact']);
        expect(answer.funnels.map((funnel) => funnel.form)).toEqual(['quote', 'contact']);
        expect(answer.sources.find((row) => row.source === 'roles')).toEqual({ ...channel, visitors: 1, submissions: 2 });
        const csv = await t.http
          .get('/api/admin/analytics/export.csv')
          .query({ from: today(), to: today(), tz: 'UTC', ...channel })
          .set('Authorization', `Bearer ${sales}`)
          .expect(200);
        expect(csv.text).not.toContain(ANALYTICS_FORM_LABELS.application);
      });
    });

    it('answers the page views per device, the most first: the site’s or, with path, a page’s; a source does not narrow them', async () => {
      onDay(DAY_ONE);
      await collect(view('/', { screen: 'phone' }));
      await collect(view('/services', { screen: 'phone' }));
      await collect(view('/services', { screen: 'tablet' }));
      await collect(view('/services', { screen: 'tv' }));
      await collect(view('/', { screen: 'desktop' }));
      await collect(view('/', { screen: 'phone' }), { browser: OTHER_BROWSER });
      await collector.flush();
      const period = { from: DAY_ONE, to: DAY_ONE };
      const site = [
        { screen: 'phone', views: 3 },
        { screen: 'tablet', views: 1 },
        { screen: 'desktop', views: 1 },
        { screen: 'unknown', views: 1 },
      ];
      expect((await report(period)).devices).toEqual(site);
      expect((await report({ ...period, path: '/services' })).devices).toEqual([
        { screen: 'phone', views: 1 },
        { screen: 'tablet', views: 1 },
        { screen: 'unknown', views: 1 },
      ]);
      expect((await report({ ...period, source: 'newsletter' })).devices).toEqual(site);
      expect((await report({ ...period, path: '/about' })).devices).toEqual([]);
      expect((await report({ from: DAY_TWO, to: DAY_TWO })).devices).toEqual([]);
    });

    it('answers every day of the period, 0 where nothing was counted', async () => {
      onDay(DAY_TWO);
      await collect(view('/'));
      await collector.flush();
      const answer = await report({ from: DAY_ONE, to: '2026-03-12' });
      expect(answer.days).toEqual([
        { date: DAY_ONE, visitors: 0, views: 0 },
        { date: DAY_TWO, visitors: 1, views: 1 },
        { date: '2026-03-12', visitors: 0, views: 0 },
      ]);
    });

    it.each([
      [{}, 'from must be a date written YYYY-MM-DD'],
      [{ from: '2026-03-01' }, 'to must be a date written YYYY-MM-DD'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from must be a date written YYYY-MM-DD'],
      [{ from: '2026-03-01T00:00:00Z', to: '2026-03-02' }, 'from must be a date written YYYY-MM-DD'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'to must be on or after from'],
      [{ from: '2025-01-01', to: '2026-01-02' }, 'to must be at most 365 days after from'],
      [{ from: '2026-03-01', to: '2026-03-02', days: '7' }, 'days is not an accepted field'],
      [{ from: '2026-03-01', to: '2026-03-02', path: 'careers' }, 'path must be a page'],
      [{ from: '2026-03-01', to: '2026-03-02', path: '/careers', source: 'google' }, 'path cannot be given with source'],
    ])('refuses the period %j with 400 and a message', async (query, message) => {
      const answer = await t.http.get('/api/admin/analytics').query(query).set(owner).expect(400);
      expect(answer.body.success).toBe(false);
      expect(JSON.stringify(answer.body)).toContain(message);
    });

    it('takes a period of 366 days', async () => {
      expect((await report({ from: '2025-01-01', to: '2026-01-01' })).days).toHaveLength(366);
    });

    it('exports the period as CSV: every stored count day by day, for owners, sales and editors', async () => {
      onDay(DAY_ONE);
      await collect(view('/', { source: 'newsletter', medium: 'email' }));
      await collect({ type: 'start', form: 'quote', path: '/' });
      await collector.flush();
      const answer = await t.http.get('/api/admin/analytics/export.csv').query({ from: DAY_ONE, to: DAY_ONE, tz: 'UTC' }).set(owner).expect(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="analytics-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
        '"Section","Date","Path","Source","Medium","Form","Device","Visitors","Views","Starts","Submissions","Qualified or hired"',
        `"Site","${DAY_ONE}","","","","","","1","1","","",""`,
        `"Page","${DAY_ONE}","/","","","","","1","1","","",""`,
        `"Source","${DAY_ONE}","","newsletter","email","","","1","1","","0",""`,
        `"Form","${DAY_ONE}","","newsletter","email","Quote request","","","1","1","0","0"`,
        `"Device","${DAY_ONE}","/","","","","Desktop","","1","","",""`,
        '',
      ]);
    });

    it('is for owners, sales and editors: 403 for a recruiter, 401 without a session', async () => {
      const today = utcDay(new Date());
      const password = 'analytics-role-password-42';
      const editor = await signInInvitedAdmin(t, owner.Authorization.slice(7), 'editor', { email: 'editor@analytics.test', password });
      const recruiter = await signInInvitedAdmin(t, owner.Authorization.slice(7), 'recruiter', { email: 'recruiter@analytics.test', password });
      await t.http.get('/api/admin/analytics').query({ from: today, to: today }).set('Authorization', `Bearer ${editor}`).expect(200);
      const refused = await t.http.get('/api/admin/analytics').query({ from: today, to: today }).set('Authorization', `Bearer ${recruiter}`).expect(403);
      expect(refused.body).toEqual({ success: false, message: MESSAGES.notAllowed });
      await t.http.get('/api/admin/analytics/export.csv').query({ from: today, to: today }).set('Authorization', `Bearer ${recruiter}`).expect(403);
      await t.http.get('/api/admin/analytics').query({ from: today, to: today }).expect(401);
    });
  });

  it('removes the days older than RETENTION_ANALYTICS_DAYS (730) with the retention purge', async () => {
    const now = new Date();
    const old = utcDay(new Date(now.getTime() - 731 * DAY_MS));
    const kept = utcDay(new Date(now.getTime() - 729 * DAY_MS));
    for (const day of [old, kept]) {
      onDay(day);
      await collect(view('/', { source: 'newsletter' }));
      await collect({ type: 'start', form: 'quote', path: '/' });
    }
    await collector.flush();
    const counts = await t.app.get(RetentionPurge).purge(now);
    expect(counts).toMatchObject({ analytics: 5 });
    const left = await rows();
    expect([...left.days, ...left.pages, ...left.sources, ...left.forms, ...left.screens].map((row) => row.day)).toEqual([kept, kept, kept, kept, kept]);
  });

  // Last: every report of the suite has been counted by now.
  it('never stores an address, a user agent or a visitor id: every text and JSON column of every table is searched', async () => {
    await collector.flush();
    expect(await columnsHoldingEach(db, [...senders])).toEqual({});
    // The tables hold dates, paths, channels and numbers only.
    const columns = await db.execute(sql`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = 'public' and table_name like 'analytics_%' order by table_name, ordinal_position`);
    expect((columns as unknown as { rows: { column_name: string }[] }).rows.map((row) => row.column_name).sort()).toEqual(
      [
        ...['day', 'visitors', 'views'],
        ...['day', 'form', 'source', 'medium', 'views', 'starts'],
        ...['day', 'path', 'visitors', 'views'],
        ...['day', 'path', 'screen', 'views'],
        ...['day', 'source', 'medium', 'visitors', 'views'],
      ].sort(),
    );
  });
});

describe('Site analytics when the app stops', () => {
  it(
    'writes what it counted before the database closes',
    async () => {
      const t = await createTestApp({ TRUST_PROXY: 'true', ANALYTICS_FLUSH_SECONDS: '3600' });
      try {
        await t.http
          .post('/api/collect')
          .set({ 'content-type': 'application/json', 'user-agent': BROWSER, 'x-forwarded-for': '192.0.2.44' })
          .send(JSON.stringify(view('/services')))
          .expect(204);
        // Stopped as a SIGTERM stops it, and started again on the same database.
        await t.restart();
        expect(await t.app.get<symbol, Database>(DATABASE).select().from(analyticsPages)).toEqual([
          { day: utcDay(new Date()), path: '/services', visitors: 1, views: 1 },
        ]);
      } finally {
        await t.close();
      }
    },
    BOOT_TIMEOUT_MS,
  );
});

/** redis-server on this machine, if there is one (the stack and fault tests use it too). */
const redisServer = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();

const describeWithRedis = redisServer ? describe : describe.skip;

describeWithRedis('Site analytics on two instances sharing Redis', () => {
  describeEngineDependent('each on its database', () => {
    let redis: ChildProcess;
    let first: TestApp;
    let second: TestApp;
    let port = 0;

    beforeAll(async () => {
      port = await freePort();
      // In memory only, as the compose file runs it.
      redis = spawn(redisServer, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      // One JWT_SECRET, as every instance of an install has: the day's key of the visitor ids derives from it.
      const env = { TRUST_PROXY: 'true', ANALYTICS_FLUSH_SECONDS: '3600', REDIS_URL: `redis://127.0.0.1:${port}`, JWT_SECRET: randomBytes(32).toString('hex') };
      await pollUntil(
        () =>
          new Promise<boolean>((resolve) => {
            const socket = net.connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
            socket.once('error', () => resolve(false));
          }),
        { what: 'redis-server', timeoutMs: 20_000 },
      );
      first = await createTestApp(env);
      second = await createTestApp(env);
    }, BOOT_TIMEOUT_MS);
    afterAll(async () => {
      await first?.close();
      await second?.close();
      redis?.kill('SIGTERM');
    });

    it("counts a visitor once whichever instance their reports reach (one key a day on each, the day's tallies in Redis)", async () => {
      const send = (t: TestApp, report: Report) =>
        t.http
          .post('/api/collect')
          .set({ 'content-type': 'application/json', 'user-agent': BROWSER, 'x-forwarded-for': '192.0.2.7' })
          .send(JSON.stringify(report))
          .expect(204);
      await send(first, view('/', { source: 'newsletter', medium: 'email' }));
      await send(second, view('/', { source: 'newsletter', medium: 'email' }));
      // A later view of the visit names no channel: it counts under the visit's, which the other instance saw first.
      await send(second, view('/contact'));
      await send(second, { type: 'start', form: 'contact', path: '/contact' });
      for (const t of [first, second]) await t.app.get(AnalyticsCollector).flush();
      const today = utcDay(new Date());
      const days = async (t: TestApp) => t.app.get<symbol, Database>(DATABASE).select().from(analyticsDays);
      const sources = async (t: TestApp) => t.app.get<symbol, Database>(DATABASE).select().from(analyticsSources);
      const forms = async (t: TestApp) => t.app.get<symbol, Database>(DATABASE).select().from(analyticsForms);
      // Each instance writes to its own database here; together they count one visitor.
      expect([...(await days(first)), ...(await days(second))]).toEqual([
        { day: today, visitors: 1, views: 1 },
        { day: today, visitors: 0, views: 2 },
      ]);
      expect(await sources(second)).toEqual([{ day: today, source: 'newsletter', medium: 'email', visitors: 0, views: 2 }]);
      // The start reached the instance that never saw the visitor's view: the channel came from Redis.
      expect(
        required(
          (await forms(second)).find((row) => row.starts === 1),
          'the start',
        ),
      ).toMatchObject({ form: 'contact', source: 'newsletter', medium: 'email' });
    });

    it("stays under 100 KB in Redis through one address's 20,000 reports of made-up pages, sources and browsers, and counts the next visitor", async () => {
      const client = new Redis(port, '127.0.0.1');
      const usedMemory = async () => Number(/used_memory:(\d+)/.exec(await client.info('memory'))?.[1]);
      const days = async (t: TestApp) => t.app.get<symbol, Database>(DATABASE).select().from(analyticsDays);
      try {
        const before = await usedMemory();
        const collector = first.app.get(AnalyticsCollector);
        for (let index = 0; index < 20_000; index++) {
          const path = `/${randomBytes(6).toString('hex')}`;
          collector.collect(view(path, { source: randomBytes(6).toString('hex'), medium: randomBytes(3).toString('hex') }), {
            address: '198.51.100.67',
            userAgent: `${BROWSER} ${randomBytes(8).toString('hex')}`,
            optedOut: false,
          });
        }
        await collector.flush();
        let bytes = 0;
        for (const key of await client.keys('*')) bytes += Number(await client.memory('USAGE', key, 'SAMPLES', 0));
        console.log(`Redis after one address's 20,000 reports: ${bytes} bytes in keys (MEMORY USAGE), used_memory ${(await usedMemory()) - before} bytes more`);
        expect(bytes).toBeLessThan(100_000);

        const counted = (await days(second)).reduce((sum, day) => sum + day.visitors, 0);
        await second.http
          .post('/api/collect')
          .set({ 'content-type': 'application/json', 'user-agent': OTHER_BROWSER, 'x-forwarded-for': '192.0.2.8' })
          .send(JSON.stringify(view('/contact')))
          .expect(204);
        await second.app.get(AnalyticsCollector).flush();
        expect((await days(second)).reduce((sum, day) => sum + day.visitors, 0)).toBe(counted + 1);
      } finally {
        client.disconnect();
      }
    });
  });
});
