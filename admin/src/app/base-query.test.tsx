/**
 * @jest-environment-options {"url": "http://127.0.0.1:29417/admin/"}
 */
// The base query against a real HTTP server on the page's origin (as the backend serves /admin/).
import { MESSAGES, required, type AdminDetails } from '@brightwave/common';
import { render, screen } from '@testing-library/react';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { ADMIN_DETAILS_KEY, ADMIN_TOKEN_KEY, readStoredSession } from '../features/auth/session';
import { signInApi } from '../features/auth/sign-in-api';
import { inboxApi } from '../features/inbox/inbox-api';
import { AdminApp } from './router';
import { makeStore } from './store';

const PORT = 29417;
const GOOD_TOKEN = 'good-token';
const admin: AdminDetails = { _id: 'a1', id: 'a1', name: 'Ada Admin', email: 'ada@example.test' };
const lead = {
  _id: 'l1',
  name: 'Grace',
  email: 'grace@example.test',
  service: 'web',
  message: 'A new website, please.',
  status: 'new',
  createdAt: '2026-03-04T10:00:00.000Z',
};

let server: http.Server;
const received: { method?: string; url?: string; authorization?: string; accept?: string; contentType?: string }[] = [];
const bodies: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    received.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      accept: request.headers.accept,
      contentType: request.headers['content-type'],
    });
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => bodies.push(body));
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/admin/login') return send(401, { success: false, message: MESSAGES.invalidCredentials });
    if (request.url === '/api/admin/account') {
      if (request.headers.authorization !== `Bearer ${GOOD_TOKEN}`) {
        return send(401, { success: false, message: MESSAGES.notAuthorized });
      }
      const signIn = { factors: { authenticator: false, passkeys: 0 }, required: false, mustEnrol: false, mailedCodeUntil: null };
      return send(200, { success: true, account: { ...admin, role: 'sales' }, signIn });
    }
    if (request.url?.startsWith('/api/leads')) {
      if (request.headers.authorization !== `Bearer ${GOOD_TOKEN}`) {
        return send(401, { success: false, message: MESSAGES.notAuthorized });
      }
      return send(200, { success: true, leads: [lead], total: 1 });
    }
    send(404, { success: false, message: MESSAGES.notFound });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(PORT, '127.0.0.1', resolve);
  });
  expect((server.address() as AddressInfo).port).toBe(PORT);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  bodies.length = 0;
});

/** The admin app at a page, as the browser would open it; `current()` is where it is now. */
function renderAppAt(path: string) {
  let location: Location | undefined;
  function LocationProbe() {
    location = useLocation();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminApp />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { current: () => location! };
}

function storeSignedIn(token: string) {
  window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
  window.localStorage.setItem(ADMIN_DETAILS_KEY, JSON.stringify(admin));
}

describe('base query', () => {
  it('sends the stored admin token as a Bearer header and asks for JSON', async () => {
    storeSignedIn(GOOD_TOKEN);
    const store = makeStore();
    const answer = await store.dispatch(inboxApi.endpoints.getInbox.initiate({ kind: 'leads', query: {} })).unwrap();
    expect(answer.rows).toEqual([lead]);
    expect(received).toEqual([{ method: 'GET', url: '/api/leads', authorization: `Bearer ${GOOD_TOKEN}`, accept: 'application/json' }]);
  });

  it('sends no Authorization header when no token is stored', async () => {
    const store = makeStore();
    await store.dispatch(inboxApi.endpoints.getInbox.initiate({ kind: 'leads', query: {} }));
    expect(required(received[0], 'the request').authorization).toBeUndefined();
  });

  it('reads the token from storage on every request (a changed token is sent as it is)', async () => {
    storeSignedIn(GOOD_TOKEN);
    const store = makeStore();
    window.localStorage.setItem(ADMIN_TOKEN_KEY, 'changed-token');
    await store.dispatch(inboxApi.endpoints.getInbox.initiate({ kind: 'leads', query: {} }));
    expect(required(received[0], 'the request').authorization).toBe('Bearer changed-token');
  });

  it('on a 401 removes adminToken and adminDetails, ends the session and forgets cached data', async () => {
    storeSignedIn('expired-token');
    const store = makeStore();
    expect(readStoredSession().token).toBe('expired-token');
    await store.dispatch(inboxApi.endpoints.getInbox.initiate({ kind: 'leads', query: {} }));
    expect(required(received[0], 'the request').authorization).toBe('Bearer expired-token');
    expect(window.localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(ADMIN_DETAILS_KEY)).toBeNull();
    expect(readStoredSession()).toEqual({ token: null, admin: null });
    expect(store.getState().api.queries).toEqual({});
  });

  it('a 401 from POST /admin/login is a wrong password, not an expired session: nothing is cleared', async () => {
    storeSignedIn(GOOD_TOKEN);
    await expect(signInApi.login({ email: 'x@example.test', password: 'nope' })).rejects.toMatchObject({
      status: 401,
      data: { message: MESSAGES.invalidCredentials },
    });
    expect(received[0]).toMatchObject({ method: 'POST', url: '/admin/login', authorization: `Bearer ${GOOD_TOKEN}` });
    expect(window.localStorage.getItem(ADMIN_TOKEN_KEY)).toBe(GOOD_TOKEN);
    expect(readStoredSession().token).toBe(GOOD_TOKEN);
  });

  it("the sign-in calls send JSON like every other call and answer the server's message on a failure", async () => {
    await expect(signInApi.login({ email: 'x@example.test', password: 'nope' })).rejects.toMatchObject({
      status: 401,
      data: { message: MESSAGES.invalidCredentials },
    });
    expect(received).toEqual([{ method: 'POST', url: '/admin/login', accept: 'application/json', contentType: 'application/json' }]);
    expect(JSON.parse(required(bodies[0], 'the sent body'))).toEqual({ email: 'x@example.test', password: 'nope' });
  });

  it('a 401 while a guarded page is open sends the browser to the login page', async () => {
    storeSignedIn('expired-token');
    const location = renderAppAt('/leads');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(location.current().pathname).toBe('/login');
    expect(location.current().state).toMatchObject({ from: { pathname: '/leads' } });
    // The first guarded call (the admin's account and role) ends the session; the page leaves instead of asking
    // again without a token. The login page asks only whether single sign-on is set up (public).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.map((request) => request.url)).toEqual(['/api/admin/account', '/api/admin/sso']);
    expect(window.localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(ADMIN_DETAILS_KEY)).toBeNull();
  });

  it('a guarded page with a valid session shows its rows', async () => {
    storeSignedIn(GOOD_TOKEN);
    renderAppAt('/leads');
    expect(await screen.findByRole('cell', { name: 'Grace' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Status: New/ })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: /^Mar 04, 2026[\s,]+Mar 04, 2026 10:00$/ })).toBeInTheDocument();
  });
});
