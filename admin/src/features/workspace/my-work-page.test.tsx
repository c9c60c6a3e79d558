/**
 * @jest-environment-options {"url": "http://127.0.0.1:29527/admin/"}
 */
// My work's "Upcoming calls" above the open items, against a real HTTP server on the page's origin that answers as the
// contract says.
import { MY_WORK_CALL_DAYS, type AdminRole, type MyWorkItem, type UpcomingCalls } from '@brightwave/common';
import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { MyWorkPage } from './my-work-page';

jest.setTimeout(20_000);

/** A time on the clock of the machine running the tests (the page shows times on the browser's clock). */
const local = (year: number, month: number, day: number, hours: number, minutes: number) => new Date(year, month - 1, day, hours, minutes).toISOString();

const ITEM: MyWorkItem = { kind: 'lead', _id: 'L9', name: 'Ivy Item', status: 'new', followUpAt: null, overdue: false, createdAt: local(2026, 11, 30, 9, 0) };

const TWO_OF_THREE: UpcomingCalls = {
  total: 3,
  calls: [
    { _id: 'm1', start: local(2026, 12, 1, 10, 0), end: local(2026, 12, 1, 10, 30), item: { kind: 'lead', _id: 'L1' }, visitorName: 'Ada Quote' },
    { _id: 'm2', start: local(2026, 12, 2, 15, 0), end: local(2026, 12, 2, 15, 45), item: { kind: 'contact', _id: 'C1' }, visitorName: 'Bo Contact' },
  ],
};

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());

function openMyWork(role: AdminRole, myCalls: UpcomingCalls) {
  server.reset({
    'GET /api/admin/account': () => ok({ account: { _id: 'a-me', id: 'a-me', name: 'Me', email: 'me@example.test', role } }),
    'GET /api/admin/my-work': () => ok({ items: [ITEM], myCalls }),
  });
  const router = createMemoryRouter([{ path: '/my-work', element: <MyWorkPage /> }], { initialEntries: ['/my-work'] });
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe(MyWorkPage.name, () => {
  it('lists my upcoming calls, the soonest first, each named for its time and visitor and linking to its request, then how many more', async () => {
    openMyWork('sales', TWO_OF_THREE);
    const section = await screen.findByRole('region', { name: 'Upcoming calls' });
    const first = await within(section).findByRole('listitem', { name: 'Tue 1 Dec, 10:00–10:30: call with Ada Quote' });
    expect(within(first).getByRole('link', { name: 'Ada Quote' })).toHaveAttribute('href', '/leads/L1');
    const second = within(section).getByRole('listitem', { name: 'Wed 2 Dec, 15:00–15:45: call with Bo Contact' });
    expect(within(second).getByRole('link', { name: 'Bo Contact' })).toHaveAttribute('href', '/queries/C1');
    expect(section).toHaveTextContent('and 1 more call');
    // The open items are listed below, as before.
    expect(await screen.findByRole('link', { name: 'Ivy Item' })).toHaveAttribute('href', '/leads/L9');
  });

  it('says when no call is booked with me', async () => {
    openMyWork('recruiter', { total: 0, calls: [] });
    const section = await screen.findByRole('region', { name: 'Upcoming calls' });
    expect(await within(section).findByText(`No calls booked with you in the next ${MY_WORK_CALL_DAYS} days.`)).toBeInTheDocument();
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
  });

  it('has no calls section for a role that takes no calls', async () => {
    openMyWork('editor', { total: 0, calls: [] });
    await screen.findByRole('link', { name: 'Ivy Item' });
    expect(screen.queryByRole('region', { name: 'Upcoming calls' })).not.toBeInTheDocument();
  });
});
