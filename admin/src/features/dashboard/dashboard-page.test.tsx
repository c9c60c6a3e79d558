/**
 * @jest-environment-options {"url": "http://127.0.0.1:29477/admin/"}
 */
// The dashboard's warning of notification routes that reach nobody, against a real HTTP server on the page's origin
// that answers as the contract says.
import { MESSAGES, type AdminRole, type DashboardStats, type MyWorkItem } from '@brightwave/common';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { DashboardPage } from './dashboard-page';

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
  waitingForFirstReply: { lead: { count: 0, oldestAt: null }, contact: { count: 0, oldestAt: null } },
  received: {
    days: 30,
    leads: { current: 0, previous: 0 },
    contacts: { current: 0, previous: 0 },
    applications: { current: 0, previous: 0 },
    jobs: { current: 0, previous: 0 },
  },
  myCalls: { total: 0, calls: [] },
});

const HOUR_MS = 3_600_000;
/** A time on the clock of the machine running the tests (the card shows times on the browser's clock). */
const local = (year: number, month: number, day: number, hours: number, minutes: number) => new Date(year, month - 1, day, hours, minutes).toISOString();
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A day's figures: three leads and a contact message waiting (the oldest for 3 days), and what came in against the 30 days before. */
const busyStats = (): DashboardStats => ({
  ...statsWith([]),
  totalLeads: 12,
  leadsByStatus: { new: 3, contacted: 4, qualified: 3, lost: 2 },
  waitingForFirstReply: { lead: { count: 3, oldestAt: ago(3 * 24 * HOUR_MS + HOUR_MS) }, contact: { count: 1, oldestAt: ago(5 * HOUR_MS) } },
  received: {
    days: 30,
    leads: { current: 9, previous: 6 },
    contacts: { current: 2, previous: 4 },
    applications: { current: 1, previous: 1 },
    jobs: { current: 0, previous: 0 },
  },
  newLeadsPerWeek: [
    { weekStart: '2026-11-16', count: 2 },
    { weekStart: '2026-11-23', count: 7 },
  ],
  myCalls: {
    total: 7,
    calls: [
      { _id: 'm1', start: local(2026, 12, 1, 10, 0), end: local(2026, 12, 1, 10, 30), item: { kind: 'lead', _id: 'L1' }, visitorName: 'Ada Quote' },
      { _id: 'm2', start: local(2026, 12, 2, 15, 0), end: local(2026, 12, 2, 15, 45), item: { kind: 'contact', _id: 'C1' }, visitorName: 'Bo Contact' },
    ],
  },
});

/** My work: one overdue, one due later today (unless the test runs just before midnight: then tomorrow's is left out), one next week, one without a follow-up. */
const myWork = (): MyWorkItem[] => {
  const item = (id: string, followUpAt: string | null, overdue: boolean): MyWorkItem => ({
    kind: 'lead',
    _id: id,
    name: id,
    status: 'new',
    followUpAt,
    overdue,
    createdAt: ago(HOUR_MS),
  });
  const laterToday = new Date();
  laterToday.setHours(23, 59, 0, 0);
  return [
    item('L1', ago(HOUR_MS), true),
    item('L2', laterToday.toISOString(), laterToday.getTime() <= Date.now()),
    item('L3', new Date(Date.now() + 7 * 24 * HOUR_MS).toISOString(), false),
    item('L4', null, false),
  ];
};

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());

function openDashboard(role: AdminRole, routesToNobody: DashboardStats['routesToNobody'], stats = statsWith(routesToNobody)) {
  server.reset({
    'GET /api/admin/account': () => ok({ account: { _id: 'a-me', id: 'a-me', name: 'Me', email: 'me@example.test', role } }),
    'GET /api/admin/dashboard/stats': () => ok({ stats }),
    'GET /api/admin/dashboard/channels?days=30': () => ok({ days: 30, kinds: [], channels: [] }),
    'GET /api/admin/my-work': () => ok({ items: myWork(), myCalls: { total: 0, calls: [] } }),
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

  it('counts what waits for a first reply per kind, each linking to its list oldest first, with how long the oldest waits', async () => {
    openDashboard('sales', [], busyStats());
    const card = await screen.findByRole('region', { name: 'Waiting for a first reply' });
    expect(within(card).getByText('4')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '3 leads' })).toHaveAttribute('href', '/leads?status=new&sort=oldest');
    expect(within(card).getByRole('link', { name: '1 contact message' })).toHaveAttribute('href', '/queries?status=pending&sort=oldest');
    expect(card).toHaveTextContent('3 leads, the oldest for 3 days');
    expect(card).toHaveTextContent('1 contact message, the oldest for 5 hours');
  });

  it('counts my follow-ups due today or overdue, linking to My work filtered to them', async () => {
    openDashboard('sales', [], busyStats());
    const card = await screen.findByRole('region', { name: 'My follow-ups today' });
    const link = await within(card).findByRole('link');
    expect(link).toHaveAttribute('href', '/my-work?due=today');
    expect(link).toHaveAccessibleName('2 of my follow-ups due today or overdue: open My work');
    expect(card).toHaveTextContent('1 overdue, due first in My work');
  });

  it('says beside each figure what came in during the last 30 days against the 30 before, in words as well as arrows', async () => {
    openDashboard('owner', [], busyStats());
    const total = await screen.findByRole('region', { name: 'Total Leads' });
    expect(within(total).getByText('9 received in the last 30 days, 3 more than the previous 30 days')).toBeInTheDocument();
    expect(total).toHaveTextContent('▲ +3 vs previous 30 days');
    const queries = screen.getByRole('region', { name: 'Pending Queries' });
    expect(within(queries).getByText('2 received in the last 30 days, 2 fewer than the previous 30 days')).toBeInTheDocument();
    expect(queries).toHaveTextContent('▼ −2 vs previous 30 days');
    expect(screen.getByRole('region', { name: 'Active Jobs' })).toHaveTextContent('0 posted in the last 30 days, same as previous 30 days');
  });

  it('draws the weekly chart with labelled axes, and Show as table opens the same figures as a table', async () => {
    openDashboard('owner', [], busyStats());
    const chart = await screen.findByRole('img', { name: /^Bar chart of new leads per week, 9 in all/ });
    expect(within(chart).getByText('New leads')).toBeInTheDocument();
    expect(within(chart).getByText('Week starting (Monday)')).toBeInTheDocument();
    expect(within(chart).getByText('Nov 23')).toBeInTheDocument();
    const disclosure = screen.getByText('Show as table');
    await userEvent.click(disclosure);
    const table = screen.getByRole('table', { name: 'New leads per week' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Week ofNew leads', 'Nov 162', 'Nov 237']);
    expect(screen.getByText('Hide the table')).toBeInTheDocument();
  });

  it("lists the calls booked with me this week, each linking to its request, says how many more there are, and links to My work's longer list", async () => {
    openDashboard('sales', [], busyStats());
    const card = await screen.findByRole('region', { name: 'Meetings this week' });
    expect(within(card).getByText('7')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Ada Quote' })).toHaveAttribute('href', '/leads/L1');
    expect(within(card).getByRole('link', { name: 'Bo Contact' })).toHaveAttribute('href', '/queries/C1');
    expect(card).toHaveTextContent('Tue 1 Dec, 10:00–10:30 Ada Quote');
    expect(card).toHaveTextContent('and 5 more calls');
    expect(within(card).getByRole('listitem', { name: 'Tue 1 Dec, 10:00–10:30: call with Ada Quote' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'My calls of the next 14 days in My work' })).toHaveAttribute('href', '/my-work');
  });

  it('says when no call is booked with me', async () => {
    openDashboard('recruiter', []);
    const card = await screen.findByRole('region', { name: 'Meetings this week' });
    expect(card).toHaveTextContent('No calls booked with you in the next 7 days');
  });

  it("shows an editor the figures without links: the lists they count are not the editor's", async () => {
    openDashboard('editor', []);
    const total = await screen.findByRole('region', { name: 'Total Leads' });
    expect(within(total).getByText('0')).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toEqual([]);
    // Editors take no calls.
    expect(screen.queryByRole('region', { name: 'Meetings this week' })).not.toBeInTheDocument();
  });
});
