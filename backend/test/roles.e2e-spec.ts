import { ADMIN_AREAS, type AdminArea, type AdminRole, canUse, DEFAULT_AVAILABILITY, MESSAGES, required } from '@brightwave/common';
import { readMessageFile } from './mail-message';
import { loginAsAdmin } from './support/admin-session';
import { fakeOnlyDate } from './support/fake-date';
import { appRoutes, routeParts } from './support/route-table';
import { createTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

const BOOT_TIMEOUT_MS = 120_000;
const ANY_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const PASSWORD = 'quiet-harbour-tulip-42';

/**
 * The area of every admin route, written here independently of the decorators: the matrix below proves each
 * role gets exactly what its area allows, and the first test that no admin route is missing from this table.
 */
const ROUTE_AREAS: Record<string, AdminArea> = {
  'POST /admin/logout': 'everyone',
  'GET /api/admin/dashboard/stats': 'everyone',
  'GET /api/admin/dashboard/channels': 'everyone',
  'GET /api/admin/my-work': 'everyone',
  'GET /api/admin/assignees': 'everyone',
  'GET /api/admin/account': 'everyone',
  'PUT /api/admin/account/password': 'everyone',
  'GET /api/admin/account/sessions': 'everyone',
  'DELETE /api/admin/account/sessions/:id': 'everyone',
  // Each admin's own authenticator app.
  'GET /api/admin/me/totp': 'everyone',
  'POST /api/admin/me/totp': 'everyone',
  'POST /api/admin/me/totp/confirm': 'everyone',
  'DELETE /api/admin/me/totp': 'everyone',
  'POST /api/admin/me/totp/recovery-codes': 'everyone',
  // Each admin's own passkeys.
  'GET /api/admin/me/passkeys': 'everyone',
  'POST /api/admin/me/passkeys/options': 'everyone',
  'POST /api/admin/me/passkeys': 'everyone',
  'DELETE /api/admin/me/passkeys/:id': 'everyone',
  // Each admin's API keys (an owner's list has everyone's).
  'GET /api/admin/api-keys': 'everyone',
  'POST /api/admin/api-keys': 'everyone',
  'DELETE /api/admin/api-keys/:id': 'everyone',
  // Each admin's own availability for booked calls.
  'GET /api/admin/me/availability': 'everyone',
  'PUT /api/admin/me/availability': 'everyone',
  // The quote and contact forms' custom questions: the inbox's forms.
  'GET /api/admin/forms': 'inbox',
  'PUT /api/admin/forms/:form': 'inbox',
  'GET /api/leads': 'inbox',
  'GET /api/leads/export.csv': 'inbox',
  'PATCH /api/leads/:id/status': 'inbox',
  'PATCH /api/leads/:id/spam': 'inbox',
  'GET /api/leads/:id': 'inbox',
  'PATCH /api/leads/:id/owner': 'inbox',
  'PUT /api/leads/:id/follow-up': 'inbox',
  'POST /api/leads/:id/notes': 'inbox',
  'DELETE /api/leads/:id/notes/:noteId': 'inbox',
  'GET /api/leads/:id/timeline': 'inbox',
  'GET /api/contacts': 'inbox',
  'GET /api/contacts/export.csv': 'inbox',
  'PATCH /api/contacts/:id/status': 'inbox',
  'PATCH /api/contacts/:id/spam': 'inbox',
  'GET /api/contacts/:id': 'inbox',
  'PATCH /api/contacts/:id/owner': 'inbox',
  'PUT /api/contacts/:id/follow-up': 'inbox',
  'POST /api/contacts/:id/notes': 'inbox',
  'DELETE /api/contacts/:id/notes/:noteId': 'inbox',
  'GET /api/contacts/:id/timeline': 'inbox',
  'POST /api/portfolio': 'portfolio',
  'PUT /api/portfolio/:id': 'portfolio',
  'DELETE /api/portfolio/:id': 'portfolio',
  'GET /api/admin/content': 'content',
  'GET /api/admin/content/:key': 'content',
  'PUT /api/admin/content/:key': 'content',
  'POST /api/admin/content/:key/publish': 'content',
  'DELETE /api/admin/content/:key/schedule': 'content',
  'POST /api/admin/content/:key/preview': 'content',
  'GET /api/admin/content/:key/versions/:id': 'content',
  'POST /api/admin/content/:key/versions/:id/restore': 'content',
  'GET /api/admin/pages': 'content',
  'POST /api/admin/pages': 'content',
  'GET /api/admin/pages/:id': 'content',
  'PUT /api/admin/pages/:id': 'content',
  'DELETE /api/admin/pages/:id': 'content',
  'POST /api/admin/pages/:id/publish': 'content',
  'DELETE /api/admin/pages/:id/schedule': 'content',
  'POST /api/admin/pages/:id/preview': 'content',
  'GET /api/admin/pages/:id/versions/:versionId': 'content',
  'POST /api/admin/pages/:id/versions/:versionId/restore': 'content',
  'PUT /api/admin/pages/:id/nav': 'content',
  'GET /api/admin/portfolio/:id': 'portfolio',
  'POST /api/admin/portfolio/:id/publish': 'portfolio',
  'DELETE /api/admin/portfolio/:id/schedule': 'portfolio',
  'POST /api/admin/portfolio/:id/preview': 'portfolio',
  'GET /api/admin/portfolio/:id/versions/:versionId': 'portfolio',
  'POST /api/admin/portfolio/:id/versions/:versionId/restore': 'portfolio',
  'GET /api/admin/posts': 'content',
  'POST /api/admin/posts': 'content',
  'GET /api/admin/posts/:id': 'content',
  'PUT /api/admin/posts/:id': 'content',
  'DELETE /api/admin/posts/:id': 'content',
  'POST /api/admin/posts/:id/publish': 'content',
  'DELETE /api/admin/posts/:id/schedule': 'content',
  'POST /api/admin/posts/:id/preview': 'content',
  'GET /api/admin/posts/:id/versions/:versionId': 'content',
  'POST /api/admin/posts/:id/versions/:versionId/restore': 'content',
  'GET /api/admin/redirects': 'content',
  'POST /api/admin/redirects': 'content',
  'DELETE /api/admin/redirects/:id': 'content',
  'POST /api/admin/media': 'content',
  'GET /api/admin/media': 'content',
  'DELETE /api/admin/media/:id': 'content',
  'GET /api/jobs/admin': 'jobs',
  'POST /api/jobs/admin': 'jobs',
  'PUT /api/jobs/admin/:id': 'jobs',
  'PUT /api/jobs/admin/:id/status': 'jobs',
  'DELETE /api/jobs/admin/:id': 'jobs',
  'GET /api/jobs/applications': 'jobs',
  'GET /api/jobs/applications/:jobId': 'jobs',
  'GET /api/jobs/applications/export.csv': 'jobs',
  'PUT /api/jobs/applications/:applicationId/status': 'jobs',
  'GET /api/jobs/applications/:applicationId/resume': 'jobs',
  'PATCH /api/jobs/applications/:applicationId/owner': 'jobs',
  'PUT /api/jobs/applications/:applicationId/follow-up': 'jobs',
  'POST /api/jobs/applications/:applicationId/notes': 'jobs',
  'DELETE /api/jobs/applications/:applicationId/notes/:noteId': 'jobs',
  'GET /api/jobs/applications/:applicationId/timeline': 'jobs',
  'GET /api/jobs/admin/:id/pipeline': 'jobs',
  'GET /api/jobs/applications/:applicationId/ratings': 'jobs',
  'PUT /api/jobs/applications/:applicationId/rating': 'jobs',
  'GET /api/jobs/applications/:applicationId/emails': 'jobs',
  'POST /api/jobs/applications/:applicationId/emails': 'jobs',
  'POST /api/jobs/applications/:applicationId/emails/preview': 'jobs',
  'DELETE /api/jobs/applications/:applicationId/emails/:emailId': 'jobs',
  'GET /api/jobs/applications/:applicationId/interviewers': 'jobs',
  'GET /api/jobs/applications/:applicationId/interviews': 'jobs',
  'POST /api/jobs/applications/:applicationId/interview': 'jobs',
  'DELETE /api/jobs/applications/:applicationId/interviews/:interviewId': 'jobs',
  'POST /api/jobs/applications/bulk': 'jobs',
  'GET /api/admin/settings/candidate-emails': 'jobs',
  'PUT /api/admin/settings/candidate-emails': 'jobs',
  'POST /api/admin/settings/candidate-emails/templates': 'jobs',
  'PUT /api/admin/settings/candidate-emails/templates/:id': 'jobs',
  'DELETE /api/admin/settings/candidate-emails/templates/:id': 'jobs',
  'GET /api/admin/admins': 'owner',
  'POST /api/admin/admins': 'owner',
  'PATCH /api/admin/admins/:id': 'owner',
  'POST /api/admin/admins/:id/sign-in-reset': 'owner',
  'POST /api/admin/admins/:id/sign-in-grace': 'owner',
  'GET /api/admin/invites': 'owner',
  'DELETE /api/admin/invites/:id': 'owner',
  'GET /api/admin/deliveries': 'owner',
  'POST /api/admin/deliveries/:id/retry': 'owner',
  'GET /api/admin/settings/notifications': 'owner',
  'PUT /api/admin/settings/notifications': 'owner',
  'GET /api/admin/settings/sign-in': 'owner',
  'PUT /api/admin/settings/sign-in': 'owner',
  'GET /api/admin/settings/webhooks': 'owner',
  'POST /api/admin/settings/webhooks': 'owner',
  'PATCH /api/admin/settings/webhooks/:id': 'owner',
  'DELETE /api/admin/settings/webhooks/:id': 'owner',
  'GET /api/admin/settings/retention': 'owner',
  'POST /api/admin/privacy/lookup': 'owner',
  'POST /api/admin/privacy/erase': 'owner',
  // Retired (410), still for owners only.
  'GET /api/admin/privacy': 'owner',
  'DELETE /api/admin/privacy': 'owner',
  'GET /api/admin/audit': 'owner',
  'GET /api/admin/audit/export.csv': 'owner',
  'GET /api/admin/analytics': 'analytics',
  'GET /api/admin/analytics/export.csv': 'analytics',
};
// Public: the site's reads and forms, sign-in (single sign-on's too), and the visitor's booking link (booking/booking.controller.ts).
const PUBLIC =
  /^(GET|HEAD) \/api\/(health|ready|portfolio|jobs|form-token|content\/:key|forms\/:form|posts|search|booking\/:token|booking\/:token\/slots)$|^POST \/api\/(leads|contacts|jobs\/apply|collect|booking\/:token)$|^DELETE \/api\/booking\/:token$|^POST \/admin\/(login|verify-2fa|resend-otp|accept-invite)$|^POST \/api\/admin\/passkey\/(options|verify)$|^GET \/api\/admin\/sso$|^POST \/api\/admin\/sso\/exchange$|^GET \/admin\/sso\/(start|callback)$/;
const normalize = (route: string) => route.replace(/:[\w|:]+/g, ':param');

describe('Admin accounts and roles', () => {
  let t: TestApp;
  let owner: { Authorization: string };
  const tokens = {} as Record<AdminRole, string>;
  const emailOf = (role: AdminRole) => `${role}@roles.test`;

  /** Invites through the API and accepts through the link of the mail, as a new colleague would. */
  async function inviteAndAccept(role: AdminRole, email = emailOf(role)): Promise<string> {
    await t.http
      .post('/api/admin/admins')
      .set(owner)
      .send({ email, name: `The ${role}`, role })
      .expect(201);
    const mails = t.outbox();
    const mail = readMessageFile(required(mails.at(-1), 'a mail'));
    expect(mail.subject).toBe('You are invited to the Brightwave admin');
    const token = /accept-invite#token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    await t.http.post('/admin/accept-invite').send({ token, password: PASSWORD }).expect(200);
    return token!;
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = { Authorization: `Bearer ${await loginAsAdmin(t)}` };
    tokens.owner = owner.Authorization.slice('Bearer '.length);
    for (const role of ['sales', 'recruiter', 'editor'] as const) {
      await inviteAndAccept(role);
      tokens[role] = await loginAsAdmin(t, { email: emailOf(role), password: PASSWORD });
    }
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  const call = (route: string, token: string) => {
    const { method, pattern } = routeParts(route);
    const request = t.http[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](pattern.replace(/:[\w|:]+/g, ANY_ID)).set(
      'Authorization',
      `Bearer ${token}`,
    );
    return ['POST', 'PUT', 'PATCH'].includes(method) ? request.send({}) : request;
  };

  it('every admin route of the route table declares its area', () => {
    const adminRoutes = appRoutes(t.app).filter((route) => /^\S+ \/(api|admin)\//.test(route) && !route.startsWith('HEAD ') && !PUBLIC.test(route));
    expect(new Set(adminRoutes.map(normalize))).toEqual(new Set(Object.keys(ROUTE_AREAS).map(normalize)));
  });

  it.each(['owner', 'sales', 'recruiter', 'editor'] as const)('the %s role gets exactly its areas; elsewhere 403 Not allowed', async (role) => {
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    // Signing out would end the session the matrix uses; its area is checked with the others' by the table above.
    for (const [route, area] of Object.entries(ROUTE_AREAS).filter(([route]) => route !== 'POST /admin/logout')) {
      const response = await call(route, tokens[role]);
      outcomes[route] = response.status === 403 ? `403 ${response.body.message}` : 'allowed';
      expected[route] = canUse(role, area) ? 'allowed' : `403 ${MESSAGES.notAllowed}`;
    }
    expect(outcomes).toEqual(expected);
  });

  it('tells each admin their role; every existing admin and the first admin are owners', async () => {
    expect((await t.http.get('/api/admin/account').set(owner).expect(200)).body.account).toMatchObject({ email: TEST_ADMIN.email, role: 'owner' });
    const { admins } = (await t.http.get('/api/admin/admins').set(owner).expect(200)).body;
    expect(admins).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: TEST_ADMIN.email, role: 'owner', disabled: false, lastSignInAt: expect.any(String) }),
        expect.objectContaining({ email: emailOf('sales'), role: 'sales', name: 'The sales' }),
      ]),
    );
    expect(Object.keys(ADMIN_AREAS)).toEqual(['everyone', 'inbox', 'jobs', 'portfolio', 'content', 'analytics', 'owner']);
  });

  it('says who can be booked: an active admin of a role that owns items, once they set at least one weekly window', async () => {
    const bookable = async () => {
      const { admins } = (await t.http.get('/api/admin/admins').set(owner).expect(200)).body as { admins: { email: string; bookable: boolean }[] };
      return Object.fromEntries(admins.map((admin) => [admin.email, admin.bookable]));
    };
    const setHours = (role: AdminRole, weekly: { day: number; start: string; end: string }[]) =>
      t.http
        .put('/api/admin/me/availability')
        .set('Authorization', `Bearer ${tokens[role]}`)
        .send({ ...DEFAULT_AVAILABILITY, weekly })
        .expect(200);
    const monday = [{ day: 1, start: '09:00', end: '17:00' }];

    await setHours('sales', []);
    expect(await bookable()).toMatchObject({ [emailOf('sales')]: false, [emailOf('editor')]: false });
    await setHours('sales', monday);
    // An editor owns no items: nobody books a call with them, whatever their hours.
    await setHours('editor', monday);
    expect(await bookable()).toMatchObject({ [emailOf('sales')]: true, [emailOf('editor')]: false });
  });

  it('refuses a bad invitation and an e-mail that already has an admin, and stores nothing', async () => {
    const bad = await t.http.post('/api/admin/admins').set(owner).send({ email: 'x@roles.test', name: 'X', role: 'boss' }).expect(400);
    expect(bad.body.errors).toEqual({ role: 'Role must be one of: owner, sales, recruiter, editor' });
    await t.http.post('/api/admin/admins').set(owner).send({ email: 'not-an-email', name: 'X', role: 'sales' }).expect(400);
    const taken = await t.http
      .post('/api/admin/admins')
      .set(owner)
      .send({ email: emailOf('sales'), name: 'Again', role: 'sales' })
      .expect(409);
    expect(taken.body.message).toBe(MESSAGES.adminExists);
  });

  it('an invitation link works once, and not after 72 hours', async () => {
    const token = await inviteAndAccept('editor', 'second.editor@roles.test');
    const again = await t.http.post('/admin/accept-invite').send({ token, password: PASSWORD }).expect(400);
    expect(again.body.message).toBe(MESSAGES.inviteInvalid);

    await t.http.post('/api/admin/admins').set(owner).send({ email: 'late@roles.test', name: 'Late', role: 'sales' }).expect(201);
    const mails = t.outbox();
    const late = required(/accept-invite#token=([\w-]+)/.exec(readMessageFile(required(mails.at(-1), 'a mail')).text)?.[1], 'the invitation token');
    fakeOnlyDate(Date.now() + 72 * 3600_000 + 60_000);
    try {
      expect((await t.http.post('/admin/accept-invite').send({ token: late, password: PASSWORD }).expect(400)).body.message).toBe(MESSAGES.inviteInvalid);
    } finally {
      jest.useRealTimers();
    }
  });

  /** Sends an invitation as `by` and answers the token of its link. */
  async function inviteOnly(by: { Authorization: string }, email: string, role: AdminRole = 'sales'): Promise<string> {
    await t.http
      .post('/api/admin/admins')
      .set(by)
      .send({ email, name: `Invitee ${email}`, role })
      .expect(201);
    const mails = t.outbox();
    return required(/accept-invite#token=([\w-]+)/.exec(readMessageFile(required(mails.at(-1), 'a mail')).text)?.[1], 'the invitation token');
  }
  const pendingEmails = async () =>
    (await t.http.get('/api/admin/invites').set(owner).expect(200)).body.invites.map((invite: { email: string }) => invite.email) as string[];

  it('lists the pending invitations with who sent them; a revoked one is gone and its link answers like an expired one', async () => {
    const token = await inviteOnly(owner, 'pending@roles.test', 'editor');
    const { invites } = (await t.http.get('/api/admin/invites').set(owner).expect(200)).body;
    const me = (await t.http.get('/api/admin/account').set(owner).expect(200)).body.account;
    expect(invites.find((invite: { email: string }) => invite.email === 'pending@roles.test')).toEqual({
      _id: expect.any(String),
      email: 'pending@roles.test',
      name: 'Invitee pending@roles.test',
      role: 'editor',
      invitedBy: { _id: me._id, name: TEST_ADMIN.name, email: TEST_ADMIN.email },
      expiresAt: expect.any(String),
      createdAt: expect.any(String),
    });
    // Accepted ones are admins now, not invitations.
    expect(await pendingEmails()).not.toContain(emailOf('sales'));

    const id = invites.find((invite: { email: string }) => invite.email === 'pending@roles.test')._id;
    const revoked = await t.http.delete(`/api/admin/invites/${id}`).set(owner).expect(200);
    expect(revoked.body).toEqual({ success: true, message: MESSAGES.inviteRevoked });
    expect(await pendingEmails()).not.toContain('pending@roles.test');
    const refused = await t.http.post('/admin/accept-invite').send({ token, password: PASSWORD }).expect(400);
    expect(refused.body.message).toBe(MESSAGES.inviteInvalid);
    expect((await t.http.delete(`/api/admin/invites/${id}`).set(owner).expect(404)).body.message).toBe(MESSAGES.inviteNotFound);
    await t.http.delete('/api/admin/invites/not-an-id').set(owner).expect(404);
    const [entry] = (await t.http.get('/api/admin/audit?action=admin.invite_revoked').set(owner).expect(200)).body.entries;
    expect(entry).toMatchObject({ adminEmail: TEST_ADMIN.email, targetId: id, details: { email: 'pending@roles.test', role: 'editor' } });
  });

  it('demoting or disabling an owner cancels the invitations that owner sent; those of other owners stay', async () => {
    await inviteAndAccept('owner', 'second.owner@roles.test');
    const second = { Authorization: `Bearer ${await loginAsAdmin(t, { email: 'second.owner@roles.test', password: PASSWORD })}` };
    const secondId = (await t.http.get('/api/admin/account').set(second).expect(200)).body.account._id;
    const fromSecond = await inviteOnly(second, 'from.second@roles.test');
    await inviteOnly(owner, 'from.first@roles.test');
    expect(await pendingEmails()).toEqual(expect.arrayContaining(['from.second@roles.test', 'from.first@roles.test']));

    await t.http.patch(`/api/admin/admins/${secondId}`).set(owner).send({ role: 'sales' }).expect(200);
    expect(await pendingEmails()).not.toContain('from.second@roles.test');
    expect(await pendingEmails()).toContain('from.first@roles.test');
    expect((await t.http.post('/admin/accept-invite').send({ token: fromSecond, password: PASSWORD }).expect(400)).body.message).toBe(MESSAGES.inviteInvalid);
    const [demoted] = (await t.http.get('/api/admin/audit?action=admin.updated').set(owner).expect(200)).body.entries;
    expect(demoted.details).toEqual({ email: 'second.owner@roles.test', invitesCancelled: 1, role: { from: 'owner', to: 'sales' } });

    await t.http.patch(`/api/admin/admins/${secondId}`).set(owner).send({ role: 'owner' }).expect(200);
    const again = { Authorization: `Bearer ${await loginAsAdmin(t, { email: 'second.owner@roles.test', password: PASSWORD })}` };
    await inviteOnly(again, 'from.second.again@roles.test');
    await t.http.patch(`/api/admin/admins/${secondId}`).set(owner).send({ disabled: true }).expect(200);
    expect(await pendingEmails()).not.toContain('from.second.again@roles.test');
    expect(await pendingEmails()).toContain('from.first@roles.test');
  });

  it('refuses a common or short password when accepting an invitation', async () => {
    await t.http.post('/api/admin/admins').set(owner).send({ email: 'weak@roles.test', name: 'Weak', role: 'sales' }).expect(201);
    const mails = t.outbox();
    const token = required(/accept-invite#token=([\w-]+)/.exec(readMessageFile(required(mails.at(-1), 'a mail')).text)?.[1], 'the invitation token');
    expect((await t.http.post('/admin/accept-invite').send({ token, password: 'Password1234!' }).expect(400)).body.message).toBe(MESSAGES.passwordTooCommon);
    await t.http.post('/admin/accept-invite').send({ token, password: 'short' }).expect(400);
    // The link still works after a refused password.
    await t.http.post('/admin/accept-invite').send({ token, password: PASSWORD }).expect(200);
  });

  it('the last active owner can be neither demoted nor disabled; an owner cannot disable themselves', async () => {
    const { admins } = (await t.http.get('/api/admin/admins').set(owner).expect(200)).body;
    const me = admins.find((admin: { email: string }) => admin.email === TEST_ADMIN.email)._id;
    expect((await t.http.patch(`/api/admin/admins/${me}`).set(owner).send({ role: 'sales' }).expect(409)).body.message).toBe(MESSAGES.lastOwner);
    expect((await t.http.patch(`/api/admin/admins/${me}`).set(owner).send({ disabled: true }).expect(409)).body.message).toBe(MESSAGES.selfDisable);
    await t.http.patch(`/api/admin/admins/${ANY_ID}`).set(owner).send({ role: 'sales' }).expect(404);
    await t.http.patch(`/api/admin/admins/${me}`).set(owner).send({}).expect(400);
    expect((await t.http.get('/api/admin/account').set(owner).expect(200)).body.account.role).toBe('owner');
  });

  it('a new role applies to the next request; disabling revokes every session at once and refuses sign-in', async () => {
    const { admins } = (await t.http.get('/api/admin/admins').set(owner).expect(200)).body;
    const recruiter = admins.find((admin: { email: string }) => admin.email === emailOf('recruiter'))._id;
    const asRecruiter = { Authorization: `Bearer ${tokens.recruiter}` };
    await t.http.get('/api/jobs/admin').set(asRecruiter).expect(200);
    await t.http.patch(`/api/admin/admins/${recruiter}`).set(owner).send({ role: 'sales' }).expect(200);
    await t.http.get('/api/jobs/admin').set(asRecruiter).expect(403);
    await t.http.get('/api/leads').set(asRecruiter).expect(200);

    const disabled = await t.http.patch(`/api/admin/admins/${recruiter}`).set(owner).send({ disabled: true }).expect(200);
    expect(disabled.body.data).toMatchObject({ disabled: true, role: 'sales' });
    await t.http.get('/api/leads').set(asRecruiter).expect(401);
    const refused = await t.http
      .post('/admin/login')
      .send({ email: emailOf('recruiter'), password: PASSWORD })
      .expect(403);
    expect(refused.body.message).toBe(MESSAGES.accountDisabled);
    // A wrong password still gets the usual answer: a stranger learns nothing of the account.
    await t.http
      .post('/admin/login')
      .send({ email: emailOf('recruiter'), password: 'wrong-password-123' })
      .expect(401);

    await t.http.patch(`/api/admin/admins/${recruiter}`).set(owner).send({ disabled: false, role: 'recruiter' }).expect(200);
    tokens.recruiter = await loginAsAdmin(t, { email: emailOf('recruiter'), password: PASSWORD });
  });

  it('changing one’s password needs the current one and signs out the other sessions', async () => {
    const email = emailOf('editor');
    const first = { Authorization: `Bearer ${await loginAsAdmin(t, { email, password: PASSWORD })}` };
    const second = { Authorization: `Bearer ${await loginAsAdmin(t, { email, password: PASSWORD })}` };
    const wrong = await t.http
      .put('/api/admin/account/password')
      .set(first)
      .send({ currentPassword: 'not-my-password', newPassword: 'brand-new-secret-77' })
      .expect(400);
    expect(wrong.body.errors).toEqual({ currentPassword: MESSAGES.currentPasswordWrong });
    const common = await t.http.put('/api/admin/account/password').set(first).send({ currentPassword: PASSWORD, newPassword: 'qwerty123456' }).expect(400);
    expect(common.body.errors).toEqual({ newPassword: MESSAGES.passwordTooCommon });

    await t.http.put('/api/admin/account/password').set(first).send({ currentPassword: PASSWORD, newPassword: 'brand-new-secret-77' }).expect(200);
    await t.http.get('/api/admin/account').set(first).expect(200);
    await t.http.get('/api/admin/account').set(second).expect(401);
    await t.http.post('/admin/login').send({ email, password: PASSWORD }).expect(401);
    tokens.editor = await loginAsAdmin(t, { email, password: 'brand-new-secret-77' });
  });

  it('lists one’s own active sessions with address and browser, and revokes any of them', async () => {
    const email = emailOf('sales');
    const other = { Authorization: `Bearer ${await loginAsAdmin(t, { email, password: PASSWORD })}` };
    const mine = { Authorization: `Bearer ${tokens.sales}` };
    const { sessions } = (await t.http.get('/api/admin/account/sessions').set(mine).expect(200)).body;
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ _id: expect.any(String), createdAt: expect.any(String), address: expect.any(String) });
    const otherId = sessions.find((session: { current: boolean }) => !session.current)._id;
    await t.http.delete(`/api/admin/account/sessions/${otherId}`).set(mine).expect(200);
    await t.http.get('/api/admin/account').set(other).expect(401);
    // Another admin's session is not theirs to end.
    const ownerSessions = (await t.http.get('/api/admin/account/sessions').set(owner).expect(200)).body.sessions;
    await t.http.delete(`/api/admin/account/sessions/${ownerSessions[0]._id}`).set(mine).expect(404);
  });

  describe('audit entries of sign-ins and accounts', () => {
    const entries = async (action: string) => (await t.http.get(`/api/admin/audit?action=${action}`).set(owner).expect(200)).body.entries;

    it('a failed sign-in keeps the e-mail tried; a wrong code and a sign-in name the admin; logout names the session', async () => {
      await t.http.post('/admin/login').send({ email: 'nobody@roles.test', password: 'wrong-password-123' }).expect(401);
      expect((await entries('auth.sign_in_failed'))[0]).toMatchObject({ adminId: null, adminEmail: 'nobody@roles.test', details: { step: 'password' } });

      const login = await t.http
        .post('/admin/login')
        .send({ email: emailOf('editor'), password: 'brand-new-secret-77' })
        .expect(200);
      await t.http.post('/admin/verify-2fa').send({ adminId: login.body.adminId, otp: '000000' }).expect(400);
      expect((await entries('auth.code_failed'))[0]).toMatchObject({ adminEmail: emailOf('editor'), targetKind: 'admin', targetId: login.body.adminId });

      const editorToken = await loginAsAdmin(t, { email: emailOf('editor'), password: 'brand-new-secret-77' });
      expect((await entries('auth.sign_in'))[0]).toMatchObject({ adminEmail: emailOf('editor'), address: expect.any(String) });
      await t.http.post('/admin/logout').set('Authorization', `Bearer ${editorToken}`).expect(200);
      expect((await entries('auth.logout'))[0]).toMatchObject({ adminEmail: emailOf('editor'), targetKind: 'session' });
    });

    it('invitations, their acceptance, role changes and disabling, password changes and ended sessions are recorded', async () => {
      expect((await entries('admin.invited')).map((entry: { details: { email: string } }) => entry.details.email)).toContain(emailOf('sales'));
      expect((await entries('admin.invite_accepted')).map((entry: { adminEmail: string }) => entry.adminEmail)).toContain(emailOf('sales'));
      const updates = await entries('admin.updated');
      expect(updates).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ adminEmail: TEST_ADMIN.email, details: { email: emailOf('recruiter'), role: { from: 'recruiter', to: 'sales' } } }),
          expect.objectContaining({ details: { email: emailOf('recruiter'), disabled: { from: false, to: true } } }),
        ]),
      );
      expect((await entries('account.password_changed'))[0]).toMatchObject({ adminEmail: emailOf('editor'), details: {} });
      expect((await entries('account.session_revoked'))[0]).toMatchObject({ adminEmail: emailOf('sales'), targetKind: 'session' });
      // No secret ever lands in an entry.
      const everything = JSON.stringify((await t.http.get('/api/admin/audit?limit=100').set(owner).expect(200)).body.entries);
      expect(everything).not.toContain(PASSWORD);
      expect(everything).not.toContain('brand-new-secret-77');
    });
  });
});
