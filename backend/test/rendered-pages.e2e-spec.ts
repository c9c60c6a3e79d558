// PostgreSQL pass, engine blocks: visitors asking at the same moment after a publish get one render.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { BOOKING_MESSAGES, BOOKING_PAGE_TEXTS, CACHE_CONTROL, DEFAULT_CONTENT, MESSAGES, THEME_INIT_SCRIPT, bookingPath, required } from '@brightwave/common';
import { signBookingLink } from '../src/booking/booking-links';
import { DATABASE, type Database } from '../src/database/database';
import { admins, availabilities, leads } from '../src/database/schema';
import { loginAsAdmin } from './support/admin-session';
import { pageRenders, RENDERS_METRICS_TOKEN } from './support/page-renders';
import { createTestApp, describeEngineDependent, TestApp } from './support/test-app';

// The real site build: `npm run build` (npm test builds before the suites) writes the server entry and template.
const siteSsrDir = path.resolve(__dirname, '../../site/dist-ssr');

const hostileItem = {
  category: 'web',
  // Markup and replacement patterns ($', $&) in an admin's text must come out as text.
  projectTitle: "Atlas </script><script>alert(1)</script> $' $&",
  projectSubtitle: 'A travel site',
  description: 'A booking site for tours.',
  imgLink: 'https://images.example.com/atlas.png',
  linkToProject: 'https://atlas.example.com',
  techStack: ['React', 'Node.js'],
};

/** The JSON the page embeds for hydration. */
function pageData(html: string): { portfolio?: unknown[]; booking?: unknown } {
  const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (data === undefined) throw new Error('The page embeds no data');
  return JSON.parse(data);
}

function getRaw(port: number, url: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('GET /portfolio rendered at request time', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(siteSsrDir, 'entry-server.cjs'))) {
      throw new Error(`${siteSsrDir} has no server entry: run npm run build first`);
    }
    t = await createTestApp({ SITE_SSR_DIR: siteSsrDir });
    token = await loginAsAdmin(t);
  });
  afterAll(() => t.close());

  it('shows the projects in the HTML, escaped, with the same list embedded for hydration', async () => {
    const created = await t.http.post('/api/portfolio').set('Authorization', `Bearer ${token}`).send(hostileItem).expect(201);
    const response = await t.http.get('/portfolio').expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.text;
    expect(html).toContain('<h1');
    expect(html).toContain('Our Portfolio');
    expect(html).toContain('Atlas &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&#x27; $&amp;');
    expect(html).not.toContain('<script>alert(1)');
    // Scripts that run: the boot entry (a file) and the colour-theme script the CSP allows by its hash; the
    // others are data blocks.
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>(.*?)<\/script>/gs)];
    expect(inline.map((match) => match[1])).toEqual([THEME_INIT_SCRIPT]);

    const list = await t.http.get('/api/portfolio').expect(200);
    expect(pageData(html).portfolio).toEqual(list.body.portfolios);
    expect(list.body.portfolios[0]._id).toBe(created.body.data._id);
  });

  it('shows a change at once, and answers HEAD and the trailing-slash address too', async () => {
    const [item] = (await t.http.get('/api/portfolio')).body.portfolios;
    await t.http
      .put(`/api/portfolio/${item._id}`)
      .set('Authorization', `Bearer ${token}`)
      .send({ ...hostileItem, projectTitle: 'Atlas Reborn' })
      .expect(200);
    const html = (await t.http.get('/portfolio/').expect(200)).text;
    expect(html).toContain('Atlas Reborn');
    expect(html).not.toContain('alert(1)');
    await t.http.head('/portfolio').expect(200);
  });

  it('sends brotli or gzip to clients that accept them', async () => {
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const plain = await getRaw(port, '/portfolio', '');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await getRaw(port, '/portfolio', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    const gzipped = await getRaw(port, '/portfolio', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
  });
});

// A visitor can spell an address in many ways; none of them may start a render of its own (an easy way to spend CPU).
describe('Every page rendered once per change, however its address is spelled', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ SITE_SSR_DIR: siteSsrDir, SITE_DIST_DIR: path.resolve(__dirname, '../../site/dist'), METRICS_TOKEN: RENDERS_METRICS_TOKEN });
  });
  afterAll(() => t.close());

  /** The answers to `addresses`, one after the other, and how many renders of `page` they cost. */
  async function visit(page: 'content' | 'portfolio' | 'feeds', addresses: string[], status: number): Promise<{ renders: number; bodies: Set<string> }> {
    const before = await pageRenders(t, page);
    const bodies = new Set<string>();
    for (const address of addresses) bodies.add((await t.http.get(address).expect(status)).text);
    return { renders: (await pageRenders(t, page)) - before, bodies };
  }

  const variants = <T>(count: number, make: (index: number) => T): T[] => Array.from({ length: count }, (_, index) => make(index));

  it('renders a page once for its query strings, trailing slash and escaped letters', async () => {
    // The escaped spellings first: each reaches the page's route while the page is not yet rendered.
    const addresses = ['/%61bout', '/ab%6Fut', '/ab%6fut/', '/abou%74?x=1', '/about', '/about/', ...variants(40, (index) => `/about?v=${index}`)];
    const { renders, bodies } = await visit('content', addresses, 200);
    expect(renders).toBe(1);
    expect(bodies.size).toBe(1);
  });

  it("renders the site's 404 page once for every unknown address, whatever its case", async () => {
    const addresses = [
      '/ABOUT',
      '/About/',
      '/careers/Senior-Engineer-7F3A91C2',
      '/careers/not-a-job',
      ...variants(40, (index) => `/no-such-page-${index}?v=${index}`),
    ];
    const { renders, bodies } = await visit('content', addresses, 404);
    expect(renders).toBe(1);
    expect(bodies.size).toBe(1);
  });

  describeEngineDependent('visitors asking at the same moment', () => {
    it('renders a page once after a publish for the visitors who ask for it at that moment', async () => {
      await t.app.listen(0, '127.0.0.1');
      const { port } = t.app.getHttpServer().address() as AddressInfo;
      await t.http.get('/services').expect(200);
      const auth = { Authorization: `Bearer ${await loginAsAdmin(t)}` };
      const services = structuredClone(DEFAULT_CONTENT.services);
      services.hero.title = 'Services, published again';
      await t.http.put('/api/admin/content/services').set(auth).send({ fields: services }).expect(200);
      await t.http.post('/api/admin/content/services/publish').set(auth).send({}).expect(200);
      const before = await pageRenders(t, 'content');
      const answers = await Promise.all(variants(20, () => fetch(`http://127.0.0.1:${port}/services`)));
      expect(answers.map((answer) => answer.status)).toEqual(variants(20, () => 200));
      expect((await pageRenders(t, 'content')) - before).toBe(1);
    });
  });

  it('renders the portfolio and the feeds once for any query string or trailing slash', async () => {
    expect((await visit('portfolio', ['/portfolio', '/portfolio/', ...variants(20, (index) => `/portfolio?v=${index}`)], 200)).renders).toBe(1);
    const feeds = ['/sitemap.xml', '/careers/feed.xml', '/careers/feed.json', ...variants(20, (index) => `/careers/feed.json?v=${index}`)];
    expect((await visit('feeds', feeds, 200)).renders).toBe(1);
  });
});

describe('GET /portfolio when the page cannot be rendered', () => {
  /** A server entry that always fails, beside a real template; and a site folder with the prerendered page. */
  function brokenBuild(): { ssrDir: string; siteDir: string } {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-ssr-'));
    const ssrDir = path.join(root, 'ssr');
    const siteDir = path.join(root, 'site');
    fs.mkdirSync(ssrDir);
    fs.mkdirSync(path.join(siteDir, 'portfolio'), { recursive: true });
    fs.writeFileSync(path.join(ssrDir, 'template.html'), '<div id="root"><!--app-html--></div>');
    fs.writeFileSync(path.join(ssrDir, 'entry-server.cjs'), "exports.renderDocument = async () => { throw new Error('the renderer failed'); };");
    fs.writeFileSync(path.join(siteDir, 'portfolio', 'index.html'), '<h1>Our Portfolio (prerendered)</h1>');
    fs.writeFileSync(path.join(siteDir, '404.html'), '<h1>not found</h1>');
    return { ssrDir, siteDir };
  }

  it('answers the prerendered page, which loads the projects in the browser', async () => {
    const { ssrDir, siteDir } = brokenBuild();
    const t = await createTestApp({ SITE_SSR_DIR: ssrDir, SITE_DIST_DIR: siteDir });
    try {
      const response = await t.http.get('/portfolio').expect(200);
      expect(response.text).toBe('<h1>Our Portfolio (prerendered)</h1>');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    } finally {
      await t.close();
    }
  });

  it('answers 503 when this instance serves no site files (nginx then serves the prerendered page)', async () => {
    const { ssrDir } = brokenBuild();
    const t = await createTestApp({ SITE_SSR_DIR: ssrDir });
    try {
      const response = await t.http.get('/portfolio').expect(503);
      expect(response.body).toEqual({ success: false, message: MESSAGES.serviceUnavailable });
    } finally {
      await t.close();
    }
  });

  it('serves the prerendered page as a file when no server entry is built', async () => {
    const { siteDir } = brokenBuild();
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-ssr-empty-'));
    const t = await createTestApp({ SITE_SSR_DIR: emptyDir, SITE_DIST_DIR: siteDir });
    try {
      expect((await t.http.get('/portfolio').expect(200)).text).toBe('<h1>Our Portfolio (prerendered)</h1>');
    } finally {
      await t.close();
    }
  });
});

// docs/features/booking.md, "The booking page": the link's details in the page, or the sentence of a link that does
// not work with its status. The booking itself is the API's (booking.e2e-spec.ts) and the browser's (e2e/site/booking.spec.ts).
describe('GET /book/<token>, a booking link’s page rendered for each request', () => {
  const RATE_LIMIT = 4;
  let t: TestApp;
  let token: string;
  const tokenOf = (itemId: string, expiresAt: Date) => signBookingLink(t.config.keys.bookingLinks, { kind: 'lead', itemId, expiresAt });
  let leadId: string;

  beforeAll(async () => {
    t = await createTestApp({
      SITE_SSR_DIR: siteSsrDir,
      SITE_DIST_DIR: path.resolve(__dirname, '../../site/dist'),
      RATE_LIMIT_BOOKING_PER_MINUTE: String(RATE_LIMIT),
    });
    const db = t.app.get<symbol, Database>(DATABASE);
    const [admin] = await db
      .insert(admins)
      .values({ email: 'sam@booking-page.test', name: 'Sam Sales', role: 'sales', passwordHash: 'not-a-hash' })
      .returning();
    const ownerId = required(admin, 'the staff member').id;
    const weekly = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' }));
    await db
      .insert(availabilities)
      .values({ adminId: ownerId, timeZone: 'Europe/Berlin', weekly, meetingMinutes: 45, bufferMinutes: 0, minNoticeHours: 0, maxDaysAhead: 30 });
    const [lead] = await db.insert(leads).values({ name: 'Vera Visitor', email: 'vera@example.com', service: 'web', message: 'Hi', ownerId }).returning();
    leadId = required(lead, 'the lead').id;
    token = tokenOf(leadId, new Date(Date.now() + 24 * 60 * 60 * 1000));
  });
  afterAll(() => t.close());

  /** Never kept, never indexed, whatever it says. */
  const expectPrivatePage = (response: { text: string; headers: Record<string, string> }) => {
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe(CACHE_CONTROL.noStore);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.text).toContain('<meta name="robots" content="noindex" />');
    expect(response.text).not.toContain('rel="canonical"');
  };

  it("shows whom the call is with and its length, with the link's details for the page", async () => {
    const response = await t.http.get(bookingPath(token)).expect(200);
    expectPrivatePage(response);
    expect(response.text).toContain(`>${BOOKING_PAGE_TEXTS.title('Sam')}</h1>`);
    expect(response.text).toContain(BOOKING_PAGE_TEXTS.tagline(45));
    expect(pageData(response.text)).toMatchObject({
      booking: { token, details: { kind: 'call', with: 'Sam', meetingMinutes: 45, timeZone: 'Europe/Berlin', meeting: null } },
    });
  });

  it('answers a link this server did not sign 404 and an expired one 410, each with its sentence', async () => {
    const forged = await t.http.get(bookingPath(`${token.slice(0, -4)}AAAA`)).expect(404);
    expectPrivatePage(forged);
    expect(forged.text).toContain(`>${BOOKING_MESSAGES.linkNotFound}</p>`);
    const expired = await t.http.get(bookingPath(tokenOf(leadId, new Date(Date.now() - 1000)))).expect(410);
    expectPrivatePage(expired);
    expect(expired.text).toContain(`>${BOOKING_MESSAGES.linkExpired}</p>`);
  });

  it('answers over the rate limit with the page saying so, 429 with Retry-After', async () => {
    let response = await t.http.get(bookingPath(token));
    for (let count = 0; response.status !== 429 && count < RATE_LIMIT; count++) response = await t.http.get(bookingPath(token));
    expect(response.status).toBe(429);
    expectPrivatePage(response);
    expect(response.text).toContain(`>${MESSAGES.rateLimited}</p>`);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });
});
