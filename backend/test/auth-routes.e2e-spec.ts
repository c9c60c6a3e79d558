import { API_ENDPOINTS, MESSAGES, RETIRED_ENDPOINTS } from '@brightwave/common';
import { appRoutes, routeParts } from './support/route-table';
import { createTestApp, TestApp } from './support/test-app';

/** Every route anyone may call without signing in (SPEC §6, §7); everything else must answer 401. */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'HEAD /api/health',
  'GET /api/ready',
  'HEAD /api/ready',
  'HEAD /api/portfolio',
  'HEAD /api/jobs',
  'POST /api/leads',
  'POST /api/contacts',
  'GET /api/form-token',
  'HEAD /api/form-token',
  'GET /api/portfolio',
  'GET /api/jobs',
  // The quote and contact forms' custom questions, as the site asks them.
  'GET /api/forms/:form',
  'HEAD /api/forms/:form',
  'GET /api/content/:key',
  'HEAD /api/content/:key',
  // The published news as JSON (the site's /news page, for other readers).
  'GET /api/posts',
  'HEAD /api/posts',
  // Site search over what is published.
  'GET /api/search',
  'HEAD /api/search',
  'POST /api/jobs/apply',
  // The visitor's booking link (a signed token in the path).
  'GET /api/booking/:token',
  'HEAD /api/booking/:token',
  'GET /api/booking/:token/slots',
  'HEAD /api/booking/:token/slots',
  'POST /api/booking/:token',
  'DELETE /api/booking/:token',
  // The site's analytics beacon.
  'POST /api/collect',
  'POST /admin/login',
  'POST /admin/verify-2fa',
  'POST /admin/resend-otp',
  'POST /admin/accept-invite',
  // Signing in with a passkey alone.
  'POST /api/admin/passkey/options',
  'POST /api/admin/passkey/verify',
  // Single sign-on: the login page's question, the ticket's exchange, and the pages of the provider's round trip.
  'GET /api/admin/sso',
  'HEAD /api/admin/sso',
  'POST /api/admin/sso/exchange',
  'GET /admin/sso/start',
  'HEAD /admin/sso/start',
  'GET /admin/sso/callback',
  'HEAD /admin/sso/callback',
  // The files of the uploaded pictures: part of the site.
  'GET /media/:id/:file',
  'HEAD /media/:id/:file',
];

/** The admin routes of the API contract: the walk below must find at least these. */
const CONTRACT_ADMIN_ROUTES = [
  'POST /admin/logout',
  'GET /api/admin/dashboard/stats',
  'GET /api/leads',
  'GET /api/leads/export.csv',
  'PATCH /api/leads/:id/status',
  'PATCH /api/leads/:id/spam',
  'GET /api/contacts',
  'GET /api/contacts/export.csv',
  'PATCH /api/contacts/:id/status',
  'PATCH /api/contacts/:id/spam',
  'POST /api/portfolio',
  'PUT /api/portfolio/:id',
  'DELETE /api/portfolio/:id',
  'GET /api/jobs/admin',
  'POST /api/jobs/admin',
  'PUT /api/jobs/admin/:id',
  'PUT /api/jobs/admin/:id/status',
  'DELETE /api/jobs/admin/:id',
  'GET /api/admin/forms',
  'PUT /api/admin/forms/:form',
  'GET /api/admin/me/availability',
  'PUT /api/admin/me/availability',
  'GET /api/admin/me/totp',
  'POST /api/admin/me/totp',
  'POST /api/admin/me/totp/confirm',
  'DELETE /api/admin/me/totp',
  'POST /api/admin/me/totp/recovery-codes',
  'GET /api/admin/me/passkeys',
  'POST /api/admin/me/passkeys/options',
  'POST /api/admin/me/passkeys',
  'DELETE /api/admin/me/passkeys/:id',
  'GET /api/admin/api-keys',
  'POST /api/admin/api-keys',
  'DELETE /api/admin/api-keys/:id',
  'GET /api/admin/settings/sign-in',
  'PUT /api/admin/settings/sign-in',
  'GET /api/jobs/applications/:jobId',
  'GET /api/jobs/applications/export.csv',
  'PUT /api/jobs/applications/:applicationId/status',
  'GET /api/jobs/applications/:applicationId/resume',
  'GET /api/admin/analytics',
  'GET /api/admin/analytics/export.csv',
];

const ANY_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

describe('Admin routes require a token', () => {
  let t: TestApp;
  let routes: string[];

  beforeAll(async () => {
    t = await createTestApp();
    routes = appRoutes(t.app);
  });
  afterAll(() => t.close());

  const request = (route: string, headers: Record<string, string> = {}) => {
    const { method, pattern } = routeParts(route);
    const url = pattern.replace(/:[\w|:]+/g, ANY_ID);
    const call = t.http[method.toLowerCase() as 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete'](url).set(headers);
    return ['POST', 'PUT', 'PATCH'].includes(method) ? call.send({}) : call;
  };

  it('finds every route of the contract in the route table', () => {
    const normalize = (route: string) => route.replace(/:[\w|:]+/g, ':param');
    expect(routes).toContain('HEAD /api/leads');
    const found = new Set(routes.map(normalize));
    for (const route of [...PUBLIC_ROUTES, ...CONTRACT_ADMIN_ROUTES]) expect(found).toContain(normalize(route));
  });

  it('serves exactly the endpoints of the typed contract and the retired ones that answer 410 (HEAD, the static files and the pages of single sign-on aside)', () => {
    const normalize = (route: string) => route.replace(/:[\w|:]+/g, ':param');
    const ssoPages = ['GET /admin/sso/start', 'GET /admin/sso/callback'];
    const served = routes.filter((route) => !route.startsWith('HEAD ') && /^\S+ \/(api|admin)\//.test(route) && !ssoPages.includes(route));
    expect(new Set(served.map(normalize))).toEqual(new Set([...Object.keys(API_ENDPOINTS), ...Object.keys(RETIRED_ENDPOINTS)].map(normalize)));
  });

  it('answers 401 Not authorized on every route outside the public list when no token is sent', async () => {
    const adminRoutes = routes.filter((route) => !PUBLIC_ROUTES.includes(route));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(CONTRACT_ADMIN_ROUTES.length);
    const answers: Record<string, unknown> = {};
    for (const route of adminRoutes) {
      const response = await request(route);
      // A HEAD answer has no body.
      answers[route] = route.startsWith('HEAD ') ? { status: response.status } : { status: response.status, body: response.body };
    }
    const expected = Object.fromEntries(
      adminRoutes.map((route) => [
        route,
        route.startsWith('HEAD ') ? { status: 401 } : { status: 401, body: { success: false, message: MESSAGES.notAuthorized } },
      ]),
    );
    expect(answers).toEqual(expected);
  });

  it('answers 401 on every admin route for a token that is not ours', async () => {
    const adminRoutes = routes.filter((route) => !PUBLIC_ROUTES.includes(route));
    const forged = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4Iiwic2lkIjoieCJ9.c2lnbmF0dXJl';
    for (const route of adminRoutes) {
      const response = await request(route, { Authorization: `Bearer ${forged}` });
      expect(`${route} → ${response.status}`).toBe(`${route} → 401`);
    }
  });

  it('lets the public routes through without a token', async () => {
    for (const route of PUBLIC_ROUTES) {
      const response = await request(route);
      expect(`${route} → ${response.status}`).not.toBe(`${route} → 401`);
    }
  });
});
