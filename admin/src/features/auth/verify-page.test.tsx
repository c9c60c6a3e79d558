/**
 * @jest-environment-options {"url": "http://127.0.0.1:29562/admin/"}
 */
// The verification page against a real HTTP server on the page's origin: the spec's screen for the mailed code, and the
// same screen for an admin who signs in with an authenticator app.
import { MESSAGES, type SignInFactor } from '@brightwave/common';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { VerifyPage } from './verify-page';

jest.setTimeout(20_000);

const ADMIN_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const CHALLENGE = '3f2504e0-4f89-41d3-9a0c-0305e82c3302';
const ADMIN = { _id: ADMIN_ID, id: ADMIN_ID, name: 'Ada', email: 'ada@example.com' };

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());
beforeEach(() => server.reset({ 'POST /admin/verify-2fa': () => ok({ token: 'a.b.c', admin: ADMIN }) }));

function openPage(factors?: SignInFactor[]) {
  const router = createMemoryRouter(
    [
      { path: '/verify-2fa', element: <VerifyPage /> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: [{ pathname: '/verify-2fa', state: { adminId: ADMIN_ID, challenge: CHALLENGE, factors } }] },
  );
  render(<RouterProvider router={router} />);
}

describe(VerifyPage.name, () => {
  it('is the spec’s screen for the mailed code: its text, the code field, the countdown and Resend code, and no recovery code', async () => {
    openPage(['email-code']);
    expect(await screen.findByRole('heading', { name: 'Two-Factor Verification' })).toBeInTheDocument();
    expect(screen.getByText('Enter the verification code we sent to your email.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Verification Code' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^\d:\d\d$/);
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).not.toBeInTheDocument();
  });

  it('asks an admin with an authenticator app for its code, offers no mailed code, and takes a recovery code instead', async () => {
    const user = userEvent.setup();
    server.answers['POST /admin/verify-2fa'] = (body) =>
      (body as { recoveryCode?: string }).recoveryCode === 'k7m2p-x9qrt'
        ? ok({ token: 'a.b.c', admin: ADMIN })
        : { status: 400, body: { success: false, message: MESSAGES.verifyInvalidCode } };
    openPage(['authenticator', 'recovery-code']);
    expect(await screen.findByText('Enter the code your authenticator app shows.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Verification Code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.verifyInvalidCode);

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Recovery code' }), ' k7m2p-x9qrt ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(server.sent('POST /admin/verify-2fa')).toEqual([
      { adminId: ADMIN_ID, challenge: CHALLENGE, otp: '123456' },
      { adminId: ADMIN_ID, challenge: CHALLENGE, recoveryCode: 'k7m2p-x9qrt' },
    ]);
    expect(window.localStorage.getItem('adminToken')).toBe('a.b.c');
  });

  it('goes back to the app’s code from the recovery code', async () => {
    const user = userEvent.setup();
    openPage(['authenticator', 'recovery-code']);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.click(screen.getByRole('button', { name: 'Use the code from your authenticator app' }));
    expect(screen.getByRole('textbox', { name: 'Verification Code' })).toBeInTheDocument();
  });
});
