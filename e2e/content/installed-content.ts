// Putting the installed texts back once a content suite has published: the other suites read the pages as installed.
import type { APIRequestContext } from '@playwright/test';

/** Restores each page's seed version (its oldest) and publishes it. */
export async function restoreInstalledContent(request: APIRequestContext, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    const { page } = await (await request.get(`/api/admin/content/${key}`)).json();
    const seed = page.versions.at(-1);
    await request.post(`/api/admin/content/${key}/versions/${seed._id}/restore`);
    await request.post(`/api/admin/content/${key}/publish`, { data: {} });
  }
}
