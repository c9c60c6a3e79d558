import path from 'node:path';
import {
  MESSAGES,
  REDIRECT_MESSAGES,
  emptyBlock,
  type BuiltPageDetails,
  type BuiltPageDocument,
  type PageBlock,
  type Redirect,
  type RedirectInput,
} from '@brightwave/common';
import { sql } from 'drizzle-orm';
import { ContentService } from '../src/content/content.service';
import { DATABASE, type Database } from '../src/database/database';
import { RedirectsService } from '../src/redirects/redirects.service';
import { DomainError } from '../src/common/domain-error';
import { loginAsAdmin, signInInvitedAdmin } from './support/admin-session';
import { createTestApp, type TestApp } from './support/test-app';

const SLOW_MS = 60_000;
// The real site build: `npm run build` (npm test builds before the suites) writes it.
const siteDir = path.resolve(__dirname, '../../site/dist');
const siteSsrDir = path.resolve(__dirname, '../../site/dist-ssr');
const AUTHOR = { id: null, email: 'editor@redirects.test' };

function documentOf(title: string, slug: string): BuiltPageDocument {
  const hero = { ...emptyBlock('hero'), heading: `${title}: the hero`, text: 'Words.' } as PageBlock;
  return { title, slug, seo: { title: '', description: `All about ${title}.`, image: '' }, blocks: [hero] };
}

async function redirectAudit(t: TestApp): Promise<{ action: string; from: string; to: string }[]> {
  const result = await t.app
    .get<symbol, Database>(DATABASE)
    .execute(
      sql.raw("select action, details->>'from' as from, details->>'to' as to from audit_entries where target_kind = 'redirect' order by created_at, id"),
    );
  return (result as unknown as { rows: { action: string; from: string; to: string }[] }).rows;
}

describe('Redirects', () => {
  let t: TestApp;
  let owner: { Authorization: string };
  let editor: { Authorization: string };
  let sales: { Authorization: string };
  let service: RedirectsService;

  const createPage = async (title: string, slug: string): Promise<BuiltPageDetails> =>
    (await t.http.post('/api/admin/pages').set(owner).send({ title, slug }).expect(201)).body.page;
  const details = async (id: string): Promise<BuiltPageDetails> => (await t.http.get(`/api/admin/pages/${id}`).set(owner).expect(200)).body.page;
  async function saveAndPublish(id: string, title: string, slug: string): Promise<BuiltPageDetails> {
    const page = await details(id);
    await t.http
      .put(`/api/admin/pages/${id}`)
      .set(owner)
      .send({ draft: documentOf(title, slug), baseVersionId: page.draftVersionId })
      .expect(200);
    return (await t.http.post(`/api/admin/pages/${id}/publish`).set(editor).send({}).expect(200)).body.page;
  }
  const list = async (): Promise<Redirect[]> => (await t.http.get('/api/admin/redirects').set(owner).expect(200)).body.redirects;
  const byFrom = async (from: string): Promise<Redirect | undefined> => (await list()).find((redirect) => redirect.from === from);
  /** What the service refuses: its error's code (400 `invalid`, 409 `conflict`) and field errors. */
  async function refusal(input: Partial<Record<keyof RedirectInput, unknown>>): Promise<{ code: string; errors: Record<string, string> }> {
    try {
      await service.create(input, AUTHOR);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { code: error.code, errors: error.details.errors ?? {} };
    }
    throw new Error(`${JSON.stringify(input)} was stored`);
  }

  beforeAll(async () => {
    t = await createTestApp({ SITE_SSR_DIR: siteSsrDir, SITE_DIST_DIR: siteDir });
    const ownerToken = await loginAsAdmin(t);
    owner = { Authorization: `Bearer ${ownerToken}` };
    editor = {
      Authorization: `Bearer ${await signInInvitedAdmin(t, ownerToken, 'editor', { email: 'editor@redirects.test', password: 'an-editor-password-42' })}`,
    };
    sales = { Authorization: `Bearer ${await signInInvitedAdmin(t, ownerToken, 'sales', { email: 'sales@redirects.test', password: 'a-sales-password-42' })}` };
    service = t.app.get(RedirectsService);
  }, SLOW_MS);
  afterAll(() => t.close());

  describe('the routes', () => {
    it('lets an editor add, list and delete a redirect, audited', async () => {
      const created = await t.http.post('/api/admin/redirects').set(editor).send({ from: '/spring-offer/', to: '/contact', status: 302 }).expect(201);
      expect(created.body.message).toBe(REDIRECT_MESSAGES.created);
      expect(created.body.redirect).toMatchObject({ from: '/spring-offer', to: '/contact', status: 302, source: 'manual', createdBy: 'editor@redirects.test' });
      const listed = (await t.http.get('/api/admin/redirects').set(editor).expect(200)).body;
      expect(listed.success).toBe(true);
      expect(listed.redirects[0]).toEqual(created.body.redirect);
      const deleted = await t.http.delete(`/api/admin/redirects/${created.body.redirect._id}`).set(editor).expect(200);
      expect(deleted.body).toEqual({ success: true, message: REDIRECT_MESSAGES.deleted });
      await t.http.delete(`/api/admin/redirects/${created.body.redirect._id}`).set(editor).expect(404);
      expect(await byFrom('/spring-offer')).toBeUndefined();
      expect((await redirectAudit(t)).filter((entry) => entry.from === '/spring-offer').map((entry) => entry.action)).toEqual([
        'redirect.created',
        'redirect.deleted',
      ]);
    });

    it('answers 401 without a session and 403 to other roles, changing nothing', async () => {
      const routes: ['get' | 'post' | 'delete', string, object?][] = [
        ['get', '/api/admin/redirects'],
        ['post', '/api/admin/redirects', { from: '/refused', to: '/contact', status: 301 }],
        ['delete', '/api/admin/redirects/00000000-0000-4000-8000-000000000000'],
      ];
      for (const [method, url, body] of routes) {
        await t.http[method](url)
          .send(body ?? {})
          .expect(401);
        expect(
          (
            await t.http[method](url)
              .set(sales)
              .send(body ?? {})
              .expect(403)
          ).body.message,
        ).toBe(MESSAGES.notAllowed);
      }
      expect(await byFrom('/refused')).toBeUndefined();
    });

    it('answers 400 per field and 409 for a taken from, storing nothing', async () => {
      const refused = await t.http.post('/api/admin/redirects').set(owner).send({ from: 'old', to: 'ftp://x', status: 303 }).expect(400);
      expect(refused.body.errors).toEqual({ from: REDIRECT_MESSAGES.fromPath, to: REDIRECT_MESSAGES.to, status: REDIRECT_MESSAGES.status });
      await t.http.post('/api/admin/redirects').set(owner).send({ from: '/taken', to: '/about', status: 301 }).expect(201);
      const taken = await t.http.post('/api/admin/redirects').set(owner).send({ from: '/taken/', to: '/services', status: 301 }).expect(409);
      expect(taken.body.errors).toEqual({ from: REDIRECT_MESSAGES.fromTaken('/about') });
      expect((await list()).filter((redirect) => redirect.from === '/taken')).toHaveLength(1);
    });
  });

  describe('the rules (RedirectsService, against the database)', () => {
    beforeAll(async () => {
      await service.create({ from: '/rules-a', to: '/rules-b', status: 301 }, AUTHOR);
    });

    it.each([
      ['a path of this site', { from: 'no-slash', to: '/x', status: 301 }, { from: REDIRECT_MESSAGES.fromPath }],
      ['no second slash at the start', { from: '//elsewhere.test', to: '/x', status: 301 }, { from: REDIRECT_MESSAGES.fromPath }],
      ['no query', { from: '/old?x=1', to: '/x', status: 301 }, { from: REDIRECT_MESSAGES.fromPath }],
      ['no fragment', { from: '/old#top', to: '/x', status: 301 }, { from: REDIRECT_MESSAGES.fromPath }],
      ['at most 300 characters', { from: `/${'a'.repeat(300)}`, to: '/x', status: 301 }, { from: REDIRECT_MESSAGES.fromPath }],
      ['not the home page', { from: '/', to: '/x', status: 301 }, { from: REDIRECT_MESSAGES.fromHome }],
      ['not under /api', { from: '/api/jobs', to: '/x', status: 301 }, { from: REDIRECT_MESSAGES.fromReserved('/api') }],
      ['not under /admin', { from: '/admin', to: '/x', status: 301 }, { from: REDIRECT_MESSAGES.fromReserved('/admin') }],
      ['not under /assets', { from: '/assets/app.js', to: '/x', status: 301 }, { from: REDIRECT_MESSAGES.fromReserved('/assets') }],
      ['not under /media', { from: '/media/a.jpg', to: '/x', status: 301 }, { from: REDIRECT_MESSAGES.fromReserved('/media') }],
      ['not under /preview', { from: '/preview/pages/x', to: '/x', status: 301 }, { from: REDIRECT_MESSAGES.fromReserved('/preview') }],
      ['to a path or an https address', { from: '/old', to: 'http://elsewhere.test', status: 301 }, { to: REDIRECT_MESSAGES.to }],
      ['to no protocol-relative address', { from: '/old', to: '//elsewhere.test', status: 301 }, { to: REDIRECT_MESSAGES.to }],
      ['to no spaces', { from: '/old', to: '/a b', status: 301 }, { to: REDIRECT_MESSAGES.to }],
      ['to another address than from', { from: '/old/', to: '/old?x=1', status: 301 }, { to: REDIRECT_MESSAGES.toSame }],
      ['status 301 or 302', { from: '/old', to: '/x', status: 307 }, { status: REDIRECT_MESSAGES.status }],
      ['status a number', { from: '/old', to: '/x', status: '301' }, { status: REDIRECT_MESSAGES.status }],
      ['to not itself redirected (a chain)', { from: '/rules-c', to: '/rules-a?x=1', status: 301 }, { to: REDIRECT_MESSAGES.toIsRedirected('/rules-b') }],
      ['from not the to of another (a chain)', { from: '/rules-b', to: '/contact', status: 301 }, { from: REDIRECT_MESSAGES.fromIsTarget('/rules-a') }],
      [
        'no loop',
        { from: '/rules-b', to: '/rules-a', status: 301 },
        { from: REDIRECT_MESSAGES.fromIsTarget('/rules-a'), to: REDIRECT_MESSAGES.toIsRedirected('/rules-b') },
      ],
    ])('refuses (400): %s', async (_rule, input, errors) => {
      expect(await refusal(input)).toEqual({ code: 'invalid', errors });
    });

    it('refuses (409) a from that another redirect has, naming it', async () => {
      expect(await refusal({ from: '/rules-a/', to: '/about', status: 302 })).toEqual({
        code: 'conflict',
        errors: { from: REDIRECT_MESSAGES.fromTaken('/rules-b') },
      });
    });

    it("refuses the path of a published page, naming the page; a draft's path or a deleted page's is fine", async () => {
      const published = await createPage('Published here', 'published-here');
      await saveAndPublish(published._id, 'Published here', 'published-here');
      expect(await refusal({ from: '/published-here', to: '/about', status: 301 })).toEqual({
        code: 'invalid',
        errors: { from: REDIRECT_MESSAGES.fromPage('Published here') },
      });
      await createPage('Only a draft', 'only-a-draft');
      await service.create({ from: '/only-a-draft', to: '/about', status: 302 }, AUTHOR);
    });

    it("refuses the address of a portfolio item's case study, naming the item; the address of a deleted item is fine", async () => {
      const item = {
        category: 'web',
        projectTitle: 'Redirected Harbour',
        projectSubtitle: 'Its page answers at its slug',
        description: 'Every portfolio item has a case study page.',
        imgLink: '/images/portfolio/harbour.jpg',
        linkToProject: 'https://harbour.example.com',
        techStack: ['Vue'],
        slug: 'redirected-harbour',
      };
      const created = (await t.http.post('/api/portfolio').set(owner).send(item).expect(201)).body.data;
      expect(await refusal({ from: '/portfolio/redirected-harbour', to: '/portfolio', status: 301 })).toEqual({
        code: 'invalid',
        errors: { from: REDIRECT_MESSAGES.fromCaseStudy('Redirected Harbour') },
      });
      await t.http.delete(`/api/portfolio/${created._id}`).set(owner).expect(200);
      await service.create({ from: '/portfolio/redirected-harbour', to: '/portfolio', status: 301 }, AUTHOR);
    });

    it('accepts https addresses, and paths with a query or fragment', async () => {
      await service.create({ from: '/elsewhere', to: 'https://elsewhere.test/a?b=1#c', status: 302 }, AUTHOR);
      await service.create({ from: '/with-fragment', to: '/services#cloud', status: 301 }, AUTHOR);
      expect(await byFrom('/elsewhere')).toMatchObject({ to: 'https://elsewhere.test/a?b=1#c', source: 'manual', createdBy: AUTHOR.email });
    });
  });

  describe('applied to requests', () => {
    it('answers the redirect with its status and Location before any page, with or without a trailing slash', async () => {
      await service.create({ from: '/about-us', to: '/about', status: 301 }, AUTHOR);
      await service.create({ from: '/careers', to: 'https://elsewhere.test/careers', status: 302 }, AUTHOR);
      for (const url of ['/about-us', '/about-us/']) {
        const answer = await t.http.get(url).expect(301);
        expect(answer.headers.location).toBe('/about');
      }
      expect((await t.http.head('/about-us').expect(301)).headers.location).toBe('/about');
      // Even over one of the site's own pages: the redirect is looked up first.
      expect((await t.http.get('/careers').expect(302)).headers.location).toBe('https://elsewhere.test/careers');
      await t.http.post('/about-us').expect(404);
    });

    it("keeps the request's query when the target is a path without its own", async () => {
      await service.create({ from: '/campaign', to: '/contact', status: 302 }, AUTHOR);
      await service.create({ from: '/campaign-b', to: '/contact?from=b#form', status: 302 }, AUTHOR);
      expect((await t.http.get('/campaign?utm_source=mail&x=a?b').expect(302)).headers.location).toBe('/contact?utm_source=mail&x=a?b');
      expect((await t.http.get('/with-fragment?utm_source=mail').expect(301)).headers.location).toBe('/services?utm_source=mail#cloud');
      expect((await t.http.get('/campaign-b?utm_source=mail').expect(302)).headers.location).toBe('/contact?from=b#form');
      expect((await t.http.get('/elsewhere?utm_source=mail').expect(302)).headers.location).toBe('https://elsewhere.test/a?b=1#c');
    });

    it('stops when the redirect is deleted', async () => {
      const redirect = await byFrom('/about-us');
      await t.http.delete(`/api/admin/redirects/${redirect?._id}`).set(owner).expect(200);
      await t.http.get('/about-us').expect(404);
    });
  });

  describe('built pages', () => {
    it('adds a 301 from the old address when a published page gets a new one, and repoints the redirects that led there', async () => {
      const page = await createPage('Moving', 'moving-old');
      await saveAndPublish(page._id, 'Moving', 'moving-old');
      await service.create({ from: '/moving-older', to: '/moving-old?ref=1', status: 301 }, AUTHOR);
      const moved = await saveAndPublish(page._id, 'Moving', 'moving-new');
      expect(moved.publishedPath).toBe('/moving-new');
      expect(await byFrom('/moving-old')).toMatchObject({ to: '/moving-new', status: 301, source: 'page', createdBy: 'editor@redirects.test' });
      expect(await byFrom('/moving-older')).toMatchObject({ to: '/moving-new?ref=1', source: 'manual' });
      expect((await t.http.get('/moving-old/?utm_source=mail').expect(301)).headers.location).toBe('/moving-new?utm_source=mail');
      expect((await t.http.get('/moving-older').expect(301)).headers.location).toBe('/moving-new?ref=1');
      await t.http.get('/moving-new').expect(200);
      expect((await redirectAudit(t)).filter((entry) => entry.from === '/moving-old')).toEqual([
        { action: 'redirect.created', from: '/moving-old', to: '/moving-new' },
      ]);

      // Back to the first address: the page takes it (its redirect goes, audited), and the other address leads to it.
      await saveAndPublish(page._id, 'Moving', 'moving-old');
      await t.http.get('/moving-old').expect(200);
      expect(await byFrom('/moving-old')).toBeUndefined();
      expect(await byFrom('/moving-new')).toMatchObject({ to: '/moving-old', source: 'page' });
      expect(await byFrom('/moving-older')).toMatchObject({ to: '/moving-old?ref=1' });
      expect((await redirectAudit(t)).filter((entry) => entry.from === '/moving-old').map((entry) => entry.action)).toEqual([
        'redirect.created',
        'redirect.deleted',
      ]);
    });

    it("does the same when a scheduled publish changes the page's address", async () => {
      const page = await createPage('Scheduled move', 'scheduled-old');
      await saveAndPublish(page._id, 'Scheduled move', 'scheduled-old');
      const loaded = await details(page._id);
      await t.http
        .put(`/api/admin/pages/${page._id}`)
        .set(owner)
        .send({ draft: documentOf('Scheduled move', 'scheduled-new'), baseVersionId: loaded.draftVersionId })
        .expect(200);
      await t.http
        .post(`/api/admin/pages/${page._id}/publish`)
        .set(owner)
        .send({ at: new Date(Date.now() + 1000).toISOString() })
        .expect(200);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      // The scheduler of this instance may have run it already; either way it is published once.
      await t.app.get(ContentService).runDueSchedules(30_000);
      expect((await details(page._id)).publishedPath).toBe('/scheduled-new');
      expect(await byFrom('/scheduled-old')).toMatchObject({ to: '/scheduled-new', source: 'page' });
      expect((await t.http.get('/scheduled-old').expect(301)).headers.location).toBe('/scheduled-new');
    });

    it('removes a redirect whose address a page is published at: the page takes it', async () => {
      await service.create({ from: '/taken-by-a-page', to: '/about', status: 302 }, AUTHOR);
      await t.http.get('/taken-by-a-page').expect(302);
      const page = await createPage('Taker', 'taken-by-a-page');
      await saveAndPublish(page._id, 'Taker', 'taken-by-a-page');
      expect(await byFrom('/taken-by-a-page')).toBeUndefined();
      await t.http.get('/taken-by-a-page').expect(200);
      expect((await redirectAudit(t)).filter((entry) => entry.from === '/taken-by-a-page').map((entry) => entry.action)).toEqual([
        'redirect.created',
        'redirect.deleted',
      ]);
    });

    it("answers a deleted page's address 410, unless a redirect takes it", async () => {
      const page = await createPage('Gone', 'gone-page');
      await saveAndPublish(page._id, 'Gone', 'gone-page');
      await t.http.delete(`/api/admin/pages/${page._id}`).set(owner).expect(200);
      await t.http.get('/gone-page').expect(410);
      await t.http.post('/api/admin/redirects').set(owner).send({ from: '/gone-page', to: '/services', status: 301 }).expect(201);
      expect((await t.http.get('/gone-page').expect(301)).headers.location).toBe('/services');
    });
  });
});
