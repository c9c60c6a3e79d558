// PostgreSQL pass, engine blocks: the ranking and the snippets come from the server's full-text search (its text search configuration, ts_rank and ts_headline), whose version differs from PGlite's.
import { DATABASE_AWAY_RETRY_AFTER_SECONDS } from '../src/config/operations';
import path from 'node:path';
import {
  CACHE_CONTROL,
  MESSAGES,
  SEARCH_MESSAGES,
  SEARCH_QUERY_MAX,
  SEARCH_RESULTS_MAX,
  emptyBlock,
  richDoc,
  richParagraph,
  type BuiltPageDetails,
  type BuiltPageDocument,
  type PageBlock,
  type PostDetails,
  type PostDocument,
  type SearchResult,
} from '@brightwave/common';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { SearchService } from '../src/search/search.service';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, describeEngineDependent, type TestApp } from './support/test-app';

const SLOW_MS = 60_000;
// The real site build: `npm run build` (npm test builds before the suites) writes it.
const siteSsrDir = path.resolve(__dirname, '../../site/dist-ssr');

const textBlock = (text: string): PageBlock => ({ ...emptyBlock('richText'), body: richDoc(richParagraph(text)) }) as PageBlock;
const pageOf = (title: string, slug: string, text: string): BuiltPageDocument => ({
  title,
  slug,
  seo: { title: '', description: '', image: '' },
  blocks: [textBlock(text)],
});
const postOf = (title: string, slug: string, text: string): PostDocument => ({
  title,
  slug,
  summary: `${title}, in one line.`,
  cover: '',
  coverAlt: '',
  tags: ['company'],
  authorName: 'Ada Writer',
  authorPhoto: '',
  body: richDoc(richParagraph(text)),
});
const job = (title: string, description: string) => ({
  title,
  department: 'engineering',
  location: 'remote',
  type: 'full-time',
  experience: '2+ years',
  description,
  requirements: ['TypeScript'],
});

describe('Site search', () => {
  let t: TestApp;
  let owner: { Authorization: string };
  let search: (query: string) => Promise<SearchResult[]>;

  const savedPage = async (document: BuiltPageDocument): Promise<BuiltPageDetails> => {
    const page = (await t.http.post('/api/admin/pages').set(owner).send({ title: document.title, slug: document.slug }).expect(201)).body.page;
    return (await t.http.put(`/api/admin/pages/${page._id}`).set(owner).send({ draft: document, baseVersionId: page.draftVersionId }).expect(200)).body.page;
  };
  const publishPage = async (id: string, body: object = {}) => t.http.post(`/api/admin/pages/${id}/publish`).set(owner).send(body).expect(200);
  const savedPost = async (document: PostDocument): Promise<PostDetails> => {
    const post = (await t.http.post('/api/admin/posts').set(owner).send({ title: document.title, slug: document.slug }).expect(201)).body.post;
    return (await t.http.put(`/api/admin/posts/${post._id}`).set(owner).send({ draft: document, baseVersionId: post.draftVersionId }).expect(200)).body.post;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = { Authorization: `Bearer ${await loginAsAdmin(t)}` };
    const service = t.app.get(SearchService);
    search = async (query) => (await service.search(query)).results;

    // Published: a page with the word in its title, another with it in its text (an angle bracket too).
    await publishPage((await savedPage(pageOf('Quokka migration', 'quokka-migration', 'How we move whole platforms.')))._id);
    await publishPage((await savedPage(pageOf('Platform moves', 'platform-moves', 'If a < b then <script>alert(1)</script> a quokka helps.')))._id);
    // A published page whose newer draft says more: only what is published is found.
    const edited = await savedPage(pageOf('Harbour notes', 'harbour-notes', 'Published words only.'));
    await publishPage(edited._id);
    await t.http
      .put(`/api/admin/pages/${edited._id}`)
      .set(owner)
      .send({ draft: pageOf('Harbour notes', 'harbour-notes', 'A wombat in the draft.'), baseVersionId: edited.draftVersionId })
      .expect(200);
    // Never published: a draft, and a page scheduled for tomorrow.
    await savedPage(pageOf('Wombat draft', 'wombat-draft', 'Only a draft.'));
    const scheduled = await savedPage(pageOf('Wombat scheduled', 'wombat-scheduled', 'Not yet.'));
    await publishPage(scheduled._id, { at: new Date(Date.now() + 86_400_000).toISOString() });

    // A post published, another left a draft.
    const post = await savedPost(postOf('Narwhal news', 'narwhal-news', 'We opened an office by the sea.'));
    await t.http.post(`/api/admin/posts/${post._id}/publish`).set(owner).send({}).expect(200);
    await savedPost(postOf('Wombat post', 'wombat-post', 'A draft post.'));

    // A portfolio item (its case study answers at once) whose story draft is not published.
    const fields = {
      category: 'web',
      projectTitle: 'Axolotl Travel',
      projectSubtitle: 'A booking site',
      description: 'Bookings for a travel agency.',
      imgLink: '/images/portfolio/x.svg',
      linkToProject: 'https://example.com',
      techStack: ['React'],
    };
    const item = (await t.http.post('/api/portfolio').set(owner).send(fields).expect(201)).body.data;
    await t.http
      .put(`/api/portfolio/${item._id}`)
      .set(owner)
      .send({ ...fields, client: 'Wombat Holdings' })
      .expect(200);

    // An open job, a filled one and one past its closing day (the public list's rule leaves both out).
    await t.http.post('/api/jobs/admin').set(owner).send(job('Ocelot engineer', 'Build our APIs.')).expect(201);
    const inactive = (await t.http.post('/api/jobs/admin').set(owner).send(job('Wombat engineer', 'Filled.')).expect(201)).body.data;
    await t.http.put(`/api/jobs/admin/${inactive._id}/status`).set(owner).send({ status: 'filled' }).expect(200);
    const closed = (await t.http.post('/api/jobs/admin').set(owner).send(job('Wombat designer', 'Closed.')).expect(201)).body.data;
    await t.app.get<symbol, Database>(DATABASE).execute(sql`update jobs set closes_at = current_date - 2 where id = ${closed._id}`);
  }, SLOW_MS);
  afterAll(() => t?.close());

  describeEngineDependent('ranking and snippets', () => {
    it('ranks a match in the title above a match in the text', async () => {
      const results = await search('quokka');
      expect(results.map((result) => result.url)).toEqual(['/quokka-migration', '/platform-moves']);
      expect(results[0]).toMatchObject({ kind: 'page', title: 'Quokka migration' });
    });

    it('escapes the snippet and marks only the words found', async () => {
      const [result] = await search('quokka helps');
      expect(result?.snippet).toContain('&lt;script&gt;alert(1)&lt;/script&gt; a <mark>quokka</mark> <mark>helps</mark>');
      expect(result?.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    });

    it('finds published pages, case studies, posts, service cards and open jobs, each at its address', async () => {
      expect(await search('narwhal')).toEqual([expect.objectContaining({ kind: 'post', title: 'Narwhal news', url: '/news/narwhal-news' })]);
      expect(await search('axolotl')).toEqual([expect.objectContaining({ kind: 'case-study', url: expect.stringMatching(/^\/portfolio\/axolotl-travel/) })]);
      expect(await search('ocelot')).toEqual([expect.objectContaining({ kind: 'job', title: 'Ocelot engineer', url: expect.stringMatching(/^\/careers\//) })]);
      expect(await search('blockchain')).toContainEqual(expect.objectContaining({ kind: 'service', title: 'Blockchain', url: '/services#blockchain' }));
    });

    it('never finds drafts, scheduled pages before their time, unpublished stories, filled jobs or closed ones', async () => {
      expect(await search('wombat')).toEqual([]);
      expect(await search('harbour')).toEqual([expect.objectContaining({ url: '/harbour-notes' })]);
    });

    it(`answers at most ${SEARCH_RESULTS_MAX} results, the best first`, async () => {
      for (let index = 0; index < SEARCH_RESULTS_MAX + 2; index++) {
        await t.http
          .post('/api/jobs/admin')
          .set(owner)
          .send(job(`Tester ${index}`, 'Work with a lemur.'))
          .expect(201);
      }
      await t.http.post('/api/jobs/admin').set(owner).send(job('Lemur keeper', 'Keep them.')).expect(201);
      const results = await search('lemur');
      expect(results).toHaveLength(SEARCH_RESULTS_MAX);
      expect(results[0]?.title).toBe('Lemur keeper');
    });
  });

  it('GET /api/search answers the results, and a 400 for a missing, blank or too long query', async () => {
    const found = await t.http.get('/api/search').query({ q: '  narwhal ' }).expect(200);
    expect(found.body).toEqual({ success: true, query: 'narwhal', results: [expect.objectContaining({ kind: 'post', title: 'Narwhal news' })] });
    for (const query of [{}, { q: '   ' }, { q: 'x'.repeat(SEARCH_QUERY_MAX + 1) }]) {
      const refused = await t.http.get('/api/search').query(query).expect(400);
      expect(refused.body).toMatchObject({ success: false, errors: { q: SEARCH_MESSAGES.query } });
    }
  });
});

describe('The /search page refused', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ SITE_SSR_DIR: siteSsrDir, RATE_LIMIT_SEARCH_PER_MINUTE: '1' });
  }, SLOW_MS);
  afterAll(() => t?.close());

  /** A page of the site, not the API's envelope: the message in the layout, never indexed, no stack trace. */
  const expectRefusalPage = (response: { text: string; headers: Record<string, string> }, message: string) => {
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.headers['cache-control']).toBe(CACHE_CONTROL.noStore);
    expect(response.text).toContain('<meta name="robots" content="noindex"');
    expect(response.text).toContain('<nav aria-label="Main"');
    expect(response.text).toContain(`>${message}</p>`);
    expect(response.text).not.toMatch(/\bat \S+ \(|"success":false/);
  };

  // First: the one search a minute the limit allows here is this one.
  it('answers a search the database fails with the page saying so, 503', async () => {
    const database = t.app.get<symbol, Database>(DATABASE);
    await database.execute(sql`alter table search_documents rename to search_documents_away`);
    try {
      const refused = await t.http.get('/search').query({ q: 'narwhal' }).expect(503);
      expectRefusalPage(refused, MESSAGES.serviceUnavailable);
      expect(refused.headers['retry-after']).toBe(String(DATABASE_AWAY_RETRY_AFTER_SECONDS));
    } finally {
      await database.execute(sql`alter table search_documents_away rename to search_documents`);
    }
  });

  it('answers a search over the rate limit with the page saying so, 429 with Retry-After; the API keeps its envelope', async () => {
    await t.http.get('/search');
    const refused = await t.http.get('/search').expect(429);
    expectRefusalPage(refused, MESSAGES.searchRateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    await t.http.get('/api/search');
    const refusedApi = await t.http.get('/api/search').expect(429);
    expect(refusedApi.body).toEqual({ success: false, message: MESSAGES.rateLimited });
  });
});
