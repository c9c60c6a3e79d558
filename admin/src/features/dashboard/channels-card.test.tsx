/**
 * @jest-environment-options {"url": "http://127.0.0.1:29431/admin/"}
 */
// The dashboard's "Submissions by channel" against a real HTTP server on the page's origin that answers as the contract says.
import type { AnswerOf, ChannelCounts } from '@brightwave/common';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import http from 'node:http';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../app/store';
import { ChannelsCard } from './channels-card';

const PORT = 29431;
jest.setTimeout(20_000);

const counts = (source: string | null, medium: string | null, values: Partial<ChannelCounts>): ChannelCounts => ({
  source,
  medium,
  leads: 0,
  contacts: 0,
  applications: 0,
  qualified: 0,
  hired: 0,
  ...values,
});

const asked: string[] = [];
let answer: (days: string) => AnswerOf<'GET /api/admin/dashboard/channels'>;
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${PORT}`);
    asked.push(`${url.pathname}${url.search}`);
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(answer(url.searchParams.get('days') ?? '')));
  });
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  asked.length = 0;
});

/** Each row of the table as the texts of its cells, the header row first. */
const rowsOf = (table: HTMLElement) => [...table.querySelectorAll('tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe(ChannelsCard.name, () => {
  it('shows the last 30 days first: per source and medium, the counts of the kinds the role may see', async () => {
    answer = (days) => ({
      success: true,
      days: Number(days) as 30,
      kinds: ['lead', 'contact'],
      channels: [
        counts('newsletter', 'email', { leads: 4, qualified: 1, contacts: 2 }),
        counts('direct', null, { leads: 1 }),
        counts(null, null, { contacts: 1 }),
        counts(null, null, { leads: 3, other: true }),
      ],
    });
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <ChannelsCard />
        </MemoryRouter>
      </Provider>,
    );
    const card = screen.getByRole('region', { name: 'Submissions by channel' });
    const table = await within(card).findByRole('table', { name: /Submissions of the last 30 days/ });
    expect(asked).toEqual(['/api/admin/dashboard/channels?days=30']);
    expect(within(card).getByRole('combobox', { name: 'Period' })).toHaveValue('30');
    // Sales: no applications or hires.
    expect(rowsOf(table)).toEqual([
      ['Source', 'Medium', 'Leads', 'Qualified', 'Contact messages'],
      ['newsletter', 'email', '4', '1', '2'],
      ['direct', '—', '1', '0', '0'],
      ['Not recorded', '—', '0', '0', '1'],
      ['Other channels', '', '3', '0', '0'],
    ]);
    // Each count of one channel opens its list filtered by that channel (and status); no filter finds the others.
    expect(within(table).getByRole('link', { name: '4 leads from newsletter / email' })).toHaveAttribute('href', '/leads?source=newsletter&medium=email');
    expect(within(table).getByRole('link', { name: '1 qualified leads from newsletter / email' })).toHaveAttribute(
      'href',
      '/leads?source=newsletter&medium=email&status=qualified',
    );
    expect(within(table).getByRole('link', { name: '2 contact messages from newsletter / email' })).toHaveAttribute(
      'href',
      '/queries?source=newsletter&medium=email',
    );
    expect(within(table).getByRole('link', { name: '1 leads from direct' })).toHaveAttribute('href', '/leads?source=direct');
    expect(within(table).getAllByRole('link')).toHaveLength(4);
    // Scrollable on a narrow screen, so reachable by keyboard, and named.
    expect(within(card).getByRole('group', { name: 'Submissions by channel (scrolls sideways)' })).toHaveAttribute('tabindex', '0');
  });

  it('asks again for the period chosen, and says when it holds no submissions', async () => {
    answer = (days) => ({
      success: true,
      days: Number(days) as 7 | 90,
      kinds: ['application'],
      channels: days === '90' ? [counts('jobs.example', 'referral', { applications: 5, hired: 2 })] : [],
    });
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <ChannelsCard />
        </MemoryRouter>
      </Provider>,
    );
    const card = screen.getByRole('region', { name: 'Submissions by channel' });
    await userEvent.selectOptions(await within(card).findByRole('combobox', { name: 'Period' }), '90');
    const table = await within(card).findByRole('table', { name: /Submissions of the last 90 days/ });
    expect(rowsOf(table)).toEqual([
      ['Source', 'Medium', 'Applications', 'Hired'],
      ['jobs.example', 'referral', '5', '2'],
    ]);
    // Applications have no list to filter by channel: figures only.
    expect(within(table).queryAllByRole('link')).toEqual([]);
    await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Period' }), '7');
    expect(await within(card).findByText('No submissions in the last 7 days.')).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining(['/api/admin/dashboard/channels?days=90', '/api/admin/dashboard/channels?days=7'])));
  });
});
