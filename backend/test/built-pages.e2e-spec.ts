// PostgreSQL pass, engine blocks: a built page's scheduled publish claimed by two instances at once.
import path from 'node:path';
import {
  BUILT_PAGE_MESSAGES,
  MESSAGES,
  NAV_PAGES_MAX,
  emptyBlock,
  type BuiltPageDetails,
  type BuiltPageDocument,
  type BuiltPageSummary,
  type PageBlock,
} from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { ContentService } from '../src/content/content.service';
import { DATABASE, type Database } from '../src/database/database';
import { loginAsAdmin, signInInvitedAdmin } from './support/admin-session';
import { pageRenders, RENDERS_METRICS_TOKEN } from './support/page-renders';
import { createTestApp, describeOnPostgres, type TestApp } from './support/test-app';

const SLOW_MS = 60_000;
// The real site build: `npm run build` (npm test builds before the suites) writes it.
const siteDir = path.resolve(__dirname, '../../site/dist');
const siteSsrDir = path.resolve(__dirname, '../../site/dist-ssr');
const PAGE_DATA = /<script type="application\/json" id="page-data"[^>]*>(.*?)<\/script>/s;

/** The data a rendered page embeds for its hydration. */
function pageData(html: string): Record<string, unknown> {
  const match = PAGE_DATA.exec(html);
  if (!match?.[1]) throw new Error('The page embeds no data');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

const hero = (heading: string): PageBlock => ({ ...emptyBlock('hero'), heading, text: 'An audit of your cloud in two weeks.' }) as PageBlock;
const callToAction = (heading: string): PageBlock =>
  ({ ...emptyBlock('callToAction'), heading, buttonLabel: 'Get in touch', buttonLink: '/contact' }) as PageBlock;

/** A page's document with a hero and a call to action. */
function documentOf(title: string, slug: string, heading = `${title}: the hero`): BuiltPageDocument {
  return { title, slug, seo: { title: '', description: `All about ${title}.`, image: '' }, blocks: [hero(heading), callToAction('Talk to us')] };
}

async function pageAudit(t: TestApp): Promise<{ action: string; target_id: string }[]> {
  const result = await t.app
    .get<symbol, Database>(DATABASE)
    .execute(sql.raw("select action, target_id from audit_entries where target_kind = 'page' order by created_at, id"));
  return (result as unknown as { rows: { action: string; target_id: string }[] }).rows;
}

describe('Pages built from blocks', () => {
  let t: TestApp;
  let owner: { Authorization: string };
  let editor: { Authorization: string };
  let sales: { Authorization: string };
  let recruiter: { Authorization: string };

  const create = async (title: string, slug: string, as = owner): Promise<BuiltPageDetails> =>
    (await t.http.post('/api/admin/pages').set(as).send({ title, slug }).expect(201)).body.page;
  const details = async (id: string): Promise<BuiltPageDetails> => (await t.http.get(`/api/admin/pages/${id}`).set(owner).expect(200)).body.page;
  const save = async (page: BuiltPageDetails, draft: BuiltPageDocument): Promise<BuiltPageDetails> =>
    (await t.http.put(`/api/admin/pages/${page._id}`).set(owner).send({ draft, baseVersionId: page.draftVersionId }).expect(200)).body.page;
  const publish = async (id: string): Promise<BuiltPageDetails> =>
    (await t.http.post(`/api/admin/pages/${id}/publish`).set(owner).send({}).expect(200)).body.page;
  /** A published page with a hero and a call to action. */
  async function publishedPage(title: string, slug: string): Promise<BuiltPageDetails> {
    const page = await create(title, slug);
    await save(page, documentOf(title, slug));
    return publish(page._id);
  }

  beforeAll(async () => {
    t = await createTestApp({ SITE_SSR_DIR: siteSsrDir, SITE_DIST_DIR: siteDir, METRICS_TOKEN: RENDERS_METRICS_TOKEN });
    const ownerToken = await loginAsAdmin(t);
    owner = { Authorization: `Bearer ${ownerToken}` };
    editor = {
      Authorization: `Bearer ${await signInInvitedAdmin(t, ownerToken, 'editor', { email: 'editor@pages.test', password: 'an-editor-password-42' })}`,
    };
    sales = { Authorization: `Bearer ${await signInInvitedAdmin(t, ownerToken, 'sales', { email: 'sales@pages.test', password: 'a-sales-password-42' })}` };
    recruiter = {
      Authorization: `Bearer ${await signInInvitedAdmin(t, ownerToken, 'recruiter', { email: 'recruiter@pages.test', password: 'a-recruiter-password-42' })}`,
    };
  }, SLOW_MS);
  afterAll(() => t.close());

  describe('who may use the routes', () => {
    let page: BuiltPageDetails;
    beforeAll(async () => {
      page = await create('Roles', 'roles');
    });

    const routes = (id: string, versionId: string): [method: 'get' | 'post' | 'put' | 'delete', url: string, body?: object][] => [
      ['get', '/api/admin/pages'],
      ['post', '/api/admin/pages', { title: 'Refused', slug: 'refused' }],
      ['get', `/api/admin/pages/${id}`],
      ['put', `/api/admin/pages/${id}`, { draft: documentOf('Roles', 'roles') }],
      ['post', `/api/admin/pages/${id}/publish`, {}],
      ['delete', `/api/admin/pages/${id}/schedule`],
      ['post', `/api/admin/pages/${id}/preview`],
      ['get', `/api/admin/pages/${id}/versions/${versionId}`],
      ['post', `/api/admin/pages/${id}/versions/${versionId}/restore`],
      ['put', `/api/admin/pages/${id}/nav`, { placement: 'none', label: '', order: 0 }],
      ['delete', `/api/admin/pages/${id}`],
    ];

    it('answers 401 without a session and 403 to sales and recruiters, on every route, changing nothing', async () => {
      for (const [method, url, body] of routes(page._id, page.draftVersionId)) {
        await t.http[method](url)
          .send(body ?? {})
          .expect(401);
        for (const role of [sales, recruiter]) {
          const refused = await t.http[method](url)
            .set(role)
            .send(body ?? {})
            .expect(403);
          expect(refused.body.message).toBe(MESSAGES.notAllowed);
        }
      }
      expect(await details(page._id)).toEqual(page);
      expect((await t.http.get('/api/admin/pages').set(owner).expect(200)).body.pages.map((listed: BuiltPageSummary) => listed.slug)).not.toContain('refused');
    });

    it('lets an editor list, create, save, publish and delete pages', async () => {
      expect((await t.http.get('/api/admin/pages').set(editor).expect(200)).body.success).toBe(true);
      const made = (await t.http.post('/api/admin/pages').set(editor).send({ title: 'By an editor', slug: 'by-an-editor' }).expect(201)).body.page;
      await t.http
        .put(`/api/admin/pages/${made._id}`)
        .set(editor)
        .send({ draft: documentOf('By an editor', 'by-an-editor') })
        .expect(200);
      await t.http.post(`/api/admin/pages/${made._id}/publish`).set(editor).send({}).expect(200);
      await t.http.delete(`/api/admin/pages/${made._id}`).set(editor).expect(200);
    });
  });

  describe('creating and saving', () => {
    it('creates a draft that is not public, listed with its path and status', async () => {
      const page = await create('Cloud audit', 'services/cloud-audit');
      expect(page).toMatchObject({
        title: 'Cloud audit',
        slug: 'services/cloud-audit',
        path: '/services/cloud-audit',
        status: 'draft',
        published: null,
        publishedPath: null,
        publishedAt: null,
        hasDraft: true,
        nav: { placement: 'none', label: '', order: 0 },
        draft: { title: 'Cloud audit', slug: 'services/cloud-audit', seo: { title: '', description: '', image: '' }, blocks: [] },
      });
      expect(page.versions).toEqual([
        { _id: page.draftVersionId, kind: 'draft', author: 'admin@example.test', createdAt: expect.any(String), publishedAt: null },
      ]);
      const { pages } = (await t.http.get('/api/admin/pages').set(owner).expect(200)).body as { pages: BuiltPageSummary[] };
      expect(pages.find((listed) => listed._id === page._id)).toEqual({
        _id: page._id,
        title: 'Cloud audit',
        slug: 'services/cloud-audit',
        path: '/services/cloud-audit',
        status: 'draft',
        publishedAt: null,
        scheduledAt: null,
        updatedAt: expect.any(String),
        nav: { placement: 'none', label: '', order: 0 },
      });
      await t.http.get('/services/cloud-audit').expect(404);
    });

    it.each([
      ['an empty title', { title: '', slug: 'empty-title' }, 'title', 'Title is required'],
      ['a slug with capitals', { title: 'Capitals', slug: 'Cloud-Audit' }, 'slug', BUILT_PAGE_MESSAGES.slug],
      ['a slug with a leading slash', { title: 'Slash', slug: '/cloud' }, 'slug', BUILT_PAGE_MESSAGES.slug],
      ['a path of the site', { title: 'About', slug: 'about' }, 'slug', BUILT_PAGE_MESSAGES.slugTaken("the site's page /about")],
      ['a path under the job pages', { title: 'Job', slug: 'careers/engineer' }, 'slug', BUILT_PAGE_MESSAGES.slugTaken('the job pages')],
      ['the admin', { title: 'Admin', slug: 'admin' }, 'slug', BUILT_PAGE_MESSAGES.slugTaken('the admin')],
    ])('refuses to create a page with %s: 400 naming the field and its owner, nothing stored', async (_case, body, field, message) => {
      const before = (await t.http.get('/api/admin/pages').set(owner).expect(200)).body.pages;
      const refused = await t.http.post('/api/admin/pages').set(owner).send(body).expect(400);
      expect(refused.body.errors).toEqual({ [field]: message });
      expect((await t.http.get('/api/admin/pages').set(owner).expect(200)).body.pages).toEqual(before);
    });

    it('refuses a body without a title or slug', async () => {
      await t.http.post('/api/admin/pages').set(owner).send({ title: 'No slug' }).expect(400);
      await t.http.post('/api/admin/pages').set(owner).send({ slug: 'no-title' }).expect(400);
    });

    it('refuses the address of another page, draft or published, naming that page', async () => {
      const first = await create('Landing', 'landing');
      const refused = await t.http.post('/api/admin/pages').set(owner).send({ title: 'Another', slug: 'landing' }).expect(400);
      expect(refused.body.errors).toEqual({ slug: BUILT_PAGE_MESSAGES.slugTaken('the page “Landing”') });
      const second = await create('Second landing', 'second-landing');
      const onSave = await t.http
        .put(`/api/admin/pages/${second._id}`)
        .set(owner)
        .send({ draft: documentOf('Second landing', 'landing') })
        .expect(400);
      expect(onSave.body.errors).toEqual({ slug: BUILT_PAGE_MESSAGES.slugTaken('the page “Landing”') });
      // Published at `landing`, then moved in its draft: both addresses stay its own until it is deleted.
      await save(first, documentOf('Landing', 'landing'));
      await publish(first._id);
      await save(await details(first._id), documentOf('Landing', 'landing-moved'));
      for (const slug of ['landing', 'landing-moved']) {
        const taken = await t.http
          .put(`/api/admin/pages/${second._id}`)
          .set(owner)
          .send({ draft: documentOf('Second landing', slug) })
          .expect(400);
        expect(taken.body.errors).toEqual({ slug: BUILT_PAGE_MESSAGES.slugTaken('the page “Landing”') });
      }
      expect((await details(second._id)).versions).toHaveLength(1);
    });

    it.each([
      ['a hero without a heading', [{ ...hero('x'), heading: '' }], 'blocks.0.heading', 'Heading is required'],
      ['a block of no known type', [hero('Fine'), { type: 'carousel' }], 'blocks.1.type', BUILT_PAGE_MESSAGES.blockType],
      ['a button without a link', [hero('Fine'), { ...callToAction('Go'), buttonLink: '' }], 'blocks.1.buttonLink', 'Button link is required'],
      ['a javascript: link', [{ ...callToAction('Go'), buttonLink: 'javascript:alert(1)' }], 'blocks.0.buttonLink', undefined],
      ['a picture without its description', [{ ...emptyBlock('picture'), image: '/images/office.jpg' }], 'blocks.0.imageAlt', undefined],
      [
        'a picture not in the library',
        [{ ...hero('Fine'), image: '/media/0b5c0c3e-8b0a-4f57-9a53-1f1c2a4e9d10-640x480', imageAlt: 'A chart' }],
        'blocks.0.image',
        MESSAGES.mediaUnknown,
      ],
      [
        'one card (two at least)',
        [{ ...emptyBlock('cards'), cards: [{ title: 'One', text: '', image: '', imageAlt: '', link: '' }] }],
        'blocks.0.cards',
        undefined,
      ],
    ])('refuses a draft with %s: 400 naming the field, nothing stored', async (_case, blocks, field, message) => {
      const page = await create(`Refused ${field}`, `refused-${field.replace(/\./g, '-').toLowerCase()}`);
      const draft = { ...page.draft, blocks };
      const refused = await t.http.put(`/api/admin/pages/${page._id}`).set(owner).send({ draft, baseVersionId: page.draftVersionId }).expect(400);
      expect(refused.body.message).toBe(MESSAGES.contentInvalid);
      expect(Object.keys(refused.body.errors)).toEqual([field]);
      if (message) expect(refused.body.errors[field]).toBe(message);
      expect(await details(page._id)).toEqual(page);
    });

    it('refuses a save over a newer draft (409), and keeps that draft', async () => {
      const page = await create('Two editors', 'two-editors');
      const mine = await save(page, documentOf('Two editors', 'two-editors', 'Mine'));
      const stale = await t.http
        .put(`/api/admin/pages/${page._id}`)
        .set(editor)
        .send({ draft: documentOf('Two editors', 'two-editors', 'Theirs'), baseVersionId: page.draftVersionId })
        .expect(409);
      expect(stale.body.message).toBe(MESSAGES.contentChangedMeanwhile);
      expect(await details(page._id)).toEqual(mine);
    });

    it('answers 404 for a page that does not exist, and for a version of another page', async () => {
      for (const id of ['not-an-id', '0b5c0c3e-8b0a-4f57-9a53-1f1c2a4e9d10']) {
        expect((await t.http.get(`/api/admin/pages/${id}`).set(owner).expect(404)).body.message).toBe(BUILT_PAGE_MESSAGES.notFound);
        await t.http
          .put(`/api/admin/pages/${id}`)
          .set(owner)
          .send({ draft: documentOf('x', 'x') })
          .expect(404);
        await t.http.delete(`/api/admin/pages/${id}`).set(owner).expect(404);
      }
      const one = await create('Version one', 'version-one');
      const other = await create('Version other', 'version-other');
      await t.http.get(`/api/admin/pages/${one._id}/versions/${other.draftVersionId}`).set(owner).expect(404);
    });
  });

  describe('publishing', () => {
    it('answers the published page at its path as server-rendered HTML, with or without a trailing slash', async () => {
      const page = await create('Cloud migration', 'services/cloud-migration');
      const draft = documentOf('Cloud migration', 'services/cloud-migration', 'Move to the cloud without downtime');
      draft.seo.title = 'Cloud migration services';
      await save(page, draft);
      const published = await publish(page._id);
      expect(published).toMatchObject({ status: 'published', hasDraft: false, publishedPath: '/services/cloud-migration', published: draft });
      for (const url of ['/services/cloud-migration', '/services/cloud-migration/']) {
        const answer = await t.http.get(url).expect(200);
        expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(answer.headers['cache-control']).toBe('no-cache');
        expect(pageData(answer.text).builtPage).toEqual(draft);
        // The site's page module renders them (site/src/pages/built-page…).
        expect(answer.text).toContain('Move to the cloud without downtime');
        expect(answer.text).toContain('Talk to us');
        expect(answer.text).toMatch(/<title>Cloud migration services[^<]*<\/title>/);
      }
      expect(((await t.http.get('/api/admin/pages').set(owner)).body.pages as BuiltPageSummary[]).find((listed) => listed._id === page._id)).toMatchObject({
        status: 'published',
        publishedAt: expect.any(String),
      });
    });

    it('renders a published page once for many visits, and again after a publish', async () => {
      const page = await publishedPage('Cached', 'cached');
      const before = await pageRenders(t, 'built-page');
      const first = await t.http.get('/cached').expect(200);
      for (const url of ['/cached', '/cached/', '/cached?utm_source=x', '/cached']) {
        const again = await t.http.get(url).set('Accept-Encoding', 'br').expect(200);
        expect(again.headers['content-encoding']).toBe('br');
        expect(again.text).toBe(first.text);
      }
      expect(await pageRenders(t, 'built-page')).toBe(before + 1);
      await save(await details(page._id), documentOf('Cached', 'cached', 'Fresh words'));
      await publish(page._id);
      expect((await t.http.get('/cached').expect(200)).text).toContain('Fresh words');
      expect(await pageRenders(t, 'built-page')).toBe(before + 2);
    });

    it('publishes at a set time once the scheduler runs, and a schedule can be cancelled', async () => {
      const page = await create('Launch', 'launch');
      await save(page, documentOf('Launch', 'launch', 'Launching soon'));
      const at = new Date(Date.now() + 1500).toISOString();
      const scheduled = (await t.http.post(`/api/admin/pages/${page._id}/publish`).set(owner).send({ at }).expect(200)).body;
      expect(scheduled.message).toBe(MESSAGES.contentScheduled);
      expect(scheduled.page).toMatchObject({ status: 'scheduled', scheduledAt: at });
      await t.http.get('/launch').expect(404);
      await new Promise((resolve) => setTimeout(resolve, 1600));
      // The scheduler of this instance may have run it already; either way it is published once.
      await t.app.get(ContentService).runDueSchedules(30_000);
      expect(await details(page._id)).toMatchObject({ status: 'published', scheduledAt: null, publishedPath: '/launch' });
      expect((await t.http.get('/launch').expect(200)).text).toContain('Launching soon');
      expect((await pageAudit(t)).filter((entry) => entry.target_id === page._id && entry.action === 'page.published')).toHaveLength(1);

      await save(await details(page._id), documentOf('Launch', 'launch', 'Launched'));
      await t.http
        .post(`/api/admin/pages/${page._id}/publish`)
        .set(owner)
        .send({ at: new Date(Date.now() + 3_600_000).toISOString() })
        .expect(200);
      const cancelled = (await t.http.delete(`/api/admin/pages/${page._id}/schedule`).set(owner).expect(200)).body;
      expect(cancelled).toMatchObject({ message: MESSAGES.contentScheduleCancelled, page: { status: 'published', scheduledAt: null } });
      expect((await t.http.delete(`/api/admin/pages/${page._id}/schedule`).set(owner).expect(409)).body.message).toBe(MESSAGES.contentNoSchedule);
      const refused = await t.http.post(`/api/admin/pages/${page._id}/publish`).set(owner).send({ at: '2020-01-01T00:00:00Z' }).expect(400);
      expect(refused.body.errors).toEqual({ at: MESSAGES.contentScheduleTime });
    });

    it('keeps versions, shows one with its document, and restores one as the draft', async () => {
      const page = await create('History', 'history');
      await save(page, documentOf('History', 'history', 'First words'));
      await publish(page._id);
      const later = await save(await details(page._id), documentOf('History', 'history', 'Second words'));
      const firstPublished = later.versions.find((version) => version.kind === 'draft' && version.publishedAt !== null)!;
      const version = (await t.http.get(`/api/admin/pages/${page._id}/versions/${firstPublished._id}`).set(owner).expect(200)).body.version;
      expect(version).toMatchObject({ _id: firstPublished._id, kind: 'draft', document: documentOf('History', 'history', 'First words') });
      const restored = (await t.http.post(`/api/admin/pages/${page._id}/versions/${firstPublished._id}/restore`).set(owner).expect(200)).body.page;
      expect(restored.draft).toEqual(documentOf('History', 'history', 'First words'));
      expect(restored.versions[0].kind).toBe('restore');
      expect((await t.http.get('/history').expect(200)).text).toContain('First words');
    });

    it('answers 409 when there is nothing to publish', async () => {
      const page = await publishedPage('Nothing new', 'nothing-new');
      expect((await t.http.post(`/api/admin/pages/${page._id}/publish`).set(owner).send({}).expect(409)).body.message).toBe(MESSAGES.contentNothingToPublish);
    });
  });

  describe('preview links', () => {
    it('shows the draft to the holder of the link, never kept or indexed; refuses another token', async () => {
      const page = await create('Preview me', 'preview-me');
      await save(page, documentOf('Preview me', 'preview-me', 'A draft heading'));
      const { url, expiresAt } = (await t.http.post(`/api/admin/pages/${page._id}/preview`).set(owner).expect(200)).body;
      expect(url).toMatch(new RegExp(`^/preview/pages/${page._id}\\?token=`));
      expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
      const preview = await t.http.get(url).expect(200);
      expect(preview.headers['cache-control']).toBe('private, no-store');
      expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(pageData(preview.text)).toMatchObject({ preview: true, builtPage: documentOf('Preview me', 'preview-me', 'A draft heading') });
      expect(preview.text).toContain('A draft heading');
      await t.http.get('/preview-me').expect(404);

      const other = await create('Other preview', 'other-preview');
      const token = url.split('token=')[1];
      await t.http.get(`/preview/pages/${other._id}?token=${token}`).expect(403);
      await t.http.get(`/preview/pages/${page._id}?token=${token}x`).expect(403);
      // A site page's link does not open a built page, nor the reverse.
      await t.http.get(`/preview/services?token=${token}`).expect(403);
    });
  });

  describe('the navigation', () => {
    it('takes only a published page (409), and refuses a bad placement, label or order (400)', async () => {
      const draft = await create('Unpublished', 'unpublished');
      const refused = await t.http.put(`/api/admin/pages/${draft._id}/nav`).set(owner).send({ placement: 'header', label: '', order: 0 }).expect(409);
      expect(refused.body.message).toBe(BUILT_PAGE_MESSAGES.navNotPublished);
      const page = await publishedPage('Navigable', 'navigable');
      for (const [body, field, message] of [
        [{ placement: 'sidebar', label: '', order: 0 }, 'placement', BUILT_PAGE_MESSAGES.navPlacement],
        [{ placement: 'header', label: 'x'.repeat(41), order: 0 }, 'label', BUILT_PAGE_MESSAGES.navLabel],
        [{ placement: 'header', label: '', order: 1000 }, 'order', BUILT_PAGE_MESSAGES.navOrder],
        [{ placement: 'header', label: '', order: -1 }, 'order', BUILT_PAGE_MESSAGES.navOrder],
        [{ placement: 'header', label: '', order: 1.5 }, 'order', BUILT_PAGE_MESSAGES.navOrder],
      ] as const) {
        const answer = await t.http.put(`/api/admin/pages/${page._id}/nav`).set(owner).send(body).expect(400);
        expect(answer.body.errors[field]).toBe(message);
      }
      expect((await details(page._id)).nav).toEqual({ placement: 'none', label: '', order: 0 });
    });

    it('shows header and footer pages on every page of the site, by order then label, and at most NAV_PAGES_MAX in each', async () => {
      const pages: BuiltPageDetails[] = [];
      for (let i = 0; i < NAV_PAGES_MAX.header; i += 1) pages.push(await publishedPage(`Header ${i}`, `header-${i}`));
      for (const [index, page] of pages.entries()) {
        const placed = await t.http
          .put(`/api/admin/pages/${page._id}/nav`)
          .set(owner)
          .send({ placement: 'header', label: index === 0 ? 'First' : '', order: NAV_PAGES_MAX.header - index })
          .expect(200);
        expect(placed.body.page.nav).toEqual({ placement: 'header', label: index === 0 ? 'First' : '', order: NAV_PAGES_MAX.header - index });
      }
      const extra = await publishedPage('One too many', 'one-too-many');
      const full = await t.http.put(`/api/admin/pages/${extra._id}/nav`).set(owner).send({ placement: 'header', label: '', order: 0 }).expect(400);
      expect(full.body.errors).toEqual({ placement: BUILT_PAGE_MESSAGES.navFull('header') });
      await t.http.put(`/api/admin/pages/${extra._id}/nav`).set(owner).send({ placement: 'footer', label: 'More', order: 0 }).expect(200);

      // By order (the footer's link has 0), then label.
      const expected = [
        { path: '/one-too-many', label: 'More', placement: 'footer' },
        ...[...pages].reverse().map((page, index) => ({ path: page.path, label: index === pages.length - 1 ? 'First' : page.title, placement: 'header' })),
      ];
      for (const url of ['/', '/about', '/header-0', '/no-such-page']) {
        const answer = await t.http.get(url);
        expect(pageData(answer.text).navPages).toEqual(expected);
        // The site's layout renders the links (site/src/components/layout).
        expect(answer.text).toContain('href="/one-too-many"');
      }
      // Taken out again: the pages render without them.
      for (const page of [...pages, extra])
        await t.http.put(`/api/admin/pages/${page._id}/nav`).set(owner).send({ placement: 'none', label: '', order: 0 }).expect(200);
      expect(pageData((await t.http.get('/').expect(200)).text).navPages).toBeUndefined();
    });
  });

  describe('the case studies and latest news blocks', () => {
    const post = async (title: string, slug: string, tags: string[]): Promise<{ _id: string }> => {
      const created = (await t.http.post('/api/admin/posts').set(owner).send({ title, slug }).expect(201)).body.post as {
        _id: string;
        draft: object;
        draftVersionId: string;
      };
      await t.http
        .put(`/api/admin/posts/${created._id}`)
        .set(owner)
        .send({ draft: { ...created.draft, tags }, baseVersionId: created.draftVersionId })
        .expect(200);
      await t.http.post(`/api/admin/posts/${created._id}/publish`).set(owner).send({}).expect(200);
      return created;
    };
    const item = async (projectTitle: string, publishStory: boolean): Promise<{ _id: string; slug: string }> => {
      const created = (
        await t.http
          .post('/api/portfolio')
          .set(owner)
          .send({
            category: 'web',
            projectTitle,
            projectSubtitle: 'A site',
            description: 'Built.',
            imgLink: '/images/portfolio/x.svg',
            linkToProject: 'https://example.com',
            techStack: ['React'],
          })
          .expect(201)
      ).body.data as { _id: string; slug: string };
      if (publishStory) await t.http.post(`/api/admin/portfolio/${created._id}/publish`).set(owner).send({}).expect(200);
      return created;
    };
    const listings = async (url: string) => {
      const data = pageData((await t.http.get(url).expect(200)).text) as {
        caseStudyBlocks: Record<string, { slug: string }[]>;
        newsBlocks: Record<string, { slug: string; publishedAt: string }[]>;
      };
      return {
        newest: data.caseStudyBlocks['1']?.map((listed) => listed.slug),
        chosen: data.caseStudyBlocks['2']?.map((listed) => listed.slug),
        news: data.newsBlocks['3']?.map((listed) => listed.slug),
      };
    };

    it('shows the newest published case studies, the chosen ones and the newest posts of a tag, fresh after each publish and deletion', async () => {
      const older = await item('Listed Older', true);
      const newer = await item('Listed Newer', true);
      const unpublished = await item('Listed Draft', false);
      await post('Blocks one', 'blocks-one', ['blocks']);
      await post('Blocks two', 'blocks-two', ['blocks']);
      await post('Other news', 'other-news', ['elsewhere']);
      const page = await create('Our work', 'our-work');
      const blocks: PageBlock[] = [
        hero('Our work'),
        { type: 'caseStudies', heading: 'The newest', intro: '', count: 2, chosen: [] },
        { type: 'caseStudies', heading: 'Chosen', intro: 'Hand-picked.', count: 1, chosen: [unpublished.slug, older.slug] },
        { type: 'latestNews', heading: 'News', count: 2, tag: 'blocks' },
      ];
      await save(page, { ...documentOf('Our work', 'our-work'), blocks });
      await publish(page._id);
      expect(await listings('/our-work')).toEqual({
        newest: [newer.slug, older.slug],
        chosen: [unpublished.slug, older.slug],
        news: ['blocks-two', 'blocks-one'],
      });
      const html = (await t.http.get('/our-work').expect(200)).text;
      expect(html).toContain(`href="/portfolio/${newer.slug}"`);
      expect(html).toContain('href="/news/blocks-two"');

      // A post published, a story published, an item deleted, a post deleted: each shows at once.
      const third = await post('Blocks three', 'blocks-three', ['blocks']);
      await t.http.post(`/api/admin/portfolio/${unpublished._id}/publish`).set(owner).send({}).expect(200);
      expect(await listings('/our-work')).toMatchObject({ newest: [unpublished.slug, newer.slug], news: ['blocks-three', 'blocks-two'] });
      await t.http.delete(`/api/portfolio/${older._id}`).set(owner).expect(200);
      await t.http.delete(`/api/admin/posts/${third._id}`).set(owner).expect(200);
      expect(await listings('/our-work')).toEqual({
        newest: [unpublished.slug, newer.slug],
        chosen: [unpublished.slug],
        news: ['blocks-two', 'blocks-one'],
      });
    });

    it('refuses a chosen address no case study has, one chosen twice and a malformed tag (400 by path, nothing stored)', async () => {
      const page = await create('Refused listings', 'refused-listings');
      const existing = await item('Listed Refusal', false);
      const blocks: PageBlock[] = [
        { type: 'caseStudies', heading: 'Work', intro: '', count: 3, chosen: [existing.slug, 'no-such-study'] },
        { type: 'caseStudies', heading: 'Twice', intro: '', count: 3, chosen: [existing.slug, existing.slug] },
        { type: 'latestNews', heading: 'News', count: 7, tag: 'Not A Tag' },
      ];
      const twice = await t.http
        .put(`/api/admin/pages/${page._id}`)
        .set(owner)
        .send({ draft: { ...documentOf('Refused listings', 'refused-listings'), blocks }, baseVersionId: page.draftVersionId })
        .expect(400);
      expect(twice.body.errors).toEqual({
        'blocks.1.chosen.1': BUILT_PAGE_MESSAGES.chosenTwice,
        'blocks.2.count': 'How many posts must be a number from 1 to 6',
        'blocks.2.tag': BUILT_PAGE_MESSAGES.tag,
      });
      const unknown = await t.http
        .put(`/api/admin/pages/${page._id}`)
        .set(owner)
        .send({ draft: { ...documentOf('Refused listings', 'refused-listings'), blocks: blocks.slice(0, 1) }, baseVersionId: page.draftVersionId })
        .expect(400);
      expect(unknown.body.errors).toEqual({ 'blocks.0.chosen.1': BUILT_PAGE_MESSAGES.unknownCaseStudy });
      expect((await details(page._id)).versions).toHaveLength(1);
    });
  });

  describe('the sitemap and deleted pages', () => {
    it('lists every published page in the sitemap, not drafts', async () => {
      await publishedPage('In the sitemap', 'in-the-sitemap');
      await create('Not in the sitemap', 'not-in-the-sitemap');
      const sitemap = (await t.http.get('/sitemap.xml').expect(200)).text;
      expect(sitemap).toMatch(/<loc>[^<]*\/in-the-sitemap<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
      expect(sitemap).not.toContain('/not-in-the-sitemap');
    });

    it("answers a deleted page's path 410 with the site's not-found page, and takes it off the sitemap and the list", async () => {
      const page = await publishedPage('Short lived', 'short-lived');
      await t.http.get('/short-lived').expect(200);
      const deleted = await t.http.delete(`/api/admin/pages/${page._id}`).set(owner).expect(200);
      expect(deleted.body.message).toBe(BUILT_PAGE_MESSAGES.deleted);
      for (const url of ['/short-lived', '/short-lived/']) {
        const gone = await t.http.get(url).expect(410);
        expect(gone.headers['content-type']).toBe('text/html; charset=utf-8');
      }
      expect((await t.http.get('/sitemap.xml').expect(200)).text).not.toContain('/short-lived');
      expect(((await t.http.get('/api/admin/pages').set(owner)).body.pages as BuiltPageSummary[]).some((listed) => listed._id === page._id)).toBe(false);
      await t.http.get(`/api/admin/pages/${page._id}`).set(owner).expect(404);
      await t.http.delete(`/api/admin/pages/${page._id}`).set(owner).expect(404);
      // Its address is free again: a new page published there answers 200.
      await publishedPage('Back again', 'short-lived');
      expect((await t.http.get('/short-lived').expect(200)).text).toContain('Back again');
      await t.http.get('/never-a-page').expect(404);
    });
  });

  it('keeps a picture a page uses in the library: its deletion is refused, naming the page', async () => {
    const picture = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#4338ca' } })
      .png()
      .toBuffer();
    const uploaded = (await t.http.post('/api/admin/media').set(owner).attach('file', picture, 'chart.png').expect(201)).body.data as {
      _id: string;
      src: string;
    };
    const page = await create('With a picture', 'with-a-picture');
    await save(page, {
      ...documentOf('With a picture', 'with-a-picture'),
      blocks: [{ ...hero('Look'), image: uploaded.src, imageAlt: 'A chart' } as PageBlock],
    });
    const refused = await t.http.delete(`/api/admin/media/${uploaded._id}`).set(owner).expect(409);
    expect(refused.body.message).toBe(MESSAGES.mediaInUse('the page “With a picture” (draft)'));
  });

  it('audits every change of a page', async () => {
    const page = await create('Audited', 'audited');
    await save(page, documentOf('Audited', 'audited'));
    await t.http.post(`/api/admin/pages/${page._id}/preview`).set(owner).expect(200);
    await t.http
      .post(`/api/admin/pages/${page._id}/publish`)
      .set(owner)
      .send({ at: new Date(Date.now() + 3_600_000).toISOString() })
      .expect(200);
    await t.http.delete(`/api/admin/pages/${page._id}/schedule`).set(owner).expect(200);
    await publish(page._id);
    await t.http.put(`/api/admin/pages/${page._id}/nav`).set(owner).send({ placement: 'footer', label: '', order: 3 }).expect(200);
    await t.http.post(`/api/admin/pages/${page._id}/versions/${page.draftVersionId}/restore`).set(owner).expect(200);
    await t.http.delete(`/api/admin/pages/${page._id}`).set(owner).expect(200);
    expect((await pageAudit(t)).filter((entry) => entry.target_id === page._id).map((entry) => entry.action)).toEqual([
      'page.created',
      'page.saved',
      'page.previewed',
      'page.scheduled',
      'page.schedule_cancelled',
      'page.published',
      'page.nav_changed',
      'page.restored',
      'page.deleted',
    ]);
  });
});

describeOnPostgres("A built page's scheduled publish with two instances on one PostgreSQL", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ CONTENT_SCHEDULE_POLL_SECONDS: '1', SITE_SSR_DIR: siteSsrDir });
    b = await createTestApp({ CONTENT_SCHEDULE_POLL_SECONDS: '1', SITE_SSR_DIR: siteSsrDir, DATABASE_URL: a.config.database.url ?? '' });
  }, SLOW_MS);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it(
    'publishes each of five pages exactly once, on time, and both instances answer them',
    async () => {
      const auth = { Authorization: `Bearer ${await loginAsAdmin(a)}` };
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const page = (
          await a.http
            .post('/api/admin/pages')
            .set(auth)
            .send({ title: `Twice ${i}`, slug: `twice-${i}` })
            .expect(201)
        ).body.page as BuiltPageDetails;
        await a.http
          .put(`/api/admin/pages/${page._id}`)
          .set(auth)
          .send({ draft: documentOf(`Twice ${i}`, `twice-${i}`) })
          .expect(200);
        ids.push(page._id);
      }
      const runAt = new Date(Date.now() + 2000);
      for (const id of ids) await a.http.post(`/api/admin/pages/${id}/publish`).set(auth).send({ at: runAt.toISOString() }).expect(200);
      for (const [i, id] of ids.entries()) {
        await pollUntil(async () => (await b.http.get(`/twice-${i}`)).status === 200, { what: `/twice-${i} on the second instance`, timeoutMs: 20_000 });
        await pollUntil(async () => (await a.http.get(`/twice-${i}`)).status === 200, { what: `/twice-${i} on the first instance`, timeoutMs: 20_000 });
        const published = (await pageAudit(a)).filter((entry) => entry.target_id === id && entry.action === 'page.published');
        expect(published).toHaveLength(1);
      }
    },
    SLOW_MS,
  );
});
