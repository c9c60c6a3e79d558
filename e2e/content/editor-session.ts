// An editor for the content suites: invited by the suite's owner, the invitation accepted, and signed in over HTTP.
import { invitationLinkSince } from '@brightwave/testing';
import type { APIRequestContext, Browser, BrowserContext, PlaywrightWorkerArgs } from '@playwright/test';
import { expect, outboxDir, outboxSnapshot, sessionStorageState, signInOverApi, unique } from '../admin/fixtures';
import { e2eBaseUrl } from '../support/env';

const PASSWORD = 'harbor-lantern-copper-71';

/** An editor, invited by `owner` and signed in through `request`: the session the admin app would store. */
async function editorSession(owner: APIRequestContext, request: APIRequestContext) {
  const email = `${unique('editor').replace(/\W+/g, '.')}@example.test`;
  const before = outboxSnapshot();
  expect((await owner.post('/api/admin/admins', { data: { email, name: 'Eddie Editor', role: 'editor' } })).status()).toBe(201);
  const link = await invitationLinkSince(outboxDir, before, email);
  const token = new URLSearchParams(link.hash.slice(1)).get('token');
  expect((await request.post('/admin/accept-invite', { data: { token, password: PASSWORD } })).status()).toBe(200);
  return signInOverApi(request, { email, password: PASSWORD });
}

/** A browser context signed in as a new editor (invited by `owner`): the admin app as that editor would have it. */
export async function editorContext(browser: Browser, owner: APIRequestContext, playwright: PlaywrightWorkerArgs['playwright']): Promise<BrowserContext> {
  const request = await playwright.request.newContext({ baseURL: e2eBaseUrl });
  const session = await editorSession(owner, request);
  await request.dispose();
  return browser.newContext({ baseURL: e2eBaseUrl, storageState: sessionStorageState(session) });
}
