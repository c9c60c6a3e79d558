/**
 * @jest-environment-options {"url": "http://127.0.0.1:29571/admin/"}
 */
// My account → API keys, against a real HTTP server on the page's origin that answers as the contract says.
import { API_KEY_MESSAGES, type AdminRole, type ApiKey } from '@brightwave/common';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { ApiKeysSection } from './api-keys-section';

jest.setTimeout(20_000);

const ROUTE = '/api/admin/api-keys';
const NEW_KEY = 'bw_7Qm2x9Kp4Lr8Vt1Zc6Nb3Hs5Jd0Fg2Wy4Ue7Io9Pa1S';
const SAM = { id: 'sam', name: 'Sam', email: 'sam@example.test' };
const EXISTING: ApiKey = {
  id: 'key-1',
  name: 'CRM sync',
  scopes: ['leads:read'],
  lastFour: 'a1B2',
  createdAt: '2030-01-07T09:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  creator: SAM,
};

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());

function serve(role: AdminRole, keys: ApiKey[]) {
  server.reset({
    'GET /api/admin/account': () => ok({ account: { _id: 'sam', ...SAM, role }, signIn: {} }),
    [`GET ${ROUTE}`]: () => ok({ apiKeys: keys }),
  });
}

async function openSection() {
  render(
    <Provider store={makeStore()}>
      <ApiKeysSection />
      <Toaster />
    </Provider>,
  );
  await screen.findByRole('heading', { name: 'API keys' });
}

describe(ApiKeysSection.name, () => {
  it('offers only the scopes the role allows, creates a key and shows it once with a copy button, then lists it', async () => {
    const user = userEvent.setup();
    serve('sales', []);
    const created: ApiKey = { ...EXISTING, id: 'key-2', name: 'Zapier', scopes: ['leads:read', 'contacts:write'], lastFour: NEW_KEY.slice(-4) };
    server.answers[`POST ${ROUTE}`] = () => ({ status: 201, body: { success: true, message: API_KEY_MESSAGES.created, key: NEW_KEY, apiKey: created } });
    await openSection();
    await screen.findByText('No API keys yet.');

    const form = await screen.findByRole('form', { name: 'Create an API key' });
    const scopes = within(form).getAllByRole('checkbox');
    // Sales: leads, contact messages and analytics; no jobs, applications or content.
    expect(scopes.map((box) => box.closest('label')?.textContent)).toEqual([
      'Read leads leads:read',
      'Change leads leads:write',
      'Read contact messages contacts:read',
      'Change contact messages contacts:write',
      'Read site analytics analytics:read',
    ]);
    // No scope chosen: said under the scopes, nothing sent.
    await user.type(within(form).getByRole('textbox', { name: 'Key name' }), 'Zapier');
    await user.click(within(form).getByRole('button', { name: 'Create API key' }));
    expect(await screen.findByText(API_KEY_MESSAGES.scopesMissing)).toBeInTheDocument();
    expect(server.sent(`POST ${ROUTE}`)).toEqual([]);

    await user.click(within(form).getByRole('checkbox', { name: /leads:read/ }));
    await user.click(within(form).getByRole('checkbox', { name: /contacts:write/ }));
    server.answers[`GET ${ROUTE}`] = () => ok({ apiKeys: [created] });
    await user.click(within(form).getByRole('button', { name: 'Create API key' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByText(API_KEY_MESSAGES.shownOnce)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('API key')).toHaveValue(NEW_KEY);
    expect(within(dialog).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    expect(server.sent(`POST ${ROUTE}`)).toEqual([{ name: 'Zapier', scopes: ['leads:read', 'contacts:write'], expiresAt: null }]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(NEW_KEY)).not.toBeInTheDocument();

    const row = (await screen.findByRole('cell', { name: 'Zapier' })).closest('tr')!;
    expect(within(row).getByText(`…${NEW_KEY.slice(-4)}`)).toBeInTheDocument();
    expect(within(row).getByText('contacts:write')).toBeInTheDocument();
    // Not an owner: no "Created by" column.
    expect(screen.queryByRole('columnheader', { name: 'Created by' })).not.toBeInTheDocument();
  });

  it('shows a refusal under the scopes and sends the expiry as the end of the chosen day', async () => {
    const user = userEvent.setup();
    serve('sales', []);
    const message = API_KEY_MESSAGES.scopeBeyondRole('leads:write');
    server.answers[`POST ${ROUTE}`] = () => ({ status: 400, body: { success: false, message, errors: { scopes: message } } });
    await openSection();
    const form = await screen.findByRole('form', { name: 'Create an API key' });
    await user.type(within(form).getByRole('textbox', { name: 'Key name' }), 'Nightly');
    await user.click(within(form).getByRole('checkbox', { name: /leads:write/ }));
    await user.type(within(form).getByLabelText('Expires after (optional)'), '2031-03-15');
    await user.click(within(form).getByRole('button', { name: 'Create API key' }));
    expect(await screen.findByText(message, { selector: 'p[id$="-error"]' })).toBeInTheDocument();
    expect(server.sent(`POST ${ROUTE}`)).toEqual([{ name: 'Nightly', scopes: ['leads:write'], expiresAt: new Date('2031-03-15T23:59:59').toISOString() }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets an owner see who made each key and revoke one after a confirmation', async () => {
    const user = userEvent.setup();
    serve('owner', [EXISTING]);
    server.answers[`DELETE ${ROUTE}/key-1`] = () => ok({ message: API_KEY_MESSAGES.revoked });
    await openSection();
    const row = (await screen.findByRole('cell', { name: 'CRM sync' })).closest('tr')!;
    expect(screen.getByRole('columnheader', { name: 'Created by' })).toBeInTheDocument();
    expect(within(row).getByText('Sam')).toBeInTheDocument();
    expect(within(row).getAllByText('Never')).toHaveLength(2);

    await user.click(within(row).getByRole('button', { name: 'Revoke the API key CRM sync' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke API key?' });
    expect(within(confirm).getByText(API_KEY_MESSAGES.revokeConfirm('CRM sync'))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.filter((call) => call.route.startsWith('DELETE'))).toEqual([]);

    server.answers[`GET ${ROUTE}`] = () => ok({ apiKeys: [] });
    await user.click(within(row).getByRole('button', { name: 'Revoke the API key CRM sync' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText(API_KEY_MESSAGES.revoked)).toBeInTheDocument();
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    expect(server.sent(`DELETE ${ROUTE}/key-1`)).toHaveLength(1);
  });
});
