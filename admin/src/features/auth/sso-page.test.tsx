/**
 * @jest-environment-options {"url": "http://127.0.0.1:29612/admin/"}
 */
// Single sign-on in the admin (decision 093) against a real HTTP server on the page's origin: the login page's button
// when the provider is set up, and the page that exchanges the callback's ticket for the session.
import { SSO_LOGIN_TEXTS, SSO_MESSAGES } from '@brightwave/common';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { LoginPage } from './login-page';
import { SsoPage } from './sso-page';

jest.setTimeout(20_000);

const ADMIN_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const ADMIN = { _id: ADMIN_ID, id: ADMIN_ID, name: 'Ada', email: 'ada@example.com' };

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());
beforeEach(() => {
  window.localStorage.clear();
  server.reset({});
});

function open(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/sso', element: <SsoPage /> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/account', element: <h1>My account</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe(SsoPage.name, () => {
  it('offers "Sign in with <provider>" on the login page, a link to the backend’s start page, and says who keeps the password', async () => {
    server.answers['GET /api/admin/sso'] = () => ok({ sso: { name: 'Microsoft' }, passwordSignIn: 'owners' });
    open('/login');
    const link = await screen.findByRole('link', { name: 'Sign in with Microsoft' });
    expect(link).toHaveAttribute('href', '/admin/sso/start');
    expect(screen.getByText(SSO_LOGIN_TEXTS.passwordForOwnersOnly('Microsoft'))).toBeInTheDocument();
  });

  it('shows no provider’s button when single sign-on is not set up', async () => {
    server.answers['GET /api/admin/sso'] = () => ok({ sso: null, passwordSignIn: 'all' });
    open('/login');
    expect(await screen.findByRole('button', { name: 'Sign in with a passkey' })).toBeInTheDocument();
    // The settings' answer came and changed nothing.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(server.calls.map((call) => call.route)).toContain('GET /api/admin/sso');
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).not.toBeInTheDocument();
  });

  it('exchanges the ticket once for the session and opens the dashboard', async () => {
    server.answers['POST /api/admin/sso/exchange'] = () => ok({ token: 'a.b.c', admin: ADMIN });
    open('/sso?ticket=the-ticket');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(server.sent('POST /api/admin/sso/exchange')).toEqual([{ ticket: 'the-ticket' }]);
    expect(window.localStorage.getItem('adminToken')).toBe('a.b.c');
  });

  it('sends an admin who must set up a strong factor to My account', async () => {
    server.answers['POST /api/admin/sso/exchange'] = () => ok({ token: 'a.b.c', admin: ADMIN, mustEnrol: true });
    open('/sso?ticket=the-ticket');
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
  });

  it('says why a ticket is refused, with the way back to sign in', async () => {
    server.answers['POST /api/admin/sso/exchange'] = () => ({ status: 400, body: { success: false, message: SSO_MESSAGES.ticketExpired } });
    open('/sso?ticket=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_MESSAGES.ticketExpired);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(window.localStorage.getItem('adminToken')).toBeNull();
  });

  it('asks for a new start without a ticket, calling nothing', async () => {
    open('/sso');
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_MESSAGES.ticketMissing);
    expect(server.calls).toEqual([]);
  });
});
