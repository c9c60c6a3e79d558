/**
 * @jest-environment-options {"url": "http://127.0.0.1:39477/admin/"}
 */
// The dashboard's warning of notification routes that reach nobody, against a real HTTP server on the page's origin
// that answers as the contract says.
import { MESSAGES, type AdminRole, type DashboardStats } from '@brightwave/common';
import { configure, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { DashboardPage } from './dashboard-page';

configure({ asyncUtilTimeout: 5_000 });
jest.setTimeout(20_000);

const statsWith = (routesToNobody: DashboardStats['routesToNobody']): DashboardStats => ({
  totalLeads: 0,
  leadsByStatus: { new: 0, contacted: 0, qualified: 0, lost: 0 },
  contactsByStatus: { pending: 0, 'in-progress': 0, resolved: 0 },
  jobsByStatus: { active: 0, expired: 0, filled: 0 },
  applicationsByStatus: { pending: 0, reviewed: 0, shortlisted: 0, rejected: 0, hired: 0 },
  newLeadsPerWeek: [],
  failingDeliveries: 0,
  purgeFailing: null,
  routesToNobody,
  overdueFollowUps: { lead: 0, contact: 0, application: 0 },
});

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());

function openDashboard(role: AdminRole, routesToNobody: DashboardStats['routesToNobody']) {
  server.reset({
    'GET /api/admin/account': () => ok({ account: { _id: 'a-me', id: 'a-me', name: 'Me', email: 'me@example.test', role } }),
    'GET /api/admin/dashboard/stats': () => ok({ stats: statsWith(routesToNobody) }),
    'GET /api/admin/dashboard/channels?days=30': () => ok({ days: 30, kinds: [], channels: [] }),
  });
  const router = createMemoryRouter([{ path: '/', element: <DashboardPage /> }], { initialEntries: ['/'] });
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe(DashboardPage.name, () => {
  it('warns, to any role, of the notification routes that reach nobody, naming each', async () => {
    openDashboard('sales', ['lead', 'contact.support', 'application.design']);
    const warning = await screen.findByRole('alert', { name: MESSAGES.routesToNobodyTitle });
    expect(within(warning).getByText(MESSAGES.routesToNobody)).toBeInTheDocument();
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Quote requests: Every quote request', 'Contact messages: Support', 'Job applications: Design']);
  });

  it('says nothing of notifications while every route reaches someone', async () => {
    openDashboard('owner', []);
    await screen.findByRole('region', { name: 'Total Leads' });
    expect(screen.queryByRole('alert', { name: MESSAGES.routesToNobodyTitle })).not.toBeInTheDocument();
  });

  it('links each figure to the list it counts, with the filter in the address, for the lists the role may open', async () => {
    openDashboard('owner', []);
    const link = async (card: string) => within(await screen.findByRole('region', { name: card })).getByRole('link');
    expect(await link('Total Leads')).toHaveAttribute('href', '/leads');
    expect(await link('New Leads')).toHaveAttribute('href', '/leads?status=new');
    expect(await link('New Leads')).toHaveAccessibleName('0 New Leads: open the new leads');
    expect(await link('Pending Queries')).toHaveAttribute('href', '/queries?status=pending');
    expect(await link('Active Jobs')).toHaveAttribute('href', '/jobs?status=active');
    expect(await link('Pending Applications')).toHaveAttribute('href', '/applications?status=pending');
  });

  it("shows an editor the figures without links: the lists they count are not the editor's", async () => {
    openDashboard('editor', []);
    const total = await screen.findByRole('region', { name: 'Total Leads' });
    expect(within(total).getByText('0')).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });
});
