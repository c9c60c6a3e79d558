/**
 * @jest-environment-options {"url": "http://127.0.0.1:29432/admin/"}
 */
// Admin → Analytics against a real HTTP server on the page's origin that answers as the contract says.
import { MESSAGES, type AnalyticsReport } from '@brightwave/common';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import http from 'node:http';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { makeStore } from '../../app/store';
import { AnalyticsPage, periodOf } from './analytics-page';

const PORT = 29432;
jest.setTimeout(20_000);

const REPORT: AnalyticsReport = {
  kinds: ['lead', 'contact', 'application'],
  days: [
    { date: '2026-11-26', visitors: 3, views: 5 },
    { date: '2026-11-27', visitors: 2, views: 4 },
  ],
  pages: [
    { path: '/', visitors: 4, views: 6 },
    { path: '/contact', visitors: 2, views: 3 },
  ],
  sources: [
    { source: 'newsletter', medium: 'email', visitors: 3, submissions: 2 },
    { source: 'direct', medium: null, visitors: 2, submissions: 0 },
  ],
  devices: [
    { screen: 'phone', views: 6 },
    { screen: 'desktop', views: 3 },
  ],
  funnels: [
    { form: 'quote', views: 6, starts: 3, submissions: 2, qualified: 1 },
    { form: 'contact', views: 3, starts: 1, submissions: 0, qualified: null },
    { form: 'application', views: 0, starts: 0, submissions: 0, qualified: 0 },
  ],
};

const requests: URL[] = [];
let server: http.Server;
/** What the server answers: the owner's report unless a test says otherwise. */
let answer: AnalyticsReport = REPORT;
/** While set, the server holds its report answers until this settles (an answer on its way). */
let held: Promise<void> | null = null;

beforeAll(async () => {
  server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${PORT}`);
    requests.push(url);
    if (url.pathname === '/api/admin/analytics') {
      const report = answer;
      await held;
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ success: true, ...report }));
    } else if (url.pathname === '/api/admin/analytics/export.csv') {
      response.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="analytics-2026-11-27.csv"' });
      response.end('"Section","Date"\r\n');
    } else {
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ success: false, message: MESSAGES.notFound }));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(PORT, '127.0.0.1', resolve);
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests.length = 0;
  answer = REPORT;
  held = null;
});

async function openPage() {
  const router = createMemoryRouter([{ path: '/analytics', element: <AnalyticsPage /> }], { initialEntries: ['/analytics'] });
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  await screen.findByRole('heading', { name: 'Visitors and page views per day' });
}

const lastQuery = () => Object.fromEntries(requests.filter((url) => url.pathname === '/api/admin/analytics').at(-1)?.searchParams ?? []);

describe('AnalyticsPage', () => {
  it('asks for the last 30 days (UTC) and shows the totals, the days, the top pages and sources', async () => {
    await openPage();
    expect(lastQuery()).toEqual(periodOf(30));
    expect(screen.getByRole('region', { name: 'Visitors, last 30 days' })).toHaveTextContent('5');
    expect(screen.getByRole('region', { name: 'Page views, last 30 days' })).toHaveTextContent('9');
    const perDay = screen.getByRole('table', { name: 'Visitors and page views per day' });
    expect(
      within(perDay)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayVisitorsPage views', 'Nov 2635', 'Nov 2724']);
    const pages = screen.getByRole('table', { name: 'Pages of the last 30 days, the most viewed first' });
    expect(within(pages).getByRole('rowheader', { name: 'Show the days of /contact' }).closest('tr')).toHaveTextContent('/contact23');
    const sources = screen.getByRole('table', { name: 'Sources of the last 30 days, the most visitors first' });
    expect(within(sources).getByRole('rowheader', { name: 'Show the days and funnels of direct' }).closest('tr')).toHaveTextContent('direct—20');
  });

  it('shows the page views per device with the share of each, and narrows them to a clicked page', async () => {
    const user = userEvent.setup();
    await openPage();
    const devices = screen.getByRole('table', { name: 'Page views per device of the last 30 days, with the share of each, the most first' });
    expect(
      within(devices)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DevicePage viewsShare', 'Phone667 %', 'Desktop333 %']);
    expect(screen.queryByText(/Unknown: views whose report named none of these/)).not.toBeInTheDocument();

    answer = { ...REPORT, devices: [{ screen: 'tablet', views: 1 }] };
    await user.click(screen.getByRole('button', { name: 'Show the days of /contact' }));
    const ofPage = await screen.findByRole('table', { name: 'Page views of /contact per device of the last 30 days, with the share of each, the most first' });
    expect(within(ofPage).getByRole('rowheader', { name: 'Tablet' }).closest('tr')).toHaveTextContent('Tablet1100 %');
    expect(screen.getByRole('heading', { name: 'Devices of /contact' })).toBeInTheDocument();
    expect(lastQuery()).toEqual({ ...periodOf(30), path: '/contact' });
  });

  it('keeps the last answer under the titles it was asked with while the next one is on its way', async () => {
    const user = userEvent.setup();
    await openPage();
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    answer = { ...REPORT, devices: [{ screen: 'tablet', views: 1 }] };
    await user.click(screen.getByRole('button', { name: 'Show the days of /contact' }));
    await waitFor(() => expect(lastQuery()).toEqual({ ...periodOf(30), path: '/contact' }));
    // The chosen page shows as a filter at once; the numbers below are still the whole site's, and say so.
    expect(screen.getByText('/contact', { selector: 'strong' })).toBeInTheDocument();
    const busy = screen.getByRole('heading', { name: 'Devices' }).closest('[aria-busy]');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('table', { name: /^Page views per device of the last 30 days/ })).toHaveTextContent('Phone667 %');
    expect(screen.getByRole('region', { name: 'Visitors, last 30 days' })).toHaveTextContent('5');
    release();
    const ofPage = await screen.findByRole('table', { name: /^Page views of \/contact per device/ });
    expect(ofPage).toHaveTextContent('Tablet1100 %');
    expect(screen.getByRole('region', { name: 'Visitors of /contact, last 30 days' })).toBeInTheDocument();
    expect(busy).toHaveAttribute('aria-busy', 'false');
  });

  it('says what unknown counts where the devices hold it', async () => {
    answer = { ...REPORT, devices: [...REPORT.devices, { screen: 'unknown', views: 1 }] };
    await openPage();
    expect(screen.getByRole('table', { name: /^Page views per device/ })).toHaveTextContent('Unknown110 %');
    expect(screen.getByText(/Unknown: views whose report named none of these\./)).toBeInTheDocument();
  });

  it("shows each form's funnel with the share of each step, and no goal for the contact form", async () => {
    await openPage();
    const funnels = screen.getByRole('table', { name: /^Each form of the last 30 days: views of its page/ });
    expect(within(funnels).getByRole('rowheader', { name: 'Quote request' }).closest('tr')).toHaveTextContent('Quote request63 (50 %)2 (67 %)1 (50 %)');
    expect(within(funnels).getByRole('rowheader', { name: 'Contact message' }).closest('tr')).toHaveTextContent('Contact message31 (33 %)0 (0 %)—');
    expect(within(funnels).getByRole('rowheader', { name: 'Job application' }).closest('tr')).toHaveTextContent('Job application0000');
  });

  it('shows the funnels of the kinds the role sees only (sales: no applications)', async () => {
    answer = { ...REPORT, kinds: ['lead', 'contact'], funnels: REPORT.funnels.filter((funnel) => funnel.form !== 'application') };
    await openPage();
    const funnels = screen.getByRole('table', { name: /^Each form of the last 30 days: views of its page/ });
    expect(
      within(funnels)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Quote request', 'Contact message']);
  });

  it('shows no funnel and no submissions to a role that sees none (an editor), and says why', async () => {
    answer = { ...REPORT, kinds: [], sources: REPORT.sources.map((item) => ({ ...item, submissions: 0 })), funnels: [] };
    await openPage();
    expect(screen.queryByRole('table', { name: /^Each form of the last 30 days/ })).not.toBeInTheDocument();
    expect(screen.getByText(/The funnels end in submissions, which your role does not see/)).toBeInTheDocument();
    const sources = screen.getByRole('table', { name: 'Sources of the last 30 days, the most visitors first' });
    expect(
      within(sources)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Source', 'Medium', 'Visitors']);
  });

  it('says what (other) adds up, where the pages or sources hold it', async () => {
    answer = {
      ...REPORT,
      pages: [...REPORT.pages, { path: '(other)', visitors: 1, views: 7 }],
      sources: [...REPORT.sources, { source: '(other)', medium: null, visitors: 4, submissions: 0 }],
    };
    await openPage();
    expect(screen.getByText('(other): the paths that are no page of the site (a mistyped address, a closed job), added up.')).toBeInTheDocument();
    expect(screen.getByText('(other): the channels of a day past its first 100, added up.')).toBeInTheDocument();
  });

  it('asks again for another period, and narrows the funnels to the source chosen', async () => {
    const user = userEvent.setup();
    await openPage();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 7 days');
    await screen.findByRole('region', { name: 'Visitors, last 7 days' });
    expect(lastQuery()).toEqual(periodOf(7));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'newsletter / email');
    await screen.findByRole('table', { name: /^Each form of the last 7 days, visits from newsletter \/ email:/ });
    expect(lastQuery()).toEqual({ ...periodOf(7), source: 'newsletter', medium: 'email' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'direct');
    await screen.findByRole('table', { name: /^Each form of the last 7 days, visits from direct:/ });
    expect(lastQuery()).toEqual({ ...periodOf(7), source: 'direct', medium: '' });
  });

  it('narrows the days to a clicked page or source, says so, and shows the whole site again on Remove filter', async () => {
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Show the days of /contact' }));
    await screen.findByRole('region', { name: 'Visitors of /contact, last 30 days' });
    expect(lastQuery()).toEqual({ ...periodOf(30), path: '/contact' });
    expect(screen.getByRole('button', { name: 'Show the days of /contact' })).toHaveAttribute('aria-pressed', 'true');

    // A source replaces the page: the days and the funnels of that channel.
    await user.click(screen.getByRole('button', { name: 'Show the days and funnels of newsletter / email' }));
    await screen.findByRole('region', { name: 'Visitors of newsletter / email, last 30 days' });
    expect(lastQuery()).toEqual({ ...periodOf(30), source: 'newsletter', medium: 'email' });
    expect(screen.getByRole('combobox', { name: 'Source' })).toHaveValue(JSON.stringify(['newsletter', 'email']));

    await user.click(screen.getByRole('button', { name: 'Remove filter newsletter / email: show the whole site' }));
    await screen.findByRole('region', { name: 'Visitors, last 30 days' });
    expect(lastQuery()).toEqual(periodOf(30));
  });

  it('downloads the period as CSV with its query', async () => {
    const user = userEvent.setup();
    const createObjectURL = jest.fn(() => 'blob:analytics');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    // jsdom does not download: the link the file is saved through is only clicked.
    const saved = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('analytics-2026-11-27.csv');
    });
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    saved.mockRestore();
    const exported = requests.find((url) => url.pathname === '/api/admin/analytics/export.csv');
    expect(Object.fromEntries(exported?.searchParams ?? [])).toMatchObject(periodOf(30));
  });

  it('counts the UTC days of a period up to today', () => {
    expect(periodOf(7, new Date('2026-03-10T23:30:00-05:00'))).toEqual({ from: '2026-03-05', to: '2026-03-11' });
  });
});
