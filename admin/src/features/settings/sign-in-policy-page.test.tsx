/**
 * @jest-environment-options {"url": "http://127.0.0.1:29437/admin/"}
 */
// Settings → Sign-in against a real HTTP server on the page's origin that answers as the contract says.
import { SIGN_IN_POLICY_MESSAGES, type AdminRole, type AdminSummary, type SignInPolicy, type StrongFactors } from '@brightwave/common';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { SignInPolicyPage } from './sign-in-policy-page';

jest.setTimeout(20_000);

const NONE: StrongFactors = { authenticator: false, passkeys: 0 };
function admin(id: string, role: AdminRole, factors: StrongFactors = NONE): AdminSummary {
  const signIn = { factors, required: false, mustEnrol: false, mailedCodeUntil: null };
  return {
    _id: id,
    id,
    name: id,
    email: `${id}@example.test`,
    role,
    disabled: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSignInAt: null,
    bookable: false,
    signIn,
  };
}
const ADMINS = [admin('owen', 'owner'), admin('sam', 'sales', { authenticator: true, passkeys: 0 }), admin('sue', 'sales'), admin('rita', 'recruiter')];

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());

function serve(policy: SignInPolicy, myFactors: StrongFactors = NONE) {
  server.reset({
    'GET /api/admin/settings/sign-in': () => ok({ policy }),
    'GET /api/admin/admins': () => ok({ admins: ADMINS }),
    'GET /api/admin/account': () =>
      ok({
        account: { _id: 'owen', id: 'owen', name: 'Owen', email: 'owen@example.test', role: 'owner' },
        signIn: { factors: myFactors, required: false, mustEnrol: false, mailedCodeUntil: null },
      }),
  });
}

async function openPage() {
  const router = createMemoryRouter([{ path: '/settings/sign-in', element: <SignInPolicyPage /> }], { initialEntries: ['/settings/sign-in'] });
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  return screen.findByRole('form', { name: 'Strong sign-in by role' });
}

const roles = () => screen.getByRole('group', { name: 'Roles that must use an authenticator app or a passkey' });
const sent = () => server.calls.filter((call) => call.route === 'PUT /api/admin/settings/sign-in').map((call) => call.body);

describe(SignInPolicyPage.name, () => {
  it('shows the saved policy: a checkbox per role, named by it, with how many of its admins have a strong factor, and the grace period', async () => {
    serve({ roles: ['sales'], graceDays: 21 });
    await openPage();
    expect(await screen.findByText('(1 of 2 have an authenticator app or a passkey)')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: /^Sales/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Owner/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Editor (no active admin)' })).not.toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Grace period (days)' })).toHaveValue(21);
    expect(roles()).toBeVisible();
  });

  it('sends the checked roles in the roles’ order and the days, and says it saved', async () => {
    serve({ roles: [], graceDays: 14 });
    server.answers['PUT /api/admin/settings/sign-in'] = (body) => ok({ message: SIGN_IN_POLICY_MESSAGES.saved, policy: body as SignInPolicy });
    await openPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /^Recruiter/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Sales/ }));
    const days = screen.getByRole('spinbutton', { name: 'Grace period (days)' });
    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SIGN_IN_POLICY_MESSAGES.saved)).toBeVisible();
    expect(sent()).toEqual([{ roles: ['sales', 'recruiter'], graceDays: 30 }]);
  });

  it('shows each field’s refusal under it, tied to the field', async () => {
    serve({ roles: [], graceDays: 14 });
    const errors = { roles: SIGN_IN_POLICY_MESSAGES.rolesInvalid, graceDays: SIGN_IN_POLICY_MESSAGES.graceDaysInvalid };
    server.answers['PUT /api/admin/settings/sign-in'] = () => ({ status: 400, body: { success: false, message: errors.roles, errors } });
    await openPage();
    const user = userEvent.setup();
    await user.clear(screen.getByRole('spinbutton', { name: 'Grace period (days)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('spinbutton', { name: 'Grace period (days)', description: /whole number of days/ })).toBeInvalid();
    expect(roles()).toHaveAccessibleDescription(expect.stringContaining(SIGN_IN_POLICY_MESSAGES.rolesInvalid));
    expect(sent()).toEqual([{ roles: [], graceDays: 0 }]);
  });

  it('warns an owner without a strong factor who covers their own role that they will be sent to set one up', async () => {
    serve({ roles: [], graceDays: 14 });
    await openPage();
    const warning = /right after saving, you will be asked to set one up/;
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /^Owner/ }));
    expect(screen.getByText(warning)).toBeVisible();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /^Owner/ }));
    expect(screen.queryByText(warning)).toBeNull();
  });
});
