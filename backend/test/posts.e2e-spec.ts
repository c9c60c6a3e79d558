// PostgreSQL pass, engine blocks: a scheduled post published exactly once by two instances sharing one database.
import path from 'node:path';
import {
  MESSAGES,
  NEW_POST_TEXT,
  POST_MESSAGES,
  richDoc,
  richHeading,
  richParagraph,
  type PostDetails,
  type PostDocument,
  type PostsPage,
} from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { sql } from 'drizzle-orm';
import Parser from 'rss-parser';
import { ContentService } from '../src/content/content.service';
import { DATABASE, type Database } from '../src/database/database';
import { loginAsAdmin, signInInvitedAdmin } from './support/admin-session';
import { createTestApp, describeOnPostgres, type TestApp } from './support/test-app';

// The real site build: `npm run build` (npm test builds before the suites) writes it.
const siteDir = path.resolve(__dirname, '../../site/dist');
const siteSsrDir = path.resolve(__dirname, '../../site/dist-ssr');
const JSON_LD = /<script type="application\/ld\+json">(.*?)<\/script>/gs;
const SLOW_MS = 60_000;

const documentOf = (title: string, slug: string, extra: Partial<PostDocument> = {}): PostDocument => ({
  title,
  slug,
  summary: `${title}, in one line.`,
  cover: '',
  coverAlt: '',
  tags: ['company'],
  authorName: 'Ada Writer',
  authorPhoto: '',
  body: richDoc(richHeading(2, 'What happened'), richParagraph(`${title}: ${'word '.repeat(440).trim()}.`)),
  ...extra,
});

const rows = async (t: TestApp, query: string) =>
  ((await t.app.get<symbol, Database>(DATABASE).execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;

const structuredData = (html: string) => [...html.matchAll(JSON_LD)].map((match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>);

describe('News posts', () => {
  let t: TestApp;
  let owner: { Authorization: string };
  let editor: { Authorization: string };
  let sales: { Authorization: string };

  const create = async (title: string, slug: string, as = owner): Promise<PostDetails> =>
    (await t.http.post('/api/admin/posts').set(as).send({ title, slug }).expect(201)).body.post;
  const details = async (id: string): Promise<PostDetails> => (await t.http.get(`/api/admin/posts/${id}`).set(owner).expect(200)).body.post;
  const save = async (post: PostDetails, draft: PostDocument): Promise<PostDetails> =>
    (await t.http.put(`/api/admin/posts/${post._id}`).set(owner).send({ draft, baseVersionId: post.draftVersionId }).expect(200)).body.post;
  const publish = async (id: string): Promise<PostDetails> => (await t.http.post(`/api/admin/posts/${id}/publish`).set(owner).send({}).expect(200)).body.post;
  const written = async (title: string, slug: string, extra: Partial<PostDocument> = {}): Promise<PostDetails> =>
    save(await create(title, slug), documentOf(title, slug, extra));

  beforeAll(async () => {
    t = await createTestApp({ SITE_SSR_DIR: siteSsrDir, SITE_DIST_DIR: siteDir });
    const ownerToken = await loginAsAdmin(t);
    owner = { Authorization: `Bearer ${ownerToken}` };
    editor = {
      Authorization: `Bearer ${await signInInvitedAdmin(t, ownerToken, 'editor', { email: 'editor@news.test', password: 'an-editor-password-42' })}`,
    };
    sales = { Authorization: `Bearer ${await signInInvitedAdmin(t, ownerToken, 'sales', { email: 'sales@news.test', password: 'a-sales-password-42' })}` };
  });
  afterAll(() => t.close());

  describe('the admin API', () => {
    it('lets editors and owners in, refuses other roles (403) and anonymous callers (401)', async () => {
      await t.http.get('/api/admin/posts').expect(401);
      await t.http.get('/api/admin/posts').set(sales).expect(403);
      await t.http.post('/api/admin/posts').set(sales).send({ title: 'No', slug: 'no' }).expect(403);
      await t.http.get('/api/admin/posts').set(editor).expect(200);
    });

    it('creates a draft written by its creator, not public, with its first line to write over', async () => {
      const post = await create('Hello world', 'hello-world', editor);
      expect(post).toMatchObject({ title: 'Hello world', slug: 'hello-world', path: '/news/hello-world', status: 'draft', publishedAt: null, published: null });
      expect(post.draft.authorName).not.toBe('');
      expect(post.draft.body).toEqual(richDoc(richParagraph(NEW_POST_TEXT)));
      await t.http.get('/news/hello-world').expect(404);
      expect((await t.http.get('/api/posts').expect(200)).body.posts).toEqual([]);
      const listed = (await t.http.get('/api/admin/posts').set(owner).expect(200)).body.posts as PostDetails[];
      expect(listed.find((candidate) => candidate._id === post._id)).toMatchObject({ status: 'draft', authorId: expect.any(String) });
    });

    it('refuses what does not fit with a 400 per field, storing nothing', async () => {
      const refused = await t.http.post('/api/admin/posts').set(owner).send({ title: '', slug: 'Not A Slug' }).expect(400);
      expect(Object.keys(refused.body.errors)).toEqual(expect.arrayContaining(['title', 'slug']));
      const post = await create('Rules', 'rules');
      const bad = await t.http
        .put(`/api/admin/posts/${post._id}`)
        .set(owner)
        .send({ draft: { ...documentOf('Rules', 'rules'), tags: ['ok', 'Not ok', 'ok'], cover: '/images/hero.svg', body: { type: 'doc', content: [] } } })
        .expect(400);
      expect(bad.body.errors).toMatchObject({
        'tags.1': expect.any(String),
        'tags.2': POST_MESSAGES.duplicateTag,
        coverAlt: POST_MESSAGES.coverAlt,
        body: expect.any(String),
      });
      expect((await details(post._id)).versions).toHaveLength(1);
      await t.http.put(`/api/admin/posts/${post._id}`).set(owner).send({ draft: 'text' }).expect(400);
      await t.http.get('/api/admin/posts/not-an-id').set(owner).expect(404);
      await t.http.get('/api/posts?page=0').expect(400);
      await t.http.get('/api/posts?tag=Bad%20Tag').expect(400);
    });

    it("refuses another post's address, published or not", async () => {
      await written('Taken', 'taken');
      const other = await create('Other', 'other');
      const refused = await t.http
        .put(`/api/admin/posts/${other._id}`)
        .set(owner)
        .send({ draft: documentOf('Other', 'taken') })
        .expect(400);
      expect(refused.body.errors.slug).toBe(POST_MESSAGES.slugTaken('Taken'));
      expect((await t.http.post('/api/admin/posts').set(owner).send({ title: 'Again', slug: 'taken' }).expect(400)).body.errors.slug).toBe(
        POST_MESSAGES.slugTaken('Taken'),
      );
    });

    it('saves drafts with a 409 over a newer one, publishes, restores a version and deletes', async () => {
      const post = await written('Versions', 'versions');
      await t.http
        .put(`/api/admin/posts/${post._id}`)
        .set(owner)
        .send({ draft: documentOf('Versions', 'versions'), baseVersionId: (await create('x', 'x')).draftVersionId })
        .expect(409);
      const published = await publish(post._id);
      expect(published).toMatchObject({ status: 'published', publishedPath: '/news/versions', hasDraft: false });
      const edited = await save(published, documentOf('Versions, edited', 'versions'));
      expect(edited.hasDraft).toBe(true);
      const first = edited.versions.at(-1);
      const restored = (await t.http.post(`/api/admin/posts/${post._id}/versions/${first?._id}/restore`).set(owner).expect(200)).body.post as PostDetails;
      expect(restored.draft.body).toEqual(richDoc(richParagraph(NEW_POST_TEXT)));
      const version = (await t.http.get(`/api/admin/posts/${post._id}/versions/${first?._id}`).set(owner).expect(200)).body.version;
      expect(version.document.title).toBe('Versions');
      await t.http.delete(`/api/admin/posts/${post._id}`).set(owner).expect(200);
      await t.http.get(`/api/admin/posts/${post._id}`).set(owner).expect(404);
      // A published post's address answers 410 with the site's not-found page, unless a redirect takes it.
      expect((await t.http.get('/news/versions').expect(410)).text).toContain('Page Not Found');
      await t.http.post('/api/admin/redirects').set(owner).send({ from: '/news/versions', to: '/news', status: 302 }).expect(201);
      expect((await t.http.get('/news/versions/').expect(302)).headers.location).toBe('/news');
      expect(await rows(t, `select key from content_pages where key = 'post:${post._id}'`)).toEqual([]);
      const actions = (await rows(t, `select action from audit_entries where target_kind = 'post' and target_id = '${post._id}' order by created_at`)).map(
        (row) => row.action,
      );
      expect(actions).toEqual(['post.created', 'post.saved', 'post.published', 'post.saved', 'post.restored', 'post.deleted']);
    });
  });

  describe('the site', () => {
    it('shows a published post at its address with Article JSON-LD, its author, date and reading time', async () => {
      const post = await written('Our new office', 'our-new-office', { tags: ['company', 'people'] });
      await publish(post._id);
      const response = await t.http.get('/news/our-new-office').expect(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      const html = response.text;
      expect(html).toContain('<h1');
      expect(html).toContain('Our new office');
      expect(html).toContain('Ada Writer</p>');
      expect(html).toMatch(/<time dateTime="[^"]+">[A-Z][a-z]+ \d{1,2}, \d{4}<\/time> · <!-- -->2<!-- --> min read/i);
      expect(html).toContain('<link rel="alternate" type="application/rss+xml"');
      expect(html).toContain('href="https://');
      const article = structuredData(html).find((data) => data['@type'] === 'Article');
      expect(article).toMatchObject({ headline: 'Our new office', author: { '@type': 'Person', name: 'Ada Writer' }, keywords: 'company, people' });
      expect(typeof article?.datePublished).toBe('string');
      // Its own scripts: none beyond the layout's (the page is server-rendered, its HTML kept as sent).
      expect(html).not.toContain('news-view');
    });

    it('lists the posts on /news, 12 a page, newest first, with the tags as links; GET /api/posts says the same', async () => {
      for (let i = 0; i < 13; i += 1) await publish((await written(`Paged ${i}`, `paged-${i}`, { tags: i % 2 === 0 ? ['even'] : ['odd'] }))._id);
      const first = (await t.http.get('/api/posts').expect(200)).body as PostsPage & { success: boolean };
      expect(first.posts).toHaveLength(12);
      expect(first.posts[0]?.title).toBe('Paged 12');
      expect(first.pages).toBe(Math.ceil(first.total / 12));
      const even = (await t.http.get('/api/posts?tag=even').expect(200)).body as PostsPage;
      expect(even.total).toBe(7);
      expect(even.posts.every((card) => card.tags.includes('even'))).toBe(true);
      const list = (await t.http.get('/news').expect(200)).text;
      expect(list).toContain('href="/news?tag=even"');
      expect(list).toContain('href="/news?page=2"');
      expect(list).toContain('Paged 12');
      expect((await t.http.get('/news?tag=odd').expect(200)).text).not.toContain('Paged 12');
      expect((await t.http.get('/news?page=2').expect(200)).text).toMatch(/Page <!-- -->2<!-- --> of/);
      await t.http.get('/news?page=99').expect(404);
      await t.http.get('/news?page=abc').expect(404);
    });

    it('carries the posts in an RSS 2.0 feed with their whole text, which a real RSS parser reads', async () => {
      const response = await t.http.get('/news/feed.xml').expect(200);
      expect(response.headers['content-type']).toMatch(/application\/rss\+xml/);
      const feed = await new Parser().parseString(response.text);
      expect(feed.title).toMatch(/news$/);
      const item = feed.items.find((candidate) => candidate.title === 'Our new office');
      expect(item?.link).toMatch(/\/news\/our-new-office$/);
      expect(item?.['content:encoded'] ?? item?.content).toMatch(/<h2[^>]*>What happened<\/h2>/);
      expect(item?.categories).toEqual(['company', 'people']);
      expect(feed.items.length).toBeLessThanOrEqual(20);
    });

    it('lists the posts in the sitemap', async () => {
      const sitemap = (await t.http.get('/sitemap.xml').expect(200)).text;
      expect(sitemap).toMatch(/<loc>[^<]*\/news\/our-new-office<\/loc>/);
      expect(sitemap).toMatch(/<loc>[^<]*\/news<\/loc>/);
    });

    it('leaves a 301 from the old address when a published post gets a new one', async () => {
      const post = await written('Renamed', 'old-name');
      await publish(post._id);
      await save(await details(post._id), documentOf('Renamed', 'new-name'));
      // Until published, the old address still answers.
      await t.http.get('/news/old-name').expect(200);
      await publish(post._id);
      const moved = await t.http.get('/news/old-name').expect(301);
      expect(moved.headers.location).toBe('/news/new-name');
      await t.http.get('/news/new-name').expect(200);
      expect(await rows(t, `select from_path, "to", status, source from redirects where from_path = '/news/old-name'`)).toEqual([
        { from_path: '/news/old-name', to: '/news/new-name', status: 301, source: 'page' },
      ]);
    });

    it('shows a draft to the holder of its preview link only', async () => {
      const post = await written('Preview me', 'preview-me');
      const { url } = (await t.http.post(`/api/admin/posts/${post._id}/preview`).set(owner).expect(200)).body;
      const preview = await t.http.get(url).expect(200);
      expect(preview.text).toContain('Preview me');
      expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');
      await t.http.get(`/preview/news/${post._id}?token=forged`).expect(403);
      await t.http.get('/news/preview-me').expect(404);
    });

    it('publishes a scheduled post at its time: on /news, in the feed and the sitemap', async () => {
      const post = await written('Scheduled news', 'scheduled-news');
      const at = new Date(Date.now() + 1500).toISOString();
      const scheduled = (await t.http.post(`/api/admin/posts/${post._id}/publish`).set(owner).send({ at }).expect(200)).body;
      expect(scheduled).toMatchObject({ message: MESSAGES.contentScheduled, post: { status: 'scheduled', scheduledAt: at } });
      await t.http.get('/news/scheduled-news').expect(404);
      expect((await t.http.get('/news/feed.xml').expect(200)).text).not.toContain('Scheduled news');
      await new Promise((resolve) => setTimeout(resolve, 1600));
      await t.app.get(ContentService).runDueSchedules(30_000);
      expect(await details(post._id)).toMatchObject({ status: 'published', scheduledAt: null, publishedPath: '/news/scheduled-news' });
      await t.http.get('/news/scheduled-news').expect(200);
      expect((await t.http.get('/news').expect(200)).text).toContain('Scheduled news');
      expect((await t.http.get('/news/feed.xml').expect(200)).text).toContain('Scheduled news');
      expect((await t.http.get('/sitemap.xml').expect(200)).text).toContain('/news/scheduled-news');
      const published = await rows(t, `select action from audit_entries where target_id = '${post._id}' and action = 'post.published'`);
      expect(published).toHaveLength(1);
    });
  });
});

describeOnPostgres("A post's scheduled publish with two instances on one PostgreSQL", () => {
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
    'publishes it once, at its time, and both instances list it',
    async () => {
      const auth = { Authorization: `Bearer ${await loginAsAdmin(a)}` };
      const post = (await a.http.post('/api/admin/posts').set(auth).send({ title: 'Both', slug: 'both' }).expect(201)).body.post as PostDetails;
      await a.http
        .put(`/api/admin/posts/${post._id}`)
        .set(auth)
        .send({ draft: documentOf('Both', 'both') })
        .expect(200);
      await a.http
        .post(`/api/admin/posts/${post._id}/publish`)
        .set(auth)
        .send({ at: new Date(Date.now() + 2000).toISOString() })
        .expect(200);
      await pollUntil(async () => (await b.http.get('/news/both')).status === 200, { what: '/news/both on the second instance', timeoutMs: 20_000 });
      await pollUntil(async () => (await a.http.get('/news')).text.includes('Both'), { what: '/news on the first instance', timeoutMs: 20_000 });
      expect((await b.http.get('/api/posts').expect(200)).body.posts.map((card: { slug: string }) => card.slug)).toContain('both');
      expect(await rows(a, `select action from audit_entries where target_id = '${post._id}' and action = 'post.published'`)).toHaveLength(1);
    },
    SLOW_MS,
  );
});
