/**
 * @jest-environment-options {"url": "http://127.0.0.1:29561/admin/"}
 */
// My account → Two-step sign-in, against a real HTTP server on the page's origin that answers as the contract says.
import { AUTHENTICATOR_MESSAGES, RECOVERY_CODE_COUNT, type AuthenticatorStatus } from '@brightwave/common';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { AuthenticatorSection } from './authenticator-section';

jest.setTimeout(20_000);

const ROUTE = '/api/admin/me/totp';
const OFF: AuthenticatorStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
const ON: AuthenticatorStatus = { enabled: true, enabledAt: '2030-01-07T09:00:00.000Z', recoveryCodesLeft: 9 };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 25 25"><path d="M0 0h7v7H0z"/></svg>';
const CODES = Array.from({ length: RECOVERY_CODE_COUNT }, (_, index) => `k7m2p-x9q${String(index).padStart(2, '0')}`);
const PASSWORD = 'quiet-harbour-tulip-42';
const refused = (message: string, errors: Record<string, string>) => ({ status: 400, body: { success: false, message, errors } });
const wrongPassword = () => refused(AUTHENTICATOR_MESSAGES.passwordWrong, { password: AUTHENTICATOR_MESSAGES.passwordWrong });
const fieldError = (message: string) => screen.findByText(message, { selector: 'p[id$="-error"]' });

/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob | undefined) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob ?? new Blob());
  });

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());

function serve(status: AuthenticatorStatus) {
  server.reset({ [`GET ${ROUTE}`]: () => ok({ authenticator: status }) });
}

async function openSection() {
  render(
    <Provider store={makeStore()}>
      <AuthenticatorSection />
      <Toaster />
    </Provider>,
  );
  await screen.findByRole('heading', { name: 'Two-step sign-in' });
}

describe(AuthenticatorSection.name, () => {
  it('sets the app up for the password: the QR code and the key, a wrong code refused under its field, the right one turns it on and shows the codes once', async () => {
    const user = userEvent.setup();
    serve(OFF);
    server.answers[`POST ${ROUTE}`] = (body) =>
      (body as { password: string }).password === PASSWORD
        ? { status: 201, body: { success: true, secret: SECRET, otpauthUrl: `otpauth://totp/x?secret=${SECRET}`, qrSvg: QR_SVG } }
        : wrongPassword();
    server.answers[`POST ${ROUTE}/confirm`] = (body) =>
      (body as { code: string }).code === '123456'
        ? ok({ message: AUTHENTICATOR_MESSAGES.enabled, recoveryCodes: CODES })
        : refused(AUTHENTICATOR_MESSAGES.codeWrong, { code: AUTHENTICATOR_MESSAGES.codeWrong });
    await openSection();
    expect(await screen.findByText(/^Off: signing in asks for a code sent by e-mail/)).toBeInTheDocument();

    const start = screen.getByRole('form', { name: 'Set up an authenticator app' });
    await user.type(within(start).getByLabelText(/^Password/), PASSWORD);
    await user.click(within(start).getByRole('button', { name: 'Set up an authenticator app' }));
    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(server.sent(`POST ${ROUTE}`).at(-1)).toEqual({ password: PASSWORD });
    expect(qr).toHaveAttribute('src', `data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR_SVG)}`);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    const code = screen.getByRole('textbox', { name: 'Code from the app' });
    await user.type(code, '65-43 21');
    expect(code).toHaveValue('654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(AUTHENTICATOR_MESSAGES.codeWrong, { selector: 'p[id$="-error"]' })).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(server.sent(`POST ${ROUTE}/confirm`)).toEqual([{ code: '654321' }]);

    serve(ON);
    server.answers[`POST ${ROUTE}/confirm`] = () => ok({ message: AUTHENTICATOR_MESSAGES.enabled, recoveryCodes: CODES });
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(AUTHENTICATOR_MESSAGES.enabled)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(server.sent(`POST ${ROUTE}/confirm`)).toEqual([{ code: '123456' }]);

    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText(/^On since .*9 of 10 recovery codes left\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('asks for the password before a setup: a wrong one is shown under its field, and nothing is set up', async () => {
    const user = userEvent.setup();
    serve(OFF);
    server.answers[`POST ${ROUTE}`] = () => wrongPassword();
    await openSection();
    const start = await screen.findByRole('form', { name: 'Set up an authenticator app' });
    const password = within(start).getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.type(password, 'a-wrong-password-1');
    await user.click(within(start).getByRole('button', { name: 'Set up an authenticator app' }));
    expect(await fieldError(AUTHENTICATOR_MESSAGES.passwordWrong)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(server.sent(`POST ${ROUTE}`)).toEqual([{ password: 'a-wrong-password-1' }]);
  });

  it('copies the codes and downloads them as a text file, one a line', async () => {
    const user = userEvent.setup();
    serve(OFF);
    server.answers[`POST ${ROUTE}`] = () => ({ status: 201, body: { success: true, secret: SECRET, otpauthUrl: 'otpauth://totp/x', qrSvg: QR_SVG } });
    server.answers[`POST ${ROUTE}/confirm`] = () => ok({ message: AUTHENTICATOR_MESSAGES.enabled, recoveryCodes: CODES });
    const writeText = jest.fn((_text: string) => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let downloaded: Blob | undefined;
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => {
        downloaded = blob;
        return 'blob:codes';
      }),
      revokeObjectURL: jest.fn(),
    });
    // jsdom does not download: the link the file is saved through is only clicked.
    const saved = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('brightwave-recovery-codes.txt');
    });
    await openSection();
    await user.type(await screen.findByLabelText(/^Password/), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    await user.type(await screen.findByRole('textbox', { name: 'Code from the app' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    // Two toasts show at once (TOAST_LIMIT): the one of turning it on, and the copy's.
    writeText.mockImplementationOnce(() => Promise.reject(new Error('denied')));
    await user.click(await screen.findByRole('button', { name: 'Copy codes' }));
    expect(await screen.findByText(AUTHENTICATOR_MESSAGES.copyFailure)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenLastCalledWith(`${CODES.join('\n')}\n`);

    await user.click(screen.getByRole('button', { name: 'Download codes' }));
    expect(saved).toHaveBeenCalled();
    expect(await textOf(downloaded)).toBe(`${CODES.join('\n')}\n`);
    saved.mockRestore();
  });

  it('turns the app off with the password and a code: a wrong password is shown under its field, then off', async () => {
    const user = userEvent.setup();
    serve(ON);
    server.answers[`DELETE ${ROUTE}`] = (body) => {
      if ((body as { password: string }).password !== PASSWORD) return wrongPassword();
      server.answers[`GET ${ROUTE}`] = () => ok({ authenticator: OFF });
      return ok({ message: AUTHENTICATOR_MESSAGES.removed });
    };
    await openSection();
    const form = await screen.findByRole('form', { name: 'Turn off the authenticator app' });
    const password = within(form).getByLabelText(/^Password/);
    await user.type(password, 'a-wrong-password-1');
    await user.type(within(form).getByRole('textbox', { name: 'Code from the app or a recovery code' }), 'k7m2p-x9q00');
    await user.click(within(form).getByRole('button', { name: 'Turn off the authenticator app' }));
    expect(await fieldError(AUTHENTICATOR_MESSAGES.passwordWrong)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');

    await user.clear(password);
    await user.type(password, PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Turn off the authenticator app' }));
    expect(await screen.findByText(AUTHENTICATOR_MESSAGES.removed)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Set up an authenticator app' })).toBeInTheDocument();
    expect(server.sent(`DELETE ${ROUTE}`).at(-1)).toEqual({ password: PASSWORD, code: 'k7m2p-x9q00' });
  });

  it('replaces the recovery codes after a confirmation that takes the password and a code, then shows the new codes once', async () => {
    const user = userEvent.setup();
    serve(ON);
    const fresh = CODES.map((code) => code.replace('k7m2p', 'z3n4q'));
    server.answers[`POST ${ROUTE}/recovery-codes`] = (body) => {
      if ((body as { password: string }).password !== PASSWORD) return wrongPassword();
      server.answers[`GET ${ROUTE}`] = () => ok({ authenticator: { ...ON, recoveryCodesLeft: RECOVERY_CODE_COUNT } });
      return ok({ message: AUTHENTICATOR_MESSAGES.recoveryCodesReplaced, recoveryCodes: fresh });
    };
    await openSection();
    await user.click(await screen.findByRole('button', { name: 'Replace recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace your recovery codes?' });
    expect(dialog).toHaveAccessibleDescription('You get 10 new codes, and every code you have now stops working at once, used or not.');
    const password = within(dialog).getByLabelText(/^Password/);
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('autocomplete', 'current-password');

    // Cancel leaves everything as it was, and asks nothing of the server.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.sent(`POST ${ROUTE}/recovery-codes`)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Replace recovery codes' }));
    const again = await screen.findByRole('dialog', { name: 'Replace your recovery codes?' });
    await user.type(within(again).getByLabelText(/^Password/), 'a-wrong-password-1');
    await user.type(within(again).getByRole('textbox', { name: 'Code from the app or a recovery code' }), '123456');
    await user.click(within(again).getByRole('button', { name: 'Replace recovery codes' }));
    expect(await within(again).findByText(AUTHENTICATOR_MESSAGES.passwordWrong, { selector: 'p[id$="-error"]' })).toBeInTheDocument();

    const field = within(again).getByLabelText(/^Password/);
    await user.clear(field);
    await user.type(field, PASSWORD);
    await user.click(within(again).getByRole('button', { name: 'Replace recovery codes' }));
    expect(await screen.findByText(AUTHENTICATOR_MESSAGES.recoveryCodesReplaced)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Recovery codes' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(fresh);
    expect(server.sent(`POST ${ROUTE}/recovery-codes`).at(-1)).toEqual({ password: PASSWORD, code: '123456' });

    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText(/10 of 10 recovery codes left\.$/)).toBeInTheDocument();
  });

  it('says when the setup cannot be made', async () => {
    const user = userEvent.setup();
    serve(OFF);
    server.answers[`POST ${ROUTE}`] = () => ({ status: 409, body: { success: false, message: AUTHENTICATOR_MESSAGES.alreadyEnabled } });
    await openSection();
    await user.type(await screen.findByLabelText(/^Password/), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByText(AUTHENTICATOR_MESSAGES.alreadyEnabled)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('offers to load the state again when it cannot be read', async () => {
    const user = userEvent.setup();
    const errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.reset({ [`GET ${ROUTE}`]: () => ({ status: 503, body: { success: false, message: 'The service is briefly unavailable.' } }) });
    await openSection();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(errorLog).toHaveBeenCalled();
    serve(OFF);
    await user.click(retry);
    expect(await screen.findByRole('button', { name: 'Set up an authenticator app' })).toBeInTheDocument();
    errorLog.mockRestore();
  });
});
