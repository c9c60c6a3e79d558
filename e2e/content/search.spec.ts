// Site search (docs/features/search.md): a visitor types a word in the navbar's search box (a plain GET form), sees the
// published post that has it on /search, server-rendered with the word marked and no script of its own, and follows
// it; the page is accessible in both themes and never indexed. It runs on the news suite's server (it publishes a post).
import type { PostDetails, PostDocument } from '@brightwave/common';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../admin/fixtures';
import { collectErrors, useTheme } from '../site/helpers';

/** The navbar's search box's width on a 320 px phone, at least: about 15 characters of its text. */
const SEARCHBOX_MIN_WIDTH = 120;

async function ok<T>(response: Promise<Awaited<ReturnType<APIRequestContext['get']>>>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), `${answer.url()} answered ${answer.status()}: ${await answer.text()}`).toBeTruthy();
  return (await answer.json()) as T;
}

/** A post published over the API whose text holds `word`. */
async function publishedPost(request: APIRequestContext, title: string, word: string): Promise<PostDetails> {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const { post } = await ok<{ post: PostDetails }>(request.post('/api/admin/posts', { data: { title, slug } }));
  const draft: PostDocument = {
    ...post.draft,
    summary: `${title}, in one line.`,
    authorName: 'Ada Writer',
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `Our new ${word} service starts in spring.` }] }] },
  };
  await ok(request.put(`/api/admin/posts/${post._id}`, { data: { draft, baseVersionId: post.draftVersionId } }));
  return (await ok<{ post: PostDetails }>(request.post(`/api/admin/posts/${post._id}/publish`, { data: {} }))).post;
}

test.describe('site search', () => {
  test.describe.configure({ timeout: 60_000 });

  for (const theme of ['light', 'dark'] as const) {
    test(`a visitor searches from the navbar on a phone and follows a result (${theme} theme)`, async ({ page, api }) => {
      const word = `kestrel${Date.now().toString(36)}${theme}`;
      const title = `Spring news ${word.slice(-6)}`;
      const post = await publishedPost(api.request, title, word);
      await useTheme(page, theme);
      // The narrowest phone the site supports.
      await page.setViewportSize({ width: 320, height: 800 });
      const errors = collectErrors(page);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });

      await page.goto('/');
      const navbarSearch = page.getByRole('search', { name: 'Site search' });
      const searchbox = navbarSearch.getByRole('searchbox', { name: 'Search the site' });
      // Room for a word or two beside the logo and the menu button.
      expect((await searchbox.boundingBox())?.width).toBeGreaterThanOrEqual(SEARCHBOX_MIN_WIDTH);
      await searchbox.fill(word);
      await navbarSearch.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

      await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
      await expect(page.getByText(`Results for “${word}”`)).toBeVisible();
      const results = page.getByRole('region', { name: 'Search results' });
      await expect(results.getByText('News', { exact: true })).toBeVisible();
      await expect(results.locator('mark')).toHaveText(word);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(page.getByRole('search', { name: 'Search again' }).getByRole('searchbox')).toHaveValue(word);
      // The page needs no script of its own: its renderer never ships.
      expect(scripts.filter((script) => script.includes('search-view'))).toEqual([]);
      await expectNoAxeViolations(page, `search results (${theme})`);

      await results.getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(new RegExp(`/news/${post.slug}$`));
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

      await page.goto(`/search?q=${word}zzz`);
      await expect(page.getByText(`No results for “${word}zzz”.`)).toBeVisible();
      await expectNoAxeViolations(page, `search without results (${theme})`);
      expect(errors).toEqual([]);
    });
  }
});
