/**
 * @jest-environment-options {"url": "http://127.0.0.1:29611/admin/"}
 */
// The Admins screen's help with another admin's sign-in, against a real HTTP server on the page's origin that answers
// as the contract says.
import { ADMIN_SIGN_IN_MESSAGES, AUTHENTICATOR_MESSAGES, type AdminSummary } from '@brightwave/common';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { AdminSignInActions } from './admin-sign-in-actions';

jest.setTimeout(20_000);

const BO: AdminSummary = {
  _id: '6f1c2d3e-0000-4000-8000-000000000002',
  id: '6f1c2d3e-0000-4000-8000-000000000002',
  name: 'Bo Sales',
  email: 'bo@example.com',
  role: 'sales',
  disabled: false,
  createdAt: '2030-01-01T09:00:00.000Z',
  lastSignInAt: null,
  bookable: false,
  signIn: { factors: { authenticator: true, passkeys: 1 }, required: false, mustEnrol: false, mailedCodeUntil: null },
};
const MUST_ENROL: AdminSummary = {
  ...BO,
  signIn: { factors: { authenticator: false, passkeys: 0 }, required: true, mustEnrol: true, mailedCodeUntil: '2030-01-02T09:00:00.000Z' },
};
const RESET = `POST /api/admin/admins/${BO._id}/sign-in-reset`;
const GRACE = `POST /api/admin/admins/${BO._id}/sign-in-grace`;
const PASSWORD = 'the-owners-password-1';

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());

function show(admin: AdminSummary, isSelf = false) {
  render(
    <Provider store={makeStore()}>
      <AdminSignInActions admin={admin} isSelf={isSelf} />
      <Toaster />
    </Provider>,
  );
}

describe(AdminSignInActions.name, () => {
  it("resets another admin's sign-in with the owner's password: a wrong one is shown under its field", async () => {
    const user = userEvent.setup();
    server.reset({
      [RESET]: (body) =>
        (body as { password: string }).password === PASSWORD
          ? ok({ message: ADMIN_SIGN_IN_MESSAGES.reset('Bo Sales') })
          : {
              status: 400,
              body: { success: false, message: AUTHENTICATOR_MESSAGES.passwordWrong, errors: { password: AUTHENTICATOR_MESSAGES.passwordWrong } },
            },
    });
    show(BO);
    expect(screen.queryByRole('button', { name: 'Restart grace period of Bo Sales' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset sign-in of Bo Sales' }));
    const form = await screen.findByRole('form', { name: 'Reset the sign-in of Bo Sales?' });
    await user.type(within(form).getByLabelText(/^Your password/), 'not-it');
    await user.click(within(form).getByRole('button', { name: 'Reset sign-in' }));
    expect(await screen.findByText(AUTHENTICATOR_MESSAGES.passwordWrong, { selector: 'p[id$="-error"]' })).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/^Your password/));
    await user.type(within(form).getByLabelText(/^Your password/), PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Reset sign-in' }));
    expect(await screen.findByText(ADMIN_SIGN_IN_MESSAGES.reset('Bo Sales'))).toBeInTheDocument();
    expect(server.sent(RESET)).toEqual([{ password: 'not-it' }, { password: PASSWORD }]);
    expect(screen.queryByRole('form', { name: 'Reset the sign-in of Bo Sales?' })).not.toBeInTheDocument();
  });

  it('gives one who must set up a strong factor a new grace period, after a confirmation', async () => {
    const user = userEvent.setup();
    server.reset({ [GRACE]: () => ok({ message: ADMIN_SIGN_IN_MESSAGES.graceRestarted('Bo Sales'), mailedCodeUntil: '2030-01-09T09:00:00.000Z' }) });
    show(MUST_ENROL);
    expect(screen.queryByRole('button', { name: 'Reset sign-in of Bo Sales' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restart grace period of Bo Sales' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Give Bo Sales a new grace period?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restart grace period' }));
    expect(await screen.findByText(new RegExp(`^${ADMIN_SIGN_IN_MESSAGES.graceRestarted('Bo Sales')}, until `))).toBeInTheDocument();
    expect(server.sent(GRACE)).toHaveLength(1);
  });

  it('offers nothing for the owner’s own row', () => {
    show(BO, true);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
