import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_CONTENT, MESSAGES, richDoc, richParagraph, type ContentPageDetails, type RichMark } from '@brightwave/common';
import { HOSTILE_DOCUMENTS } from './fixtures/hostile-rich-text';
import { loginAsAdmin, signInInvitedAdmin } from './support/admin-session';
import { createTestApp, TestApp } from './support/test-app';

// Prose (docs/features/site-content.md, decision 052): a rich-text document is checked against what the admin's
// editor can make when a draft is saved, and the site renders it as React elements. The real site build: `npm run
// build` (npm test builds before the suites) writes it.
const siteDir = path.resolve(__dirname, '../../site/dist');
const siteSsrDir = path.resolve(__dirname, '../../site/dist-ssr');
const EDITOR = { email: 'editor@rich-text.test', password: 'amber-meadow-lantern-58' };
/** The first service card's description: prose, shown on /services. */
const DESCRIPTION = 'offer.cards.0.description';

/**
 * Documents the request's own guards refuse before any field is checked, naming what they guard: text PostgreSQL
 * cannot store (the NUL character), and nesting deeper than any form's.
 */
const REFUSED_BEFORE_THE_FIELDS: Record<string, string> = {
  'a NUL character in a text': 'fields',
  [`a link to ${JSON.stringify('\u0000javascript:alert(1)')}`]: 'fields',
  'lists nested 1000 deep': 'body',
};

/** A link as the admin's editor (TipTap 3) writes it. */
const link = (href: string): RichMark => ({ type: 'link', attrs: { href, target: null, rel: null, class: null, title: null } });

/** The services page's fields with the first card's description replaced. */
function servicesWith(description: unknown) {
  // As a client sends it: JSON, which the editor's types do not bind.
  const services: { offer: { cards: Record<string, unknown>[] } } = JSON.parse(JSON.stringify(DEFAULT_CONTENT.services));
  services.offer.cards[0]!.description = description;
  return services;
}

describe('Prose in the site content', () => {
  let t: TestApp;
  let editor: { Authorization: string };
  const page = async (): Promise<ContentPageDetails> => (await t.http.get('/api/admin/content/services').set(editor).expect(200)).body.page;

  async function publish(description: unknown): Promise<string> {
    await t.http
      .put('/api/admin/content/services')
      .set(editor)
      .send({ fields: servicesWith(description) })
      .expect(200);
    expect((await page()).draft).toEqual(servicesWith(description));
    await t.http.post('/api/admin/content/services/publish').set(editor).send({}).expect(200);
    return (await t.http.get('/services').expect(200)).text;
  }

  beforeAll(async () => {
    if (!fs.existsSync(path.join(siteSsrDir, 'routes.json'))) throw new Error(`${siteSsrDir} has no routes.json: run npm run build first`);
    t = await createTestApp({ SITE_SSR_DIR: siteSsrDir, SITE_DIST_DIR: siteDir });
    editor = { Authorization: `Bearer ${await signInInvitedAdmin(t, await loginAsAdmin(t), 'editor', EDITOR)}` };
  });
  afterAll(() => t.close());

  it.each(HOSTILE_DOCUMENTS)('refuses a description with %s: 400 naming the field, nothing stored', async (name, description) => {
    const before = await page();
    const response = await t.http
      .put('/api/admin/content/services')
      .set(editor)
      .send({ fields: servicesWith(description) })
      .expect(400);
    const guard = REFUSED_BEFORE_THE_FIELDS[name];
    if (guard) {
      expect(Object.keys(response.body.errors)).toEqual([guard]);
    } else {
      expect(response.body.message).toBe(MESSAGES.contentInvalid);
      expect(Object.keys(response.body.errors)).toEqual([DESCRIPTION]);
      expect(response.body.errors[DESCRIPTION]).toMatch(/^Description (must|may|holds|is) /);
    }
    const after = await page();
    expect(after.versions).toEqual(before.versions);
    expect(after.draft).toEqual(before.draft);
  });

  it('refuses a NUL character however deep in a document: PostgreSQL cannot store it', async () => {
    const item = (content: unknown[]) => ({ type: 'listItem', content });
    const nul = richParagraph({ type: 'text', text: 'Go', marks: [link('https://brightwave.example/\u0000')] });
    const deep = { type: 'doc', content: [{ type: 'bulletList', content: [item([richParagraph('One'), { type: 'bulletList', content: [item([nul])] }])] }] };
    const response = await t.http
      .put('/api/admin/content/services')
      .set(editor)
      .send({ fields: servicesWith(deep) })
      .expect(400);
    expect(response.body.errors).toEqual({ fields: 'Please remove the invisible NUL character from fields' });
  });

  it('accepts lists within lists as deep as the editor may nest them, a link at the deepest', async () => {
    let list: unknown = {
      type: 'bulletList',
      content: [{ type: 'listItem', content: [richParagraph({ type: 'text', text: 'Deepest', marks: [link('/contact')] })] }],
    };
    for (let level = 1; level < 11; level++)
      list = { type: 'orderedList', attrs: { start: 1, type: null }, content: [{ type: 'listItem', content: [richParagraph(`Level ${level}`), list] }] };
    await t.http
      .put('/api/admin/content/services')
      .set(editor)
      .send({ fields: servicesWith({ type: 'doc', content: [list] }) })
      .expect(200);
  });

  it('keeps markup written as text as text: saved, published, and escaped in the page', async () => {
    const quoted = 'https://brightwave.example/?q="><script>alert(2)</script>';
    const html = await publish(
      richDoc(
        richParagraph('<script>alert(1)</script>'),
        richParagraph('"><img src=x onerror=alert(1)>'),
        richParagraph('</p><iframe src="javascript:alert(1)"></iframe>'),
        richParagraph({ type: 'text', text: 'A quoted address', marks: [link(quoted)] }),
      ),
    );
    expect(html).not.toContain('<script>alert(');
    expect(html).not.toMatch(/<img[^>]*onerror/);
    expect(html).not.toContain('<iframe');
    expect(html).not.toMatch(/href="?javascript:/i);
    expect(html).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(html).toContain('<p>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(html).toContain('<p>&lt;/p&gt;&lt;iframe src=&quot;javascript:alert(1)&quot;&gt;&lt;/iframe&gt;</p>');
    expect(html).toContain('href="https://brightwave.example/?q=&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"');
  });

  it('shows bold words as <strong> and a link as <a href> on /services once published', async () => {
    const html = await publish(
      richDoc(
        richParagraph('We build ', { type: 'text', text: 'fast', marks: [{ type: 'bold' }] }, ' shops. ', {
          type: 'text',
          text: 'Write to us',
          marks: [link('https://brightwave.example/contact')],
        }),
      ),
    );
    expect(html).toContain('<p>We build <strong>fast</strong> shops. <a href="https://brightwave.example/contact" class="');
    expect(html).toMatch(/<a href="https:\/\/brightwave\.example\/contact" class="[^"]*">Write to us<\/a><\/p>/);
  });
});
