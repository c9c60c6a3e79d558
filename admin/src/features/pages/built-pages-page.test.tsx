/**
 * @jest-environment-options {"url": "http://127.0.0.1:29471/admin/"}
 */
// The Pages list and its New page dialog against a real HTTP server on the page's origin that answers as the contract says.
import { BUILT_PAGE_FIELDS, BUILT_PAGE_MESSAGES, newBuiltPage, slugFromTitle, type BuiltPageDetails, type BuiltPageSummary } from '@brightwave/common';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { formatDateTime } from '../../lib/format';
import { BuiltPagesPage } from './built-pages-page';

jest.setTimeout(20_000);

const summary = (changes: Partial<BuiltPageSummary>): BuiltPageSummary => ({
  _id: 'p1',
  title: 'Cloud audit',
  slug: 'services/cloud-audit',
  path: '/services/cloud-audit',
  status: 'draft',
  publishedAt: null,
  scheduledAt: null,
  updatedAt: '2026-11-27T09:15:00.000Z',
  nav: { placement: 'none', label: '', order: 0 },
  ...changes,
});

const pages = [
  summary({}),
  summary({
    _id: 'p2',
    title: 'Spring offer',
    slug: 'spring',
    path: '/spring',
    status: 'scheduled',
    publishedAt: '2026-11-20T10:00:00.000Z',
    scheduledAt: '2026-12-01T08:00:00.000Z',
    nav: { placement: 'header', label: 'Offer', order: 1 },
  }),
  summary({
    _id: 'p3',
    title: 'Careers at sea',
    slug: 'sea',
    path: '/sea',
    status: 'published',
    publishedAt: '2026-11-21T10:00:00.000Z',
    nav: { placement: 'footer', label: '', order: 2 },
  }),
];

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());
beforeEach(() => server.reset({ 'GET /api/admin/pages': () => ok({ pages }) }));

function EditorStub() {
  return <h1>Editor of {useParams().id}</h1>;
}

async function openList() {
  const router = createMemoryRouter(
    [
      { path: '/pages', element: <BuiltPagesPage /> },
      { path: '/pages/:id', element: <EditorStub /> },
    ],
    { initialEntries: ['/pages'] },
  );
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Pages' });
  return router;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe(BuiltPagesPage.name, () => {
  it('lists each page: its title linking to its editor, address, status and when, navigation and last change', async () => {
    await openList();
    const table = await screen.findByRole('table', { name: 'Pages' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Title', 'Address', 'Status', 'Navigation', 'Last change']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cellsOf)).toEqual([
      ['Cloud audit', '/services/cloud-audit', 'Draft', 'Not in the navigation', formatDateTime('2026-11-27T09:15:00.000Z')],
      ['Spring offer', '/spring', `Scheduledfor ${formatDateTime('2026-12-01T08:00:00.000Z')}`, 'Header: Offer', formatDateTime('2026-11-27T09:15:00.000Z')],
      [
        'Careers at sea',
        '/sea',
        `Published${formatDateTime('2026-11-21T10:00:00.000Z')}`,
        'Footer: Careers at sea',
        formatDateTime('2026-11-27T09:15:00.000Z'),
      ],
    ]);
    expect(within(table).getByRole('link', { name: 'Spring offer' })).toHaveAttribute('href', '/pages/p2');
  });

  it('says what pages are for while there is none', async () => {
    server.answers['GET /api/admin/pages'] = () => ok({ pages: [] });
    await openList();
    expect(await screen.findByText(/^No pages yet\. A page is built from blocks/)).toBeInTheDocument();
  });

  it('suggests the address from the title until the address is typed', async () => {
    await openList();
    await userEvent.click(screen.getByRole('button', { name: 'New page' }));
    const dialog = screen.getByRole('dialog', { name: 'New page' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    const address = within(dialog).getByRole('textbox', { name: 'Address' });
    expect(title).toHaveFocus();
    await userEvent.type(title, 'Cloud Audit: Spring 2027!');
    expect(address).toHaveValue('cloud-audit-spring-2027');
    expect(address).toHaveAccessibleDescription(/The page's path: \/cloud-audit-spring-2027$/);
    await userEvent.clear(address);
    await userEvent.type(address, 'services/audit');
    await userEvent.type(title, ' now');
    expect(address).toHaveValue('services/audit');
  });

  it('creates the page with POST { title, slug } and opens its editor', async () => {
    const page: BuiltPageDetails = {
      ...summary({ _id: 'p9', title: 'Spring', slug: 'spring', path: '/spring' }),
      draft: newBuiltPage('Spring', 'spring'),
      published: null,
      publishedPath: null,
      hasDraft: true,
      draftVersionId: 'v1',
      scheduledVersionId: null,
      failedSchedule: null,
      versions: [],
    };
    server.answers['POST /api/admin/pages'] = () => ({ status: 201, body: { success: true, message: BUILT_PAGE_MESSAGES.created, page } });
    const router = await openList();
    await userEvent.click(screen.getByRole('button', { name: 'New page' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), ' Spring ');
    await userEvent.click(screen.getByRole('button', { name: 'Create page' }));
    expect(await screen.findByRole('heading', { name: 'Editor of p9' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pages/p9');
    expect(server.sent('POST /api/admin/pages')).toEqual([{ title: 'Spring', slug: 'spring' }]);
  });

  it("shows the server's refusal beside the field it names", async () => {
    const taken = BUILT_PAGE_MESSAGES.slugTaken('the job pages');
    server.answers['POST /api/admin/pages'] = () => ({ status: 400, body: { success: false, message: taken, errors: { slug: taken } } });
    await openList();
    await userEvent.click(screen.getByRole('button', { name: 'New page' }));
    const dialog = screen.getByRole('dialog', { name: 'New page' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Jobs');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Address' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Address' }), 'careers/jobs');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create page' }));
    const address = within(dialog).getByRole('textbox', { name: 'Address' });
    expect(await within(dialog).findByText(taken)).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAccessibleDescription(expect.stringContaining(taken));
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).not.toHaveAttribute('aria-invalid');
  });
});

describe(slugFromTitle.name, () => {
  it('makes lower-case words of letters and digits joined by single hyphens, accents dropped, cut without a hyphen at the end', () => {
    const max = BUILT_PAGE_FIELDS.slug.max;
    expect(slugFromTitle('  Über Cloud -- Audit 2027! ', max)).toBe('uber-cloud-audit-2027');
    expect(slugFromTitle('¿?', max)).toBe('');
    expect(slugFromTitle('Cloud Audit', 6)).toBe('cloud');
  });
});
