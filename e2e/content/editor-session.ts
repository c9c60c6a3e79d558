// An editor for the content suites: invited by the suite's owner, the invitation accepted, and signed in over HTTP.
import { invitationLinkSince } from '@brightwave/testing';
import type { APIRequestContext } from '@playwright/test';
import { expect, outboxDir, outboxSnapshot, signInOverApi, unique } from '../admin/fixtures';

const PASSWORD = 'harbor-lantern-copper-71';

/** An editor, invited by `owner` and signed in through `request`: the session the admin app would store. */
export async function editorSession(owner: APIRequestContext, request: APIRequestContext) {
  const email = `${unique('editor').replace(/\W+/g, '.')}@example.test`;
  const before = outboxSnapshot();
  expect((await owner.post('/api/admin/admins', { data: { email, name: 'Eddie Editor', role: 'editor' } })).status()).toBe(201);
  const link = await invitationLinkSince(outboxDir, before, email);
  const token = new URLSearchParams(link.hash.slice(1)).get('token');
  expect((await request.post('/admin/accept-invite', { data: { token, password: PASSWORD } })).status()).toBe(200);
  return signInOverApi(request, { email, password: PASSWORD });
}
