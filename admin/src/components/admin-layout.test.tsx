/**
 * @jest-environment-options {"url": "http://127.0.0.1:29491/admin/"}
 */
// The admin's frame against a real HTTP server on the page's origin that answers as the contract says: the sidebar's
// counts, the phone's menu (its button, Escape, a link closing it) and the command palette by keyboard.
import type { AdminRole, Lead, MyWorkItem } from '@brightwave/common';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { AnsweringServer, ok } from '../../test/answering-server';
import { makeStore } from '../app/store';
import { AdminLayout } from './admin-layout';

jest.setTimeout(20_000);

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());

const lead = (id: string, name: string): Lead => ({ _id: id, name, email: `${name.toLowerCase()}@example.test` }) as Lead;
const work = (id: string, overdue: boolean): MyWorkItem => ({
  kind: 'lead',
  _id: id,
  name: id,
  status: 'new',
  followUpAt: null,
  overdue,
  createdAt: '2026-11-01T00:00:00.000Z',
});

/** The screen's path, as the page under the layout shows it. */
function Where() {
  return <h1>{useLocation().pathname}</h1>;
}

function openLayout(role: AdminRole) {
  server.reset({
    'GET /api/admin/account': () => ok({ account: { _id: 'a-me', id: 'a-me', name: 'Me', email: 'me@example.test', role } }),
    'GET /api/leads?status=new&page=1&limit=1': () => ok({ leads: [lead('l0', 'Zero')], total: 4 }),
    'GET /api/admin/my-work': () => ok({ items: [work('w1', true), work('w2', false)], myCalls: { total: 0, calls: [] } }),
    'GET /api/leads?q=ada&page=1&limit=5': () => ok({ leads: [lead('l1', 'Ada'), lead('l2', 'Adam')], total: 2 }),
    'GET /api/contacts?q=ada&page=1&limit=5': () => ok({ contacts: [], total: 0 }),
  });
  const router = createMemoryRouter([{ path: '/', element: <AdminLayout />, children: [{ path: '*', element: <Where /> }] }], {
    initialEntries: ['/dashboard'],
  });
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

describe(AdminLayout.name, () => {
  it('counts the new leads and my overdue follow-ups beside their entries, and nothing beside the others', async () => {
    openLayout('owner');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(await within(nav).findByRole('link', { name: 'Leads 4 new' })).toHaveAttribute('href', '/leads');
    expect(await within(nav).findByRole('link', { name: 'My work 1 overdue' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Queries' })).toBeInTheDocument();
  });

  it("asks no count of a role that may not see it: an editor's sidebar has neither", async () => {
    openLayout('editor');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    await within(nav).findByRole('list', { name: 'Site' });
    expect(within(nav).queryByRole('link', { name: /Leads|My work/ })).not.toBeInTheDocument();
    expect(server.calls.map((call) => call.route)).toEqual(['GET /api/admin/account']);
  });

  it('opens the menu from its button, closes it with Escape (focus back on the button) and on going to another screen', async () => {
    const user = userEvent.setup();
    openLayout('owner');
    const menu = screen.getByRole('button', { name: 'Menu' });
    const sidebar = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar).toHaveClass('hidden');

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar).not.toHaveClass('hidden');
    await user.tab();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();

    await user.click(menu);
    await user.click(await screen.findByRole('link', { name: /^Leads/ }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('/leads');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('Ctrl+K opens the palette, which finds leads as typed; the arrow keys move the active option and Enter opens it', async () => {
    const user = userEvent.setup();
    const router = openLayout('sales');
    await screen.findByRole('link', { name: 'Leads 4 new' });
    act(() => {
      fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    });
    const field = await screen.findByRole('combobox', { name: 'Screen, name or e-mail address' });
    await user.type(field, 'ada');
    const leads = await screen.findByRole('group', { name: 'Leads' });
    const [ada, adam] = await within(leads).findAllByRole('option');
    expect(ada).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', ada?.id);

    await user.keyboard('{ArrowDown}');
    expect(adam).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', adam?.id);
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/leads/l2');
    expect(screen.queryByRole('dialog', { name: 'Go to or find' })).not.toBeInTheDocument();
    // Searched once the typing paused, not per letter.
    expect(server.calls.filter((call) => call.route.startsWith('GET /api/leads?q='))).toHaveLength(1);
  });
});
