import fs from 'node:fs';
import path from 'node:path';
import {
  CONTENT_KEYS,
  CONTENT_PAGE_PATHS,
  DEFAULT_CONTENT,
  emptyBlock,
  LAYOUT_CONTENT_KEYS,
  richDoc,
  richParagraph,
  type FormQuestion,
  type QuestionForm,
} from '@brightwave/common';
import { signPreview } from '../src/content/content-preview';
import { DATABASE, type Database } from '../src/database/database';
import { formQuestions } from '../src/database/schema';
import { formQuestionsChanged } from '../src/static/form-question-pages';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, TestApp } from './support/test-app';

// The real site build: `npm run build` (npm test builds before the suites) writes it.
const siteDir = path.resolve(__dirname, '../../site/dist');
const siteSsrDir = path.resolve(__dirname, '../../site/dist-ssr');
const PAGE_DATA = /\n\s*<script type="application\/json" id="page-data">(.*?)<\/script>/s;

/** A page's embedded data. */
function split(html: string): { data: Record<string, unknown> } {
  const match = PAGE_DATA.exec(html);
  if (!match?.[1]) throw new Error('The page embeds no data');
  return { data: JSON.parse(match[1]) };
}

const prerendered = (route: string) => fs.readFileSync(path.join(siteDir, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`), 'utf8');
const routes = (): string[] => JSON.parse(fs.readFileSync(path.join(siteSsrDir, 'routes.json'), 'utf8'));

describe('An instance behind nginx (no site files of its own)', () => {
  it("answers a page nginx passes on, and an unknown path with the site's 404 page", async () => {
    const t = await createTestApp({ SITE_SSR_DIR: siteSsrDir });
    try {
      expect((await t.http.get('/about').expect(200)).text).toBe(prerendered('/about'));
      const missing = await t.http.get('/no-such-page').expect(404);
      expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(missing.text).toBe(fs.readFileSync(path.join(siteDir, '404.html'), 'utf8'));
      expect((await t.http.get('/api/no-such-route').expect(404)).body).toEqual({ success: false, message: 'Not found' });
    } finally {
      await t.close();
    }
  });
});

describe('Every page rendered with the published content', () => {
  let t: TestApp;
  let auth: { Authorization: string };

  beforeAll(async () => {
    if (!fs.existsSync(path.join(siteSsrDir, 'routes.json'))) throw new Error(`${siteSsrDir} has no routes.json: run npm run build first`);
    t = await createTestApp({ SITE_SSR_DIR: siteSsrDir, SITE_DIST_DIR: siteDir });
    auth = { Authorization: `Bearer ${await loginAsAdmin(t)}` };
  });
  afterAll(() => t.close());

  it("renders every page of a fresh install exactly as the build prerendered it (the seed is today's texts)", async () => {
    expect(routes()).toEqual(expect.arrayContaining(['/', '/services', '/about', '/contact', '/privacy']));
    for (const route of routes().filter((route) => route !== '/portfolio')) {
      const rendered = await t.http.get(route).expect(200);
      expect(rendered.headers['cache-control']).toBe('no-cache');
      // Byte for byte, the embedded data too (stored in jsonb, put back in the spec's order).
      expect(`${route}\n${rendered.text}`).toBe(`${route}\n${prerendered(route)}`);
      const keys = [...LAYOUT_CONTENT_KEYS, ...CONTENT_KEYS.filter((key) => (CONTENT_PAGE_PATHS[key] as readonly string[]).includes(route))];
      expect(split(rendered.text).data).toEqual({ content: Object.fromEntries(keys.map((key) => [key, DEFAULT_CONTENT[key]])) });
    }
  });

  it('shows a draft to nobody, and a publish at once in the HTML of every page (the 404 page too)', async () => {
    const blurb = 'Software that works, from people who answer.';
    const site = { ...DEFAULT_CONTENT.site, footer: { ...DEFAULT_CONTENT.site.footer, blurb } };
    await t.http.put('/api/admin/content/site').set(auth).send({ fields: site }).expect(200);
    expect((await t.http.get('/').expect(200)).text).not.toContain(blurb);

    await t.http.post('/api/admin/content/site/publish').set(auth).send({}).expect(200);
    for (const route of ['/', '/services', '/careers', '/portfolio']) {
      const page = await t.http.get(route).expect(200);
      expect(`${route}: ${page.text.includes(`<p class="mt-3">${blurb}</p>`)}`).toBe(`${route}: true`);
      expect((split(page.text).data.content as { site: unknown }).site).toEqual(site);
    }
    const missing = await t.http.get('/no-such-page').expect(404);
    expect(missing.text).toContain(blurb);
  });

  it('keeps hostile text as text, in the markup and in the embedded data', async () => {
    const hostile = `</script><script>alert(1)</script> <img src=x onerror=alert(1)> $' $&`;
    const services = structuredClone(DEFAULT_CONTENT.services);
    services.offer.cards[0]!.description = richDoc(richParagraph(hostile));
    services.hero.title = 'Services <b>now</b>';
    await t.http.put('/api/admin/content/services').set(auth).send({ fields: services }).expect(200);
    await t.http.post('/api/admin/content/services/publish').set(auth).send({}).expect(200);
    const html = (await t.http.get('/services').expect(200)).text;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>now</b>');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt; $&#x27; $&amp;');
    expect(html).toContain('<title>Our Services | Brightwave Technologies</title>');
    expect((split(html).data.content as { services: unknown }).services).toEqual(services);
    // The page's card anchors and the navbar's menu follow the cards.
    expect(html).toContain(`id="${services.offer.cards[0]!.anchor}"`);
  });

  it('answers a repeat visit from its cache with the same bytes and headers as the first', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const first = await t.http.get('/about').set('Accept-Encoding', encoding).buffer(true).expect(200);
      const repeat = await t.http.get('/about').set('Accept-Encoding', encoding).buffer(true).expect(200);
      expect(repeat.body).toEqual(first.body);
      const { date: _first, ...firstHeaders } = first.headers;
      const { date: _repeat, ...repeatHeaders } = repeat.headers;
      expect(repeatHeaders).toEqual(firstHeaders);
    }
  });

  describe('preview links', () => {
    const draftTitle = 'Everything We Build';
    let url: string;

    beforeAll(async () => {
      const services = structuredClone(DEFAULT_CONTENT.services);
      services.hero.title = draftTitle;
      await t.http.put('/api/admin/content/services').set(auth).send({ fields: services }).expect(200);
      url = (await t.http.post('/api/admin/content/services/preview').set(auth).expect(200)).body.url;
    });

    it('shows the page with the draft, never to be kept or indexed', async () => {
      const preview = await t.http.get(url).expect(200);
      expect(preview.text).toContain(`>${draftTitle}</h1>`);
      expect(preview.headers['cache-control']).toBe('private, no-store');
      expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(preview.text).toContain('<meta name="robots" content="noindex" />');
      expect(preview.text).toContain('<meta name="referrer" content="no-referrer" />');
      expect(preview.text).not.toContain('rel="canonical"');
      expect((await t.http.get('/services').expect(200)).text).not.toContain(draftTitle);
    });

    it('is refused without a valid signature, for another page, or once expired', async () => {
      const token = decodeURIComponent(url.split('token=')[1]!);
      const [payload, signature] = token.split('.');
      const expired = signPreview(t.config.keys.contentPreview, {
        key: 'services',
        versionId: JSON.parse(Buffer.from(payload!, 'base64url').toString()).v,
        expiresAt: new Date(Date.now() - 1000),
      });
      const forged = `${Buffer.from(JSON.stringify({ k: 'services', v: '00000000-0000-4000-8000-000000000000', e: 9_999_999_999 })).toString('base64url')}.${signature}`;
      for (const bad of [
        '/preview/services',
        `/preview/services?token=${encodeURIComponent(`${token}x`)}`,
        `/preview/services?token=${encodeURIComponent(forged)}`,
        `/preview/services?token=${encodeURIComponent(expired)}`,
        `/preview/site?token=${encodeURIComponent(token)}`,
        `/preview/blog?token=${encodeURIComponent(token)}`,
        `/preview/services?token=${'a'.repeat(5000)}`,
      ]) {
        const refused = await t.http.get(bad);
        expect(`${bad}: ${refused.status}`).toBe(`${bad}: 403`);
        expect(refused.text).not.toContain(draftTitle);
        expect(refused.headers['cache-control']).toBe('private, no-store');
      }
    });
  });
});

describe("The forms' custom questions in the rendered pages (docs/features/form-questions.md)", () => {
  let t: TestApp;
  const budget: FormQuestion = { id: 'budget', label: 'Your budget', type: 'select', required: true, options: ['Small', 'Large'] };
  const consent: FormQuestion = { id: 'consent', label: 'I agree', type: 'consent', required: true, statement: richDoc(richParagraph('We keep it.')) };

  /** The form's questions as the admin's editor saves them (its route is the forms module's), and the hook it calls. */
  async function setQuestions(form: QuestionForm, questions: FormQuestion[]) {
    const db = t.app.get<symbol, Database>(DATABASE);
    await db.insert(formQuestions).values({ form, questions }).onConflictDoUpdate({ target: formQuestions.form, set: { questions } });
    formQuestionsChanged();
  }

  beforeAll(async () => {
    t = await createTestApp({ SITE_SSR_DIR: siteSsrDir, SITE_DIST_DIR: siteDir });
  });
  afterAll(() => t.close());

  it("renders each form's questions in its page, at once when they change, and the SPEC's page again without them", async () => {
    expect(split((await t.http.get('/').expect(200)).text).data.forms).toBeUndefined();

    await setQuestions('quote', [budget]);
    const home = (await t.http.get('/').expect(200)).text;
    expect(home).toContain('name="answers.budget"');
    expect(split(home).data.forms).toEqual({ quote: [budget] });
    // Answered again from the cache, as long as the questions stay the same.
    expect((await t.http.get('/').expect(200)).text).toBe(home);
    // The contact page carries its own form's questions only.
    expect(split((await t.http.get('/contact').expect(200)).text).data.forms).toBeUndefined();

    await setQuestions('contact', [consent]);
    const contact = (await t.http.get('/contact').expect(200)).text;
    expect(contact).toContain('name="answers.consent"');
    expect(contact).toContain('We keep it.');
    expect(split(contact).data.forms).toEqual({ contact: [consent] });

    // A built page with a quote form block carries the quote form's questions, not the contact form's.
    const owner = { Authorization: `Bearer ${await loginAsAdmin(t)}` };
    const { page } = (await t.http.post('/api/admin/pages').set(owner).send({ title: 'Audit', slug: 'audit' }).expect(201)).body;
    const draft = { ...page.draft, blocks: [{ ...emptyBlock('quoteForm'), heading: 'Ask for a quote' }] };
    await t.http.put(`/api/admin/pages/${page._id}`).set(owner).send({ draft, baseVersionId: page.draftVersionId }).expect(200);
    await t.http.post(`/api/admin/pages/${page._id}/publish`).set(owner).send({}).expect(200);
    const built = (await t.http.get('/audit').expect(200)).text;
    expect(built).toContain('name="answers.budget"');
    expect(split(built).data.forms).toEqual({ quote: [budget] });
    await setQuestions('quote', []);
    expect(split((await t.http.get('/audit').expect(200)).text).data.forms).toBeUndefined();

    await setQuestions('contact', []);
    for (const route of ['/', '/contact']) expect(`${route}\n${(await t.http.get(route).expect(200)).text}`).toBe(`${route}\n${prerendered(route)}`);
  });
});
