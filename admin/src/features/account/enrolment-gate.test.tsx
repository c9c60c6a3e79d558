/**
 * @jest-environment-options {"url": "http://127.0.0.1:29438/admin/"}
 */
// The sign-in policy's gate against a real HTTP server on the page's origin that answers as the contract says.
import { AUTHENTICATOR_MESSAGES, type SignInStanding } from '@brightwave/common';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { EnrolmentGate } from './enrolment-gate';

jest.setTimeout(20_000);

const ME = { _id: 'sam', id: 'sam', name: 'Sam', email: 'sam@example.test', role: 'sales' };
const UNTIL = '2030-03-09T09:00:00.000Z';
const MUST_ENROL: SignInStanding = { factors: { authenticator: false, passkeys: 0 }, required: true, mustEnrol: true, mailedCodeUntil: UNTIL };
const ENROLLED: SignInStanding = { factors: { authenticator: true, passkeys: 0 }, required: true, mustEnrol: false, mailedCodeUntil: null };
const CODES = ['k7m2p-x9qrt', 'a1b2c-d3e4f'];

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());

/** The back office behind the gate: the path it shows. */
function BackOffice() {
  return <h1>Back office at {useLocation().pathname}</h1>;
}

function openAt(path: string, signIn: SignInStanding) {
  let standing = signIn;
  server.reset({
    'GET /api/admin/account': () => ok({ account: ME, signIn: standing }),
    'GET /api/admin/me/totp': () => ok({ authenticator: { enabled: standing === ENROLLED, enabledAt: null, recoveryCodesLeft: 0 } }),
    'GET /api/admin/me/passkeys': () => ok({ passkeys: [] }),
    'POST /api/admin/me/totp': () => ({ status: 201, body: { success: true, secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrSvg: '<svg/>' } }),
    'POST /api/admin/me/totp/confirm': () => {
      standing = ENROLLED;
      return ok({ message: AUTHENTICATOR_MESSAGES.enabled, recoveryCodes: CODES });
    },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/*',
        element: (
          <EnrolmentGate>
            <BackOffice />
          </EnrolmentGate>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  return router;
}

describe(EnrolmentGate.name, () => {
  it('shows the back office to an admin the policy asks nothing of', async () => {
    openAt('/leads', { ...ENROLLED, required: false, factors: { authenticator: false, passkeys: 0 } });
    expect(await screen.findByRole('heading', { name: 'Back office at /leads' })).toBeVisible();
  });

  it('sends an admin who must set up a strong factor to /account, says why and until when, and offers only that and signing out', async () => {
    const router = openAt('/leads', MUST_ENROL);
    expect(await screen.findByRole('heading', { name: 'Set up a second way to sign in', level: 1 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/account');
    expect(screen.getByText(/Your role \(Sales\) must sign in with an authenticator app or a passkey/)).toBeVisible();
    expect(screen.getByText(/A code sent by e-mail still signs you in until Mar 09, 2030/)).toBeVisible();
    expect(screen.getByRole('region', { name: 'Two-step sign-in' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Passkeys' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: /Back office/ })).toBeNull();
  });

  it('keeps the recovery codes on screen once the app is on, until the admin continues to the dashboard', async () => {
    const router = openAt('/account', MUST_ENROL);
    const user = userEvent.setup();
    const setUp = await screen.findByRole('form', { name: 'Set up an authenticator app' });
    await user.type(within(setUp).getByLabelText(/^Password/), 'quiet-harbour-tulip-42');
    await user.click(within(setUp).getByRole('button', { name: 'Set up an authenticator app' }));
    await user.type(await screen.findByRole('textbox', { name: 'Code from the app' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('heading', { name: 'You are set up' })).toBeVisible();
    expect(screen.getByRole('list', { name: 'Recovery codes' })).toHaveTextContent(CODES.join(''));
    await user.click(screen.getByRole('button', { name: 'Continue to the dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Back office at /dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
