import fs from 'node:fs';
import path from 'node:path';
import {
  CASE_STUDY_MESSAGES,
  MESSAGES,
  emptyCaseStudy,
  richDoc,
  richParagraph,
  type CaseStudyDetails,
  type CaseStudyDocument,
  type PortfolioItem,
} from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { sql } from 'drizzle-orm';
import { ContentService } from '../src/content/content.service';
import { DATABASE, type Database } from '../src/database/database';
import { loginAsAdmin, signInInvitedAdmin } from './support/admin-session';
import { createTestApp, type TestApp } from './support/test-app';

// The real site build: `npm run build` (npm test builds before the suites) writes it.
const siteDir = path.resolve(__dirname, '../../site/dist');
const siteSsrDir = path.resolve(__dirname, '../../site/dist-ssr');
const PAGE_DATA = /<script type="application\/json" id="page-data"[^>]*>(.*?)<\/script>/s;
const JSON_LD = /<script type="application\/ld\+json">(.*?)<\/script>/gs;

const item = (projectTitle: string, extra: object = {}) => ({
  category: 'web',
  projectTitle,
  projectSubtitle: `${projectTitle}: a booking site`,
  description: `What we built for ${projectTitle}.`,
  imgLink: '/images/portfolio/x.svg',
  linkToProject: 'https://example.com',
  techStack: ['React', 'Node.js'],
  ...extra,
});

const story = (client: string): Partial<CaseStudyDocument> => ({
  client,
  industry: 'Travel',
  services: ['web', 'mobile'],
  results: [
    { value: '3×', label: 'more bookings' },
    { value: '40 %', label: 'faster pages' },
  ],
  body: richDoc(richParagraph(`How ${client} tripled its bookings.`)),
});

const rows = async (t: TestApp, query: string) =>
  ((await t.app.get<symbol, Database>(DATABASE).execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;

const structuredData = (html: string) => [...html.matchAll(JSON_LD)].map((match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>);

describe('Case studies', () => {
  let t: TestApp;
  let owner: { Authorization: string };
  let editor: { Authorization: string };
  let sales: { Authorization: string };

  const create = async (title: string, extra: object = {}): Promise<PortfolioItem> =>
    (await t.http.post('/api/portfolio').set(owner).send(item(title, extra)).expect(201)).body.data;
  const put = (id: string, body: object, as = owner) => t.http.put(`/api/portfolio/${id}`).set(as).send(body);
  const details = async (id: string): Promise<CaseStudyDetails> => (await t.http.get(`/api/admin/portfolio/${id}`).set(owner).expect(200)).body.caseStudy;
  const publish = async (id: string): Promise<CaseStudyDetails> =>
    (await t.http.post(`/api/admin/portfolio/${id}/publish`).set(owner).send({}).expect(200)).body.caseStudy;
  const page = (url: string) => t.http.get(url).set('Accept', 'text/html');

  beforeAll(async () => {
    t = await createTestApp({ SITE_SSR_DIR: siteSsrDir, SITE_DIST_DIR: siteDir });
    const ownerToken = await loginAsAdmin(t);
    owner = { Authorization: `Bearer ${ownerToken}` };
    editor = {
      Authorization: `Bearer ${await signInInvitedAdmin(t, ownerToken, 'editor', { email: 'editor@cases.test', password: 'an-editor-password-42' })}`,
    };
    sales = { Authorization: `Bearer ${await signInInvitedAdmin(t, ownerToken, 'sales', { email: 'sales@cases.test', password: 'a-sales-password-42' })}` };
  });
  afterAll(() => t.close());

  describe('addresses', () => {
    it('gives every new item a unique lower-case slug from its title, even for equal titles', async () => {
      const first = await create('Harbour Café — Booking App');
      const second = await create('Harbour Café — Booking App');
      expect(first.slug).toBe('harbour-cafe-booking-app');
      expect(second.slug).toBe('harbour-cafe-booking-app-2');
      const listed = (await t.http.get('/api/portfolio').expect(200)).body.portfolios as PortfolioItem[];
      expect(listed.map((listedItem) => listedItem.slug)).toEqual(expect.arrayContaining([first.slug, second.slug]));
    });

    it('takes a given slug, and refuses one that is malformed or taken (400 naming the slug, nothing stored)', async () => {
      const given = await create('Given', { slug: 'given-address' });
      expect(given.slug).toBe('given-address');
      const before = (await t.http.get('/api/portfolio')).body.portfolios.length as number;
      for (const slug of ['Upper', 'two--hyphens', 'a/b', '', 'x'.repeat(81)]) {
        const refused = await t.http.post('/api/portfolio').set(owner).send(item('Bad', { slug })).expect(400);
        expect(refused.body.errors.slug).toBe(CASE_STUDY_MESSAGES.slug);
      }
      const taken = await t.http
        .post('/api/portfolio')
        .set(owner)
        .send(item('Other', { slug: 'given-address' }))
        .expect(400);
      expect(taken.body.errors.slug).toBe(CASE_STUDY_MESSAGES.slugTaken('Given'));
      expect((await t.http.get('/api/portfolio')).body.portfolios.length).toBe(before);
    });

    it('backfills a slug for every item the migration finds, unique even for equal titles, and an empty story', async () => {
      const db = t.app.get<symbol, Database>(DATABASE);
      // The table as it was before migration 0020, with items an older release added.
      await db.execute(sql.raw("delete from content_pages where key like 'case:%'"));
      await db.execute(sql.raw('delete from portfolio_items'));
      await db.execute(sql.raw('drop index portfolio_items_slug_key'));
      await db.execute(sql.raw('alter table portfolio_items drop column slug'));
      const insert = (title: string, at: string) =>
        db.execute(
          sql`insert into portfolio_items (project_title, project_subtitle, category, description, img_link, tech_stack, created_at)
              values (${title}, 'sub', 'web', 'desc', '/images/x.svg', '["Go"]'::jsonb, ${at}::timestamptz)`,
        );
      await insert('Atlas', '2024-01-01T00:00:00Z');
      await insert('Atlas', '2024-01-02T00:00:00Z');
      await insert('Atlas 2', '2024-01-03T00:00:00Z');
      await insert('!!!', '2024-01-04T00:00:00Z');
      const migration = fs.readFileSync(path.resolve(__dirname, '../drizzle/0020_case_studies.sql'), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
      const slugs = (await rows(t, 'select slug from portfolio_items order by created_at')).map((row) => row.slug);
      expect(slugs).toEqual(['atlas', 'atlas-2', expect.stringMatching(/^atlas-2-[0-9a-f]{8}$/), 'project']);
      const drafts = await rows(t, "select fields from content_versions where page_key like 'case:%'");
      expect(drafts).toHaveLength(4);
      for (const draft of drafts) expect(draft.fields).toEqual(emptyCaseStudy());
      // Every backfilled item has its page and its editor.
      const [atlas] = await rows(t, "select id from portfolio_items where slug = 'atlas'");
      expect((await details(String(atlas?.id))).status).toBe('draft');
      // (The public list is cached for a few seconds: the page shows the migrated items once it is read again.)
      await pollUntil(async () => (await page('/portfolio/atlas')).status === 200, { what: "the migrated item's page" });
    });
  });

  describe('the page', () => {
    let atlas: PortfolioItem;
    let nova: PortfolioItem;
    beforeAll(async () => {
      nova = await create('Nova');
      atlas = await create('Atlas Travel');
    });

    it('answers every item at /portfolio/<slug>, server-rendered from its own fields before any story is published', async () => {
      const response = await page(`/portfolio/${atlas.slug}`).expect(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.text).toContain('<h1');
      expect(response.text).toContain('Atlas Travel');
      expect(response.text).toContain('What we built for Atlas Travel.');
      expect(response.text).toContain('Ready to Bring Your Ideas to Reality?');
      expect(response.text).toContain(`<link rel="canonical" href="https://www.brightwave.example/portfolio/${atlas.slug}" />`);
      expect(response.text).toContain('<meta property="og:title" content="Atlas Travel: Case Study');
      expect(response.text).toContain('<meta property="og:image" content="https://www.brightwave.example/images/portfolio/x.svg" />');
      const article = structuredData(response.text).find((data) => data['@type'] === 'Article');
      expect(article).toMatchObject({ headline: 'Atlas Travel', about: { '@type': 'CreativeWork', name: 'Atlas Travel' } });
      await page(`/portfolio/${atlas.slug}/`).expect(200);
    });

    it("answers the site's 404 page for a slug no item has", async () => {
      const response = await page('/portfolio/no-such-project').expect(404);
      expect(response.text).toContain('Page Not Found');
    });

    it('saves the story as a draft through PUT /api/portfolio/:id, shows it only once published, and lists related case studies', async () => {
      const saved = await put(atlas._id, { ...item('Atlas Travel'), ...story('Atlas Ltd') }).expect(200);
      expect(saved.body.message).toBe(MESSAGES.portfolioUpdated);
      const draft = await details(atlas._id);
      expect(draft).toMatchObject({ status: 'draft', hasDraft: true, published: null, draft: { client: 'Atlas Ltd', industry: 'Travel' } });
      expect((await page(`/portfolio/${atlas.slug}`).expect(200)).text).not.toContain('Atlas Ltd');
      const published = await publish(atlas._id);
      expect(published).toMatchObject({ status: 'published', hasDraft: false, published: { client: 'Atlas Ltd' } });
      const html = (await page(`/portfolio/${atlas.slug}`).expect(200)).text;
      expect(html).toContain('How Atlas Ltd tripled its bookings.');
      expect(html).toContain('more bookings');
      expect(html).toContain('href="/services#web"');
      expect(html).toContain(`href="/portfolio/${nova.slug}"`);
      const data = JSON.parse(PAGE_DATA.exec(html)?.[1] ?? '{}');
      expect(data.caseStudy.item._id).toBe(atlas._id);
      expect(data.caseStudy.related.map((related: PortfolioItem) => related._id)).not.toContain(atlas._id);
      expect(structuredData(html).find((entry) => entry['@type'] === 'Article')).toMatchObject({ articleBody: 'How Atlas Ltd tripled its bookings.' });
    });

    it("keeps the story when an old client sends only the SPEC's fields", async () => {
      await put(atlas._id, item('Atlas Travel', { projectSubtitle: 'Renamed subtitle' })).expect(200);
      const after = await details(atlas._id);
      expect(after.draft.client).toBe('Atlas Ltd');
      expect(after.item.projectSubtitle).toBe('Renamed subtitle');
      expect(after.hasDraft).toBe(false);
    });

    it('refuses a story that does not fit, naming each field, and stores nothing (the SPEC fields neither)', async () => {
      const before = await details(atlas._id);
      const refused = await put(atlas._id, {
        ...item('Changed title'),
        client: 'x'.repeat(81),
        services: ['not-a-service', 'web', 'web'],
        results: [{ value: '', label: 'empty value' }],
        gallery: [{ image: '/images/x.svg', imageAlt: '', caption: '' }],
        body: { type: 'doc', content: [{ type: 'script' }] },
      }).expect(400);
      expect(Object.keys(refused.body.errors).sort()).toEqual(['body', 'client', 'gallery.0.imageAlt', 'results.0.value', 'services.2'].sort());
      const unknownService = await put(atlas._id, { ...item('Changed title'), services: ['not-a-service'] }).expect(400);
      expect(unknownService.body.errors).toEqual({ 'services.0': CASE_STUDY_MESSAGES.unknownService });
      await put(atlas._id, { ...item('Changed title'), results: 'many' }).expect(400);
      expect(await details(atlas._id)).toEqual(before);
    });

    it('refuses a save over a newer draft (409), keeping that draft', async () => {
      const before = await details(atlas._id);
      await put(atlas._id, { ...item('Atlas Travel'), client: 'First', baseVersionId: before.draftVersionId }).expect(200);
      const stale = await put(atlas._id, { ...item('Atlas Travel'), client: 'Second', baseVersionId: before.draftVersionId }).expect(409);
      expect(stale.body.message).toBe(MESSAGES.contentChangedMeanwhile);
      expect((await details(atlas._id)).draft.client).toBe('First');
    });

    it('keeps versions, shows one, and restores one as the draft (not published until published)', async () => {
      const current = await details(atlas._id);
      const publishedVersion = current.versions.find((version) => version.publishedAt !== null);
      if (!publishedVersion) throw new Error('a published version');
      const shown = (await t.http.get(`/api/admin/portfolio/${atlas._id}/versions/${publishedVersion._id}`).set(owner).expect(200)).body.version;
      expect(shown.document.client).toBe('Atlas Ltd');
      const restored = (await t.http.post(`/api/admin/portfolio/${atlas._id}/versions/${publishedVersion._id}/restore`).set(owner).expect(200)).body.caseStudy;
      expect(restored.draft.client).toBe('Atlas Ltd');
      expect(restored.versions[0].kind).toBe('restore');
      await t.http.get(`/api/admin/portfolio/${atlas._id}/versions/${nova._id}`).set(owner).expect(404);
    });

    it('publishes at a set time once the scheduler runs, and answers 409 when there is nothing to publish', async () => {
      await put(atlas._id, { ...item('Atlas Travel'), client: 'Scheduled client' }).expect(200);
      const at = new Date(Date.now() + 1500).toISOString();
      const scheduled = (await t.http.post(`/api/admin/portfolio/${atlas._id}/publish`).set(owner).send({ at }).expect(200)).body.caseStudy;
      expect(scheduled.status).toBe('scheduled');
      await new Promise((resolve) => setTimeout(resolve, 1600));
      await t.app.get(ContentService).runDueSchedules(30_000);
      expect((await details(atlas._id)).published?.client).toBe('Scheduled client');
      const nothing = await t.http.post(`/api/admin/portfolio/${atlas._id}/publish`).set(owner).send({}).expect(409);
      expect(nothing.body.message).toBe(MESSAGES.contentNothingToPublish);
    });

    it('shows the draft to the holder of a preview link, never kept or indexed; refuses another token', async () => {
      await put(atlas._id, { ...item('Atlas Travel'), client: 'Previewed client' }).expect(200);
      const { url } = (await t.http.post(`/api/admin/portfolio/${atlas._id}/preview`).set(owner).expect(200)).body;
      expect(url).toMatch(new RegExp(`^/preview/portfolio/${atlas._id}\\?token=`));
      const preview = await page(url).expect(200);
      expect(preview.headers['cache-control']).toContain('no-store');
      expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(preview.text).toContain('Previewed client');
      expect((await page(`/portfolio/${atlas.slug}`)).text).not.toContain('Previewed client');
      await page(`/preview/portfolio/${atlas._id}?token=forged`).expect(403);
      await page(`/preview/portfolio/${nova._id}?token=${url.split('token=')[1]}`).expect(403);
    });

    it('lists every case study in the sitemap', async () => {
      const sitemap = (await t.http.get('/sitemap.xml').expect(200)).text;
      expect(sitemap).toContain(`/portfolio/${atlas.slug}</loc>`);
      expect(sitemap).toContain(`/portfolio/${nova.slug}</loc>`);
    });
  });

  describe('a renamed slug', () => {
    it('answers 301 from the old address to the new one, keeping one hop after a second rename', async () => {
      const moved = await create('Moving Project');
      await page(`/portfolio/${moved.slug}`).expect(200);
      await put(moved._id, item('Moving Project', { slug: 'moved-once' })).expect(200);
      const first = await page(`/portfolio/${moved.slug}`).expect(301);
      expect(first.headers.location).toBe('/portfolio/moved-once');
      await page('/portfolio/moved-once').expect(200);
      await put(moved._id, item('Moving Project', { slug: 'moved-twice' })).expect(200);
      expect((await page(`/portfolio/${moved.slug}`).expect(301)).headers.location).toBe('/portfolio/moved-twice');
      expect((await page('/portfolio/moved-once').expect(301)).headers.location).toBe('/portfolio/moved-twice');
      const audit = await rows(t, "select action, details from audit_entries where action = 'redirect.created' order by created_at");
      expect(audit.at(-1)?.details).toMatchObject({ from: '/portfolio/moved-once', to: '/portfolio/moved-twice', status: 301 });
    });

    it('refuses a slug another item has (400 naming it), changing nothing', async () => {
      const one = await create('Slug Owner');
      const other = await create('Slug Seeker');
      const refused = await put(other._id, item('Slug Seeker', { slug: one.slug })).expect(400);
      expect(refused.body.errors).toEqual({ slug: CASE_STUDY_MESSAGES.slugTaken('Slug Owner') });
      expect((await details(other._id)).item.slug).toBe(other.slug);
    });
  });

  it("deletes the case study with its item: its page answers 410 with the site's not-found page, unless a redirect takes it", async () => {
    const gone = await create('Short Lived');
    await t.http.delete(`/api/portfolio/${gone._id}`).set(owner).expect(200);
    for (const url of [`/portfolio/${gone.slug}`, `/portfolio/${gone.slug}/`]) {
      const answer = await page(url).expect(410);
      expect(answer.text).toContain('Page Not Found');
    }
    expect(await rows(t, `select key from content_pages where key = 'case:${gone._id}'`)).toEqual([]);
    await t.http.get(`/api/admin/portfolio/${gone._id}`).set(owner).expect(404);
    await t.http
      .post('/api/admin/redirects')
      .set(owner)
      .send({ from: `/portfolio/${gone.slug}`, to: '/portfolio', status: 301 })
      .expect(201);
    expect((await page(`/portfolio/${gone.slug}`).expect(301)).headers.location).toBe('/portfolio');
    // A new item may take the address again.
    const again = await create('Short Lived Again', { slug: 'short-lived-again' });
    await t.http.delete(`/api/portfolio/${again._id}`).set(owner).expect(200);
    await page('/portfolio/short-lived-again').expect(410);
    expect((await create('Back', { slug: 'short-lived-again' })).slug).toBe('short-lived-again');
    await page('/portfolio/short-lived-again').expect(200);
  });

  it('lets owners and editors use the case study routes; 401 without a session, 403 to sales, changing nothing', async () => {
    const guarded = await create('Guarded');
    const before = await details(guarded._id);
    const routes: [method: 'get' | 'post' | 'delete', url: string][] = [
      ['get', `/api/admin/portfolio/${guarded._id}`],
      ['post', `/api/admin/portfolio/${guarded._id}/publish`],
      ['delete', `/api/admin/portfolio/${guarded._id}/schedule`],
      ['post', `/api/admin/portfolio/${guarded._id}/preview`],
      ['get', `/api/admin/portfolio/${guarded._id}/versions/${before.draftVersionId}`],
      ['post', `/api/admin/portfolio/${guarded._id}/versions/${before.draftVersionId}/restore`],
    ];
    for (const [method, url] of routes) {
      await t.http[method](url).send({}).expect(401);
      expect((await t.http[method](url).set(sales).send({}).expect(403)).body.message).toBe(MESSAGES.notAllowed);
    }
    expect(await details(guarded._id)).toEqual(before);
    await put(guarded._id, { ...item('Guarded'), client: 'By an editor' }, editor).expect(200);
    await t.http.post(`/api/admin/portfolio/${guarded._id}/publish`).set(editor).send({}).expect(200);
  });

  it('answers 404 for an item that does not exist, and for a malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await t.http.get(`/api/admin/portfolio/${id}`).set(owner).expect(404);
      expect(response.body.message).toBe(MESSAGES.portfolioNotFound);
    }
  });
});
