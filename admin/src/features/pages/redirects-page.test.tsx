/**
 * @jest-environment-options {"url": "http://127.0.0.1:29613/admin/"}
 */
// The Redirects screen against a real HTTP server on the page's origin that answers as the contract says.
import { REDIRECT_MESSAGES, type Redirect } from '@brightwave/common';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { formatDateTime } from '../../lib/format';
import { RedirectsPage } from './redirects-page';

jest.setTimeout(20_000);

const redirects: Redirect[] = [
  { _id: 'r2', from: '/spring', to: '/spring-offer', status: 301, createdAt: '2026-11-28T10:00:00.000Z', createdBy: 'editor@brightwave.test', source: 'page' },
  { _id: 'r1', from: '/promo', to: 'https://shop.example.com/', status: 302, createdAt: '2026-11-27T09:15:00.000Z', createdBy: null, source: 'manual' },
];

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());
beforeEach(() => server.reset({ 'GET /api/admin/redirects': () => ok({ redirects }) }));

async function openScreen() {
  const router = createMemoryRouter([{ path: '/pages/redirects', element: <RedirectsPage /> }], { initialEntries: ['/pages/redirects'] });
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Redirects' });
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent?.trim());

describe(RedirectsPage.name, () => {
  it('lists each redirect: from, to, kind, source and when it was created', async () => {
    await openScreen();
    const table = await screen.findByRole('table', { name: 'Redirects' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cellsOf)).toEqual([
      [
        '/spring',
        '/spring-offer',
        'Permanent (301)',
        'Page address changed',
        `${formatDateTime('2026-11-28T10:00:00.000Z')} by editor@brightwave.test`,
        'Delete',
      ],
      ['/promo', 'https://shop.example.com/', 'Temporary (302)', 'Added by hand', formatDateTime('2026-11-27T09:15:00.000Z'), 'Delete'],
    ]);
  });

  it('adds a redirect with POST { from, to, status } and shows refusals beside their fields', async () => {
    const taken = REDIRECT_MESSAGES.toIsRedirected('/spring-offer');
    server.answers['POST /api/admin/redirects'] = () => ({ status: 400, body: { success: false, message: REDIRECT_MESSAGES.invalid, errors: { to: taken } } });
    await openScreen();
    await userEvent.type(screen.getByRole('textbox', { name: 'From' }), ' /old ');
    await userEvent.type(screen.getByRole('textbox', { name: 'To' }), '/spring');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Temporary (302)');
    await userEvent.click(screen.getByRole('button', { name: 'Add redirect' }));
    const to = screen.getByRole('textbox', { name: 'To' });
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'From' })).not.toHaveAttribute('aria-invalid');
    expect(server.sent('POST /api/admin/redirects')).toEqual([{ from: '/old', to: '/spring', status: 302 }]);
  });

  it('deletes a redirect once confirmed', async () => {
    server.answers['DELETE /api/admin/redirects/r1'] = () => ok({ message: REDIRECT_MESSAGES.deleted });
    await openScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the redirect from /promo' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete redirect' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(REDIRECT_MESSAGES.deleted)).toBeInTheDocument();
    expect(server.sent('DELETE /api/admin/redirects/r1')).toHaveLength(1);
  });
});
