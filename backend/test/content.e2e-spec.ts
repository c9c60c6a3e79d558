// PostgreSQL pass, engine blocks: scheduled publishing claimed by two instances at once.
import { isDeepStrictEqual } from 'node:util';
import { CONTENT_KEYS, DEFAULT_CONTENT, MESSAGES, type ContentPageDetails } from '@brightwave/common';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { loginAsAdmin } from './support/admin-session';
import { pollUntil } from '@brightwave/testing';
import { createTestApp, describeOnPostgres, TestApp } from './support/test-app';

const SLOW_MS = 60_000;

/** The services page's draft with one card's title changed. */
function servicesWithCardTitle(title: string) {
  const services = structuredClone(DEFAULT_CONTENT.services);
  services.offer.cards[1]!.title = title;
  return services;
}

async function auditActions(t: TestApp): Promise<{ action: string; actor: string; target_id: string }[]> {
  const result = await t.app
    .get<symbol, Database>(DATABASE)
    .execute(sql.raw("select action, actor, target_id from audit_entries where target_kind = 'content' order by created_at, id"));
  return (result as unknown as { rows: { action: string; actor: string; target_id: string }[] }).rows;
}

describe('Site content: drafts, publishing, versions', () => {
  let t: TestApp;
  let auth: { Authorization: string };
  const page = async (key: string): Promise<ContentPageDetails> => (await t.http.get(`/api/admin/content/${key}`).set(auth).expect(200)).body.page;

  beforeAll(async () => {
    t = await createTestApp({ CONTENT_SCHEDULE_POLL_SECONDS: '1' });
    auth = { Authorization: `Bearer ${await loginAsAdmin(t)}` };
  }, SLOW_MS);
  afterAll(() => t.close());

  it("is seeded with today's texts, published, with one seed version per page", async () => {
    const list = await t.http.get('/api/admin/content').set(auth).expect(200);
    expect(list.body.pages).toEqual(CONTENT_KEYS.map((key) => ({ key, title: expect.any(String), hasDraft: false, publishedAt: null, scheduledAt: null })));
    for (const key of CONTENT_KEYS) {
      const details = await page(key);
      expect(details.draft).toEqual(DEFAULT_CONTENT[key]);
      expect(details.published).toEqual(DEFAULT_CONTENT[key]);
      expect(details.versions).toEqual([{ _id: details.draftVersionId, kind: 'seed', author: null, createdAt: expect.any(String), publishedAt: null }]);
      expect((await t.http.get(`/api/content/${key}`).expect(200)).body).toEqual({ success: true, content: DEFAULT_CONTENT[key] });
    }
  });

  it('answers 404 for a page that does not exist', async () => {
    expect((await t.http.get('/api/admin/content/blog').set(auth).expect(404)).body.message).toBe(MESSAGES.contentPageNotFound);
    await t.http.get('/api/content/__proto__').expect(404);
    await t.http.put('/api/admin/content/blog').set(auth).send({ fields: {} }).expect(404);
  });

  it.each([
    ['an empty company name', (c: typeof DEFAULT_CONTENT.site) => (c.company.name = ''), 'company.name', 'Company name is required'],
    ['a javascript: social link', (c: typeof DEFAULT_CONTENT.site) => (c.social.linkedin = 'javascript:alert(1)'), 'social.linkedin', undefined],
    [
      'a bad e-mail',
      (c: typeof DEFAULT_CONTENT.site) => (c.contact.emails[0]!.address = 'nobody'),
      'contact.emails.0.address',
      'Address must be a valid e-mail address',
    ],
    ['no e-mail at all', (c: typeof DEFAULT_CONTENT.site) => (c.contact.emails = []), 'contact.emails', undefined],
    ['a latitude off the map', (c: typeof DEFAULT_CONTENT.site) => (c.map.latitude = 95), 'map.latitude', undefined],
    ['a number as the blurb', (c: typeof DEFAULT_CONTENT.site) => ((c.footer as { blurb: unknown }).blurb = 5), 'footer.blurb', 'Blurb must be text'],
    ['an unknown field', (c: typeof DEFAULT_CONTENT.site) => ((c.footer as Record<string, unknown>).script = 'x'), 'footer.script', undefined],
  ])('refuses a draft with %s: 400 naming the field, nothing stored', async (_case, change, field, message) => {
    const before = await page('site');
    const fields = structuredClone(DEFAULT_CONTENT.site);
    change(fields);
    const response = await t.http.put('/api/admin/content/site').set(auth).send({ fields }).expect(400);
    expect(response.body.message).toBe(MESSAGES.contentInvalid);
    expect(Object.keys(response.body.errors)).toEqual([field]);
    if (message) expect(response.body.errors[field]).toBe(message);
    expect((await page('site')).versions).toEqual(before.versions);
  });

  it('refuses a body without fields, and duplicate card anchors', async () => {
    await t.http.put('/api/admin/content/services').set(auth).send({}).expect(400);
    await t.http.put('/api/admin/content/services').set(auth).send({ fields: 'text' }).expect(400);
    const services = structuredClone(DEFAULT_CONTENT.services);
    services.offer.cards[1]!.anchor = services.offer.cards[0]!.anchor;
    const response = await t.http.put('/api/admin/content/services').set(auth).send({ fields: services }).expect(400);
    expect(response.body.errors).toEqual({ 'offer.cards.1.anchor': "Anchor must differ from the other entries'" });
  });

  it('saves a draft that visitors do not see until it is published', async () => {
    const fields = servicesWithCardTitle('Websites That Sell');
    const saved = await t.http.put('/api/admin/content/services').set(auth).send({ fields }).expect(200);
    expect(saved.body.message).toBe(MESSAGES.contentSaved);
    expect(saved.body.page).toMatchObject({ hasDraft: true, draft: fields, published: DEFAULT_CONTENT.services });
    expect(saved.body.page.versions[0]).toMatchObject({ kind: 'draft', author: 'admin@example.test', publishedAt: null });
    expect((await t.http.get('/api/content/services').expect(200)).body.content).toEqual(DEFAULT_CONTENT.services);

    const published = await t.http.post('/api/admin/content/services/publish').set(auth).send({}).expect(200);
    expect(published.body.message).toBe(MESSAGES.contentPublished);
    expect(published.body.page).toMatchObject({ hasDraft: false, published: fields, publishedAt: expect.any(String) });
    expect(published.body.page.versions[0].publishedAt).toEqual(expect.any(String));
    expect((await t.http.get('/api/content/services').expect(200)).body.content).toEqual(fields);
    const list = (await t.http.get('/api/admin/content').set(auth).expect(200)).body.pages;
    expect(list.find((item: { key: string }) => item.key === 'services')).toMatchObject({ hasDraft: false, publishedAt: expect.any(String) });

    const again = await t.http.post('/api/admin/content/services/publish').set(auth).send({}).expect(409);
    expect(again.body.message).toBe(MESSAGES.contentNothingToPublish);
  });

  it("refuses a save based on an older draft than the page's newest (409), so nobody's changes are overwritten unseen", async () => {
    const opened = await page('careers');
    const first = structuredClone(DEFAULT_CONTENT.careers);
    first.hero.title = 'Work With Us';
    const saved = await t.http.put('/api/admin/content/careers').set(auth).send({ fields: first, baseVersionId: opened.draftVersionId }).expect(200);

    const second = structuredClone(DEFAULT_CONTENT.careers);
    second.perks.title = 'Why Work Here?';
    const refused = await t.http.put('/api/admin/content/careers').set(auth).send({ fields: second, baseVersionId: opened.draftVersionId }).expect(409);
    expect(refused.body.message).toBe(MESSAGES.contentChangedMeanwhile);
    expect((await page('careers')).draft).toEqual(first);

    // From the newest draft the save goes through; without a base version (an API client's choice) it always does.
    await t.http.put('/api/admin/content/careers').set(auth).send({ fields: second, baseVersionId: saved.body.page.draftVersionId }).expect(200);
    await t.http.put('/api/admin/content/careers').set(auth).send({ fields: DEFAULT_CONTENT.careers }).expect(200);
    await t.http.put('/api/admin/content/careers').set(auth).send({ fields: first, baseVersionId: 42 }).expect(400);
  });

  it("checks every page's prose: a document the editor cannot make is refused at its field", async () => {
    // As a client sends it: JSON, which the editor's types do not bind (a level 1 heading).
    const mission: { mission: { body: unknown } } = JSON.parse(JSON.stringify(DEFAULT_CONTENT.mission));
    mission.mission.body = { type: 'doc', content: [{ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Big' }] }] };
    const response = await t.http.put('/api/admin/content/mission').set(auth).send({ fields: mission }).expect(400);
    expect(response.body.errors).toEqual({ 'mission.body': 'Text may hold headings of level 2 and 3 only' });
  });

  it('restores a version as the draft without publishing it, and shows any version with its fields', async () => {
    const before = await page('services');
    const seed = before.versions.at(-1)!;
    expect(seed.kind).toBe('seed');
    const version = await t.http.get(`/api/admin/content/services/versions/${seed._id}`).set(auth).expect(200);
    expect(version.body.version).toMatchObject({ _id: seed._id, kind: 'seed', fields: DEFAULT_CONTENT.services });

    const restored = await t.http.post(`/api/admin/content/services/versions/${seed._id}/restore`).set(auth).expect(200);
    expect(restored.body.message).toBe(MESSAGES.contentRestored);
    expect(restored.body.page).toMatchObject({ hasDraft: true, draft: DEFAULT_CONTENT.services, published: before.published });
    expect(restored.body.page.versions[0]).toMatchObject({ kind: 'restore', publishedAt: null });
    expect((await t.http.get('/api/content/services').expect(200)).body.content).toEqual(before.published);

    await t.http.get('/api/admin/content/services/versions/not-an-id').set(auth).expect(404);
    await t.http.post(`/api/admin/content/site/versions/${seed._id}/restore`).set(auth).expect(404);
  });

  it('refuses schedules in the past, far ahead or not a time', async () => {
    for (const at of ['2020-01-01T00:00:00Z', '2999-01-01T00:00:00Z', 'tomorrow', 5]) {
      const response = await t.http.post('/api/admin/content/services/publish').set(auth).send({ at }).expect(400);
      expect(response.body.message).toBe(MESSAGES.contentScheduleTime);
    }
    expect((await page('services')).scheduledAt).toBeNull();
  });

  it(
    'schedules a publish, cancels it (409 when there is none), and publishes on time when left',
    async () => {
      const later = new Date(Date.now() + 3_600_000).toISOString();
      const scheduled = await t.http.post('/api/admin/content/services/publish').set(auth).send({ at: later }).expect(200);
      expect(scheduled.body.message).toBe(MESSAGES.contentScheduled);
      expect(scheduled.body.page).toMatchObject({ scheduledAt: later, scheduledVersionId: scheduled.body.page.draftVersionId });
      const cancelled = await t.http.delete('/api/admin/content/services/schedule').set(auth).expect(200);
      expect(cancelled.body.page.scheduledAt).toBeNull();
      expect((await t.http.delete('/api/admin/content/services/schedule').set(auth).expect(409)).body.message).toBe(MESSAGES.contentNoSchedule);

      // The poll runs every second here (CONTENT_SCHEDULE_POLL_SECONDS=1); production looks every 10 s.
      const soon = new Date(Date.now() + 1500).toISOString();
      await t.http.post('/api/admin/content/services/publish').set(auth).send({ at: soon }).expect(200);
      expect((await t.http.get('/api/content/services').expect(200)).body.content).not.toEqual(DEFAULT_CONTENT.services);
      await pollUntil(async () => (await page('services')).scheduledAt === null, { what: 'the scheduled publish', timeoutMs: 15_000 });
      const details = await page('services');
      expect(details).toMatchObject({ hasDraft: false, published: DEFAULT_CONTENT.services });
      expect(Date.parse(details.publishedAt!)).toBeGreaterThanOrEqual(Date.parse(soon));
      // jsonb keeps no key order: compared as values.
      await pollUntil(async () => isDeepStrictEqual((await t.http.get('/api/content/services')).body.content, DEFAULT_CONTENT.services), {
        what: 'the published content on this instance',
        timeoutMs: 5000,
      });
    },
    SLOW_MS,
  );

  it('publishing now cancels a pending schedule, which would otherwise put an older version back', async () => {
    await t.http
      .put('/api/admin/content/services')
      .set(auth)
      .send({ fields: servicesWithCardTitle('First') })
      .expect(200);
    await t.http
      .post('/api/admin/content/services/publish')
      .set(auth)
      .send({ at: new Date(Date.now() + 3_600_000).toISOString() })
      .expect(200);
    await t.http
      .put('/api/admin/content/services')
      .set(auth)
      .send({ fields: servicesWithCardTitle('Second') })
      .expect(200);
    const details = await page('services');
    expect(details.scheduledVersionId).not.toBe(details.draftVersionId);
    const published = await t.http.post('/api/admin/content/services/publish').set(auth).send({}).expect(200);
    expect(published.body.message).toBe(MESSAGES.contentPublishedScheduleCancelled);
    expect(published.body.page).toMatchObject({ scheduledAt: null, published: servicesWithCardTitle('Second') });
  });

  it('makes preview links for a page and records every change in the audit log', async () => {
    const preview = await t.http.post('/api/admin/content/site/preview').set(auth).expect(200);
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(preview.body.url).toMatch(/^\/preview\/site\?token=[\w%.-]+$/);
    expect(Date.parse(preview.body.expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    const actions = (await auditActions(t)).map((entry) => `${entry.action} ${entry.target_id} ${entry.actor}`);
    expect(actions).toEqual([
      'content.saved services admin',
      'content.published services admin',
      'content.saved careers admin',
      'content.saved careers admin',
      'content.saved careers admin',
      'content.restored services admin',
      'content.scheduled services admin',
      'content.schedule_cancelled services admin',
      'content.scheduled services admin',
      'content.published services system',
      'content.saved services admin',
      'content.scheduled services admin',
      'content.saved services admin',
      'content.published services admin',
      'content.previewed site admin',
    ]);
  });
});

describeOnPostgres('Scheduled content publishing with two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ CONTENT_SCHEDULE_POLL_SECONDS: '1' });
    b = await createTestApp({ CONTENT_SCHEDULE_POLL_SECONDS: '1', DATABASE_URL: a.config.database.url ?? '' });
  }, SLOW_MS);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it(
    'publishes each of ten schedules exactly once, on time, and both instances show it',
    async () => {
      const auth = { Authorization: `Bearer ${await loginAsAdmin(a)}` };
      for (let i = 0; i < 10; i += 1) {
        const key = i % 2 === 0 ? 'services' : 'site';
        const fields =
          key === 'services'
            ? servicesWithCardTitle(`Title ${i}`)
            : { ...DEFAULT_CONTENT.site, footer: { ...DEFAULT_CONTENT.site.footer, blurb: `Blurb ${i}` } };
        await a.http.put(`/api/admin/content/${key}`).set(auth).send({ fields }).expect(200);
      }
      // Each page's last draft (8 and 9), scheduled once the drafts are saved: on a loaded machine saving them took
      // longer than the two seconds ahead a time taken before them allowed, and the publish was refused as past.
      const runAt = new Date(Date.now() + 2000);
      for (const key of ['services', 'site']) {
        await a.http.post(`/api/admin/content/${key}/publish`).set(auth).send({ at: runAt.toISOString() }).expect(200);
      }
      await pollUntil(
        async () => (await a.http.get('/api/admin/content').set(auth)).body.pages.every((item: { scheduledAt: string | null }) => item.scheduledAt === null),
        {
          what: 'both scheduled publishes',
          timeoutMs: 20_000,
        },
      );
      const published = (await auditActions(a)).filter((entry) => entry.action === 'content.published');
      expect(published.map((entry) => `${entry.target_id} ${entry.actor}`).sort()).toEqual(['services system', 'site system']);
      for (const instance of [a, b]) {
        await pollUntil(async () => (await instance.http.get('/api/content/site')).body.content.footer.blurb === 'Blurb 9', {
          what: 'the published blurb on each instance',
          timeoutMs: 5000,
        });
        expect((await instance.http.get('/api/content/services')).body.content.offer.cards[1].title).toBe('Title 8');
      }
      const pages = (await a.http.get('/api/admin/content').set(auth)).body.pages as { key: string; publishedAt: string }[];
      for (const item of pages.filter((page) => page.key === 'services' || page.key === 'site')) {
        expect(Date.parse(item.publishedAt)).toBeGreaterThanOrEqual(runAt.getTime());
        expect(Date.parse(item.publishedAt) - runAt.getTime()).toBeLessThan(30_000);
      }
    },
    SLOW_MS,
  );
});
