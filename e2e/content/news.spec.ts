// News (docs/features/news.md): an editor writes a post in the admin (News, under Site), previews it and publishes it;
// visitors find it on /news (tags as links) and read it at /news/<slug>, server-rendered with no script of its own,
// accessible in both themes; the RSS feed linked from the head carries it; a renamed slug leads from the old address
// to the new one (301). It runs against a server of its own (playwright.config.ts): publishing changes what other
// suites read.
import { MESSAGES, type PostDetails, type PostDocument } from '@brightwave/common';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, unique } from '../admin/fixtures';
import { collectErrors, useTheme } from '../site/helpers';
import { htmlValidateErrors, nuCheckerErrors, type ServedDocument } from '../support/markup-checkers';
import { editorContext } from './editor-session';

async function ok<T>(response: Promise<Awaited<ReturnType<APIRequestContext['get']>>>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), `${answer.url()} answered ${answer.status()}: ${await answer.text()}`).toBeTruthy();
  return (await answer.json()) as T;
}

const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** A post written and published over the API, as the editor's screen would. */
async function publishedPost(request: APIRequestContext, title: string, extra: Partial<PostDocument> = {}): Promise<PostDetails> {
  const slug = slugOf(title);
  const { post } = await ok<{ post: PostDetails }>(request.post('/api/admin/posts', { data: { title, slug } }));
  const draft: PostDocument = {
    ...post.draft,
    summary: `What ${title} means for our clients.`,
    tags: ['company'],
    authorName: 'Ada Writer',
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `The whole story of ${title}.` }] }] },
    ...extra,
  };
  await ok(request.put(`/api/admin/posts/${post._id}`, { data: { draft, baseVersionId: post.draftVersionId } }));
  return (await ok<{ post: PostDetails }>(request.post(`/api/admin/posts/${post._id}/publish`, { data: {} }))).post;
}

/** Waits until the site has taken over the page (a post is a full page load, not a client navigation). */
const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

test.describe('news', () => {
  test.describe.configure({ timeout: 90_000 });

  for (const theme of ['light', 'dark'] as const) {
    test(`a visitor finds a post on /news by its tag and reads it (${theme} theme)`, async ({ page, api }) => {
      const title = unique('Harbour Office');
      const tag = `t${Date.now().toString(36)}${theme}`;
      const post = await publishedPost(api.request, title, { tags: ['company', tag] });
      await useTheme(page, theme);
      const errors = collectErrors(page);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });

      await page.goto('/news');
      await hydrated(page);
      await expect(page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
      await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', /\/news\/feed\.xml$/);
      await page.getByRole('navigation', { name: 'Tags' }).getByRole('link', { name: tag }).click();
      await expect(page).toHaveURL(new RegExp(`/news\\?tag=${tag}$`));
      await hydrated(page);
      await expect(page.getByRole('navigation', { name: 'Tags' }).getByRole('link', { name: tag })).toHaveAttribute('aria-current', 'page');
      await expectNoAxeViolations(page, `news list (${theme})`);
      await page.getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(new RegExp(`/news/${post.slug}$`));
      await hydrated(page);

      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(page.getByText(`The whole story of ${title}.`)).toBeVisible();
      await expect(page.getByText('Ada Writer')).toBeVisible();
      await expect(page.getByText(/1 min read/)).toBeVisible();
      await expect(page).toHaveTitle(`${title} | Brightwave Technologies`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/news/${post.slug}$`));
      const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
      const article = structured.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data['@type'] === 'Article');
      expect(article).toMatchObject({ headline: title, author: { '@type': 'Person', name: 'Ada Writer' } });
      // The page needs no script of its own: the post's renderer and the feed's writer never ship.
      expect(scripts.filter((script) => script.includes('news-view'))).toEqual([]);
      await expectNoAxeViolations(page, `post (${theme})`);
      expect(errors).toEqual([]);
    });
  }

  test('an editor writes a post under Site → News, previews and publishes it, and the feed carries it', async ({ browser, api, playwright, server }) => {
    const title = unique('Lantern Launch');
    const context = await editorContext(browser, api.request, playwright, server);
    const page = await context.newPage();
    const errors = collectErrors(page);

    await page.goto('/admin/');
    await page.getByRole('navigation').getByRole('link', { name: 'News', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New post' }).click();
    const creating = page.getByRole('dialog', { name: 'New post' });
    await creating.getByLabel('Title').fill(title);
    await creating.getByRole('button', { name: 'Create post' }).click();
    await expect(page.getByRole('heading', { name: `Post: ${title}` })).toBeVisible();

    const form = page.getByRole('form', { name: `Post ${title}` });
    await form.getByLabel('Summary').fill('The lantern ships today.');
    await form.getByRole('button', { name: 'Add tag' }).click();
    await form.getByLabel('Tag 1', { exact: true }).fill('Not A Tag');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(form.getByText('A tag is lower-case letters, digits and single hyphens, such as design')).toBeVisible();
    await form.getByLabel('Tag 1', { exact: true }).fill('launch');
    const text = form.getByRole('textbox', { name: 'Text', exact: true });
    await text.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('We light the harbour tonight.');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(MESSAGES.contentSaved)).toBeVisible();
    await expectNoAxeViolations(page, 'post editor');

    const [preview] = await Promise.all([page.waitForEvent('popup'), form.getByRole('button', { name: 'Preview' }).click()]);
    await expect(preview.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(preview.getByText('We light the harbour tonight.')).toBeVisible();
    await preview.close();

    await form.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('alertdialog', { name: 'Publish now' }).getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(MESSAGES.contentPublished)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Publishing' }).getByText('Published', { exact: true })).toBeVisible();
    await context.close();
    expect(errors).toEqual([]);

    // The feed linked from the head carries the post with its whole text (posts.e2e-spec.ts reads it with an RSS parser).
    const feed = await api.request.get('/news/feed.xml');
    expect(feed.headers()['content-type']).toMatch(/application\/rss\+xml/);
    const xml = await feed.text();
    expect(xml).toContain(title);
    expect(xml).toContain('We light the harbour tonight.');
  });

  test('the news list, a tag of it and a post pass the Nu Html Checker and html-validate', async ({ api }) => {
    const post = await publishedPost(api.request, unique('Checked Post'), { tags: ['company', 'checked'] });
    const documents: ServedDocument[] = [];
    const pages: [name: string, url: string][] = [
      ['news', '/news'],
      ['news-tag', '/news?tag=checked'],
      ['post', `/news/${post.slug}`],
    ];
    for (const [name, url] of pages) {
      const response = await api.request.get(url);
      expect(response.status(), url).toBe(200);
      documents.push({ name, html: await response.text() });
    }
    expect(nuCheckerErrors(documents)).toEqual({});
    expect(await htmlValidateErrors(documents)).toEqual({});
  });

  test('a renamed slug redirects', async ({ page, api }) => {
    const title = unique('Renamed Post');
    const post = await publishedPost(api.request, title);
    const renamed = `${post.slug}-renamed`;
    const details = (await ok<{ post: PostDetails }>(api.request.get(`/api/admin/posts/${post._id}`))).post;
    await ok(api.request.put(`/api/admin/posts/${post._id}`, { data: { draft: { ...details.draft, slug: renamed }, baseVersionId: details.draftVersionId } }));
    await ok(api.request.post(`/api/admin/posts/${post._id}/publish`, { data: {} }));

    const old = await api.request.get(`/news/${post.slug}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(`/news/${renamed}`);
    await page.goto(`/news/${post.slug}`);
    await expect(page).toHaveURL(new RegExp(`/news/${renamed}$`));
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  });
});
