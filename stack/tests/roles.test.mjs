// Sign-in through nginx, and an invitation from the owner's invite to the newcomer's sign-in, the roles held by
// every instance.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../lib.mjs';
import { call } from '../http.mjs';
import { direct, invitationToken, loggedLines, outboxesNow, signIn, theStack } from './stack.mjs';

const { base, runTag, instances } = theStack();

describe('sign-in and roles', () => {
  test('a login through nginx (POST /admin/login, /admin/verify-2fa, /admin/logout) reaches the API', async () => {
    const token = await signIn(base, '127.0.0.33');
    const auth = { authorization: `Bearer ${token}` };
    assert.equal((await call(`${base}/api/leads?limit=1&page=1`, { headers: auth })).status, 200, 'admin call');
    const logout = await call(`${base}/admin/logout`, { method: 'POST', headers: auth });
    assert.equal(logout.status, 200, `logout through nginx (${logout.text})`);
    assert.equal((await call(`${base}/api/leads?limit=1&page=1`, { headers: auth })).status, 401, 'revoked');
  });

  test("an invitation through nginx, from the owner's invite to the newcomer's sign-in; roles hold on every instance, disabling is at once, audited once", async () => {
    // One visitor address for the whole flow: nginx's own limit on these POSTs counts per address.
    const visitor = '127.0.0.34';
    const owner = { authorization: `Bearer ${await signIn(base, visitor)}` };
    const sales = { email: `sales-${runTag}@example.test`, password: 'harbour-lantern-sales-63' };
    const before = outboxesNow();
    const invited = await call(`${base}/api/admin/admins`, {
      method: 'POST',
      headers: owner,
      body: { email: sales.email, name: 'Stack Sales', role: 'sales' },
      localAddress: visitor,
    });
    assert.equal(invited.status, 201, `invite through nginx (${invited.text})`);
    const token = await invitationToken(before, sales.email);
    const pending = (await call(`${base}/api/admin/invites`, { headers: owner, localAddress: visitor })).json;
    assert.ok(
      pending?.invites?.some((invite) => invite.email === sales.email),
      `the invitation is pending (${JSON.stringify(pending)})`,
    );
    // The link opens the admin app's page; its form posts to the same path.
    const page = await call(`${base}/admin/accept-invite`, { localAddress: visitor });
    assert.equal(page.status, 200, 'GET /admin/accept-invite');
    assert.equal(page.text, fs.readFileSync(path.join(repoRoot, 'admin', 'dist', 'index.html'), 'utf8'), 'GET /admin/accept-invite is the admin app');
    const probe = `accept-${runTag}`;
    const accepted = await call(`${base}/admin/accept-invite?probe=${probe}`, {
      method: 'POST',
      body: { token, password: sales.password },
      localAddress: visitor,
    });
    assert.equal(accepted.status, 200, `accept through nginx (${accepted.text})`);
    assert.equal(accepted.json?.email, sales.email, 'the new account');
    const [line] = await loggedLines(probe, 1);
    assert.ok(/ upstream=127\.0\.0\.1:\d+ /.test(line ?? ''), `an instance answered the accept, not nginx: ${line}`);
    const again = await call(`${base}/admin/accept-invite`, { method: 'POST', body: { token, password: sales.password }, localAddress: visitor });
    assert.equal(again.status, 400, 'the link works once');
    const salesAuth = { authorization: `Bearer ${await signIn(base, visitor, sales)}` };
    for (const instance of instances) {
      assert.equal((await call(`${direct(instance)}/api/leads?limit=1&page=1`, { headers: salesAuth })).status, 200, `sales reads leads on ${instance.name}`);
      const refused = await call(`${direct(instance)}/api/jobs/admin`, { headers: salesAuth });
      assert.equal(`${refused.status} ${refused.json?.message}`, '403 Not allowed', `sales may not use jobs on ${instance.name}`);
    }
    const { admins } = (await call(`${base}/api/admin/admins`, { headers: owner, localAddress: visitor })).json;
    const id = admins.find((admin) => admin.email === sales.email)._id;
    assert.equal(
      (await call(`${base}/api/admin/admins/${id}`, { method: 'PATCH', headers: owner, body: { disabled: true }, localAddress: visitor })).status,
      200,
      'disabled through nginx',
    );
    for (const instance of instances) {
      assert.equal((await call(`${direct(instance)}/api/leads?limit=1&page=1`, { headers: salesAuth })).status, 401, `sessions revoked on ${instance.name}`);
    }
    for (const instance of instances) {
      const audit = (await call(`${direct(instance)}/api/admin/audit?action=admin.invited`, { headers: owner })).json;
      assert.equal(
        audit.entries.filter((entry) => entry.details.email === sales.email).length,
        1,
        `the invitation is in the audit log read on ${instance.name}`,
      );
    }
    await call(`${base}/admin/logout`, { method: 'POST', headers: owner, localAddress: visitor });
  });
});
