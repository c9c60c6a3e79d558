/**
 * @jest-environment-options {"url": "http://127.0.0.1:29511/admin/"}
 */
// My availability against a real HTTP server on the page's origin that answers as the contract says.
import { AVAILABILITY_MESSAGES, DEFAULT_AVAILABILITY, type Availability, type AvailabilityView } from '@brightwave/common';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { AvailabilityPage } from './availability-page';

jest.setTimeout(20_000);

const ROUTE = '/api/admin/me/availability';
const NEVER_SET: AvailabilityView = { ...DEFAULT_AVAILABILITY, weekly: [], hasBusyCalendar: false, busyCalendarProblem: null };

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());
beforeEach(() => server.reset({ [`GET ${ROUTE}`]: () => ok({ availability: NEVER_SET }) }));

/** Answers a save as the API does: what was sent, with the calendar's address replaced by whether one is set. */
function answerSaves(hadCalendar: boolean) {
  server.answers[`PUT ${ROUTE}`] = (body) => {
    const { busyCalendarUrl, ...settings } = body as Availability;
    const hasBusyCalendar = busyCalendarUrl === undefined ? hadCalendar : busyCalendarUrl !== null;
    return ok({ availability: { ...settings, hasBusyCalendar, busyCalendarProblem: null } });
  };
}

async function openPage() {
  const router = createMemoryRouter([{ path: '/availability', element: <AvailabilityPage /> }], { initialEntries: ['/availability'] });
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  await screen.findByRole('heading', { name: 'Working hours' });
}

describe(AvailabilityPage.name, () => {
  it('saves working hours added day by day, the call settings and a busy calendar, then keeps the address out of sight', async () => {
    answerSaves(false);
    await openPage();
    expect(screen.getAllByText('Not bookable')).toHaveLength(7);
    await userEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    const secondEnd = screen.getByLabelText('Monday, hours 2: until');
    await userEvent.clear(screen.getByLabelText('Monday, hours 1: until'));
    await userEvent.type(screen.getByLabelText('Monday, hours 1: until'), '12:00');
    await userEvent.clear(screen.getByLabelText('Monday, hours 2: from'));
    await userEvent.type(screen.getByLabelText('Monday, hours 2: from'), '13:00');
    expect(secondEnd).toHaveValue('17:00');
    await userEvent.click(screen.getByRole('button', { name: 'Add hours on Sunday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Sunday 09:00 to 17:00' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Europe/Berlin');
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Call length (minutes)' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Call length (minutes)' }), '45');
    await userEvent.type(screen.getByRole('textbox', { name: 'Busy calendar address (ICS)' }), 'https://calendar.example.test/private.ics ');
    await userEvent.click(screen.getByRole('button', { name: 'Save availability' }));

    expect(await screen.findByText(AVAILABILITY_MESSAGES.saved)).toBeInTheDocument();
    expect(server.sent(`PUT ${ROUTE}`)).toEqual([
      {
        ...DEFAULT_AVAILABILITY,
        timeZone: 'Europe/Berlin',
        meetingMinutes: 45,
        weekly: [
          { day: 1, start: '09:00', end: '12:00' },
          { day: 1, start: '13:00', end: '17:00' },
        ],
        busyCalendarUrl: 'https://calendar.example.test/private.ics',
      },
    ]);
    expect(await screen.findByText('A busy calendar is connected.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New busy calendar address (ICS)' })).toHaveValue('');
  });

  it('says why the busy calendar could not be read at its last read', async () => {
    const problem = "Your busy calendar could not be read: the address answered 404. Check that the address is still the calendar's secret address.";
    server.answers[`GET ${ROUTE}`] = () => ok({ availability: { ...NEVER_SET, hasBusyCalendar: true, busyCalendarProblem: problem } });
    await openPage();
    expect(screen.getByRole('status')).toHaveTextContent(problem);
  });

  it('leaves a connected calendar as it is unless removed, and shows each refused field under it', async () => {
    server.answers[`GET ${ROUTE}`] = () => ok({ availability: { ...NEVER_SET, weekly: [{ day: 2, start: '10:00', end: '16:00' }], hasBusyCalendar: true } });
    server.answers[`PUT ${ROUTE}`] = () => ({
      status: 400,
      body: {
        success: false,
        message: 'The end of these hours must come after their start',
        errors: { 'weekly.0.end': 'The end of these hours must come after their start', bufferMinutes: 'bufferMinutes must be at most 120' },
      },
    });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText('bufferMinutes must be at most 120')).toBeInTheDocument();
    expect(screen.getByLabelText('Tuesday: until')).toHaveAccessibleDescription('The end of these hours must come after their start');
    expect(server.sent(`PUT ${ROUTE}`)[0]).not.toHaveProperty('busyCalendarUrl');

    answerSaves(true);
    await userEvent.click(screen.getByRole('button', { name: 'Remove busy calendar' }));
    expect(screen.queryByRole('textbox', { name: /busy calendar address/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText(AVAILABILITY_MESSAGES.saved)).toBeInTheDocument();
    expect(server.sent(`PUT ${ROUTE}`)[1]).toMatchObject({ busyCalendarUrl: null });
    expect(await screen.findByRole('textbox', { name: 'Busy calendar address (ICS)' })).toBeInTheDocument();
  });
});
