// An editor for the content suites: invited by the suite's owner, the invitation accepted, and signed in over HTTP,
// on the suite's own server.
import { invitationLinkSince } from '@brightwave/testing';
import type { APIRequestContext, Browser, BrowserContext, PlaywrightWorkerArgs } from '@playwright/test';
import { expect, outboxSnapshot, sessionStorageState, signInOverApi, unique } from '../admin/fixtures';
import type { E2eServer } from '../support/env';

const PASSWORD = 'harbor-lantern-copper-71';

/** An editor, invited by `owner` and signed in through `request`: the session the admin app would store. */
async function editorSession(owner: APIRequestContext, request: APIRequestContext, server: E2eServer) {
  const email = `${unique('editor').replace(/\W+/g, '.')}@example.test`;
  const before = outboxSnapshot(server);
  expect((await owner.post('/api/admin/admins', { data: { email, name: 'Eddie Editor', role: 'editor' } })).status()).toBe(201);
  const link = await invitationLinkSince(server.outboxDir, before, email);
  const token = new URLSearchParams(link.hash.slice(1)).get('token');
  expect((await request.post('/admin/accept-invite', { data: { token, password: PASSWORD } })).status()).toBe(200);
  return signInOverApi(request, { email, password: PASSWORD }, server);
}

/** A browser context signed in as a new editor (invited by `owner`): the admin app as that editor would have it. */
export async function editorContext(
  browser: Browser,
  owner: APIRequestContext,
  playwright: PlaywrightWorkerArgs['playwright'],
  server: E2eServer,
): Promise<BrowserContext> {
  const request = await playwright.request.newContext({ baseURL: server.baseUrl });
  const session = await editorSession(owner, request, server);
  await request.dispose();
  return browser.newContext({ baseURL: server.baseUrl, storageState: sessionStorageState(session, server) });
}
