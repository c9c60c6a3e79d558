/**
 * @jest-environment-options {"url": "http://127.0.0.1:29472/admin/"}
 */
// The editor of a page built from blocks against a real HTTP server on the page's origin that answers as the contract says.
import { BUILT_PAGE_MESSAGES, emptyBlock, MESSAGES, newBuiltPage, type BuiltPageDetails, type BuiltPageDocument } from '@brightwave/common';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { BuiltPageEditorPage } from './built-page-editor-page';

jest.setTimeout(20_000);

const hero = { type: 'hero' as const, heading: 'Audit your cloud', text: '', image: '', imageAlt: '', buttonLabel: 'Talk to us', buttonLink: '/contact' };
const callToAction = { type: 'callToAction' as const, heading: 'Ready?', text: '', buttonLabel: 'Book a call', buttonLink: '/contact' };
const draft: BuiltPageDocument = { ...newBuiltPage('Cloud audit', 'services/cloud-audit'), blocks: [hero, callToAction] };

function pageWith(changes: Partial<BuiltPageDetails> = {}): BuiltPageDetails {
  return {
    _id: 'p1',
    title: 'Cloud audit',
    slug: 'services/cloud-audit',
    path: '/services/cloud-audit',
    status: 'draft',
    publishedAt: null,
    scheduledAt: null,
    updatedAt: '2026-11-27T09:15:00.000Z',
    nav: { placement: 'none', label: '', order: 0 },
    draft,
    published: null,
    publishedPath: null,
    hasDraft: true,
    draftVersionId: 'v2',
    scheduledVersionId: null,
    failedSchedule: null,
    versions: [{ _id: 'v2', kind: 'draft', createdAt: '2026-11-27T09:15:00.000Z', author: 'ed@example.test', publishedAt: null }],
    ...changes,
  };
}

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());
beforeEach(() => server.reset({ 'GET /api/admin/pages/p1': () => ok({ page: pageWith() }) }));

async function openEditor() {
  const router = createMemoryRouter(
    [
      { path: '/pages/:id', element: <BuiltPageEditorPage /> },
      { path: '/pages', element: <h1>Pages</h1> },
    ],
    { initialEntries: ['/pages/p1'] },
  );
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  await screen.findByRole('form', { name: 'Page Cloud audit' });
  return router;
}

/** The blocks' titles, in order, as their cards show them. */
const blockTitles = () => screen.getAllByRole('button', { name: /^Block \d+: / }).map((button) => button.textContent);
const block = (name: RegExp) => screen.getByRole('group', { name });

describe(BuiltPageEditorPage.name, () => {
  it("fills the page's fields and shows each block as a closed card titled by its type and heading", async () => {
    await openEditor();
    expect(screen.getByRole('heading', { level: 1, name: 'Cloud audit' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue('services/cloud-audit');
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveAccessibleDescription(/The page's path: \/services\/cloud-audit$/);
    expect(blockTitles()).toEqual(['Block 1: Hero · Audit your cloud', 'Block 2: Call to action · Ready?']);
    expect(screen.getByRole('button', { name: 'Block 1: Hero · Audit your cloud' })).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Block 1: Hero · Audit your cloud' }));
    const hero = block(/^Block 1: Hero/);
    expect(within(hero).getByRole('textbox', { name: 'Heading' })).toHaveValue('Audit your cloud');
    expect(within(hero).getByRole('textbox', { name: 'Button link (optional)' })).toHaveAccessibleDescription('A path such as /contact or https://…');
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  });

  it('adds a block of a type chosen from the Add block menu, open on its first field', async () => {
    await openEditor();
    const add = screen.getByRole('button', { name: 'Add block' });
    await userEvent.click(add);
    const menu = screen.getByRole('menu', { name: 'Add block' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Hero',
      'Text',
      'Picture',
      'Cards',
      'Call to action',
      'Quote form',
      'Contact form',
      'Questions and answers',
      'Figures',
      'Testimonial',
      'Logos',
      'Open positions',
      'Case studies',
      'Latest news',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Hero' })).toHaveFocus();
    // By keyboard: down three times, Enter.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(blockTitles()).toEqual(['Block 1: Hero · Audit your cloud', 'Block 2: Call to action · Ready?', 'Block 3: Cards']);
    const cards = block(/^Block 3: Cards/);
    expect(within(cards).getByRole('textbox', { name: 'Heading (optional)' })).toHaveFocus();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('moves a block down and up with its buttons, focus following it', async () => {
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Move block 1 (Hero) down' }));
    expect(blockTitles()).toEqual(['Block 1: Call to action · Ready?', 'Block 2: Hero · Audit your cloud']);
    expect(screen.getByRole('button', { name: 'Move block 2 (Hero) down' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Move block 2 (Hero) down' })).toHaveAttribute('aria-disabled', 'true');
    // Keyboard: Shift+Tab to its Move up, then Enter.
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Move block 2 (Hero) up' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(blockTitles()).toEqual(['Block 1: Hero · Audit your cloud', 'Block 2: Call to action · Ready?']);
    expect(screen.getByRole('button', { name: 'Move block 1 (Hero) up' })).toHaveFocus();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('duplicates a block after itself and removes one', async () => {
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate block 1 (Hero)' }));
    expect(blockTitles()).toEqual(['Block 1: Hero · Audit your cloud', 'Block 2: Hero · Audit your cloud', 'Block 3: Call to action · Ready?']);
    expect(screen.getByRole('button', { name: 'Block 2: Hero · Audit your cloud' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Remove block 1 (Hero)' }));
    expect(blockTitles()).toEqual(['Block 1: Hero · Audit your cloud', 'Block 2: Call to action · Ready?']);
    expect(screen.getByRole('button', { name: 'Remove block 1 (Hero)' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Remove block 2 (Call to action)' }));
    expect(screen.getByRole('button', { name: 'Remove block 1 (Hero)' })).toHaveFocus();
  });

  it('saves the draft with PUT { draft, baseVersionId }, texts trimmed', async () => {
    server.answers['PUT /api/admin/pages/p1'] = (body) =>
      ok({ message: MESSAGES.contentSaved, page: pageWith({ draft: (body as { draft: BuiltPageDocument }).draft, draftVersionId: 'v3' }) });
    await openEditor();
    await userEvent.type(screen.getByRole('textbox', { name: 'Description (optional)' }), ' An audit in a week. ');
    await userEvent.click(screen.getByRole('button', { name: 'Add block' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Open positions' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(MESSAGES.contentSaved)).toBeInTheDocument();
    expect(server.sent('PUT /api/admin/pages/p1')).toEqual([
      {
        draft: { ...draft, seo: { ...draft.seo, description: 'An audit in a week.' }, blocks: [...draft.blocks, emptyBlock('openPositions')] },
        baseVersionId: 'v2',
      },
    ]);
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('checks the blocks before saving: a field that does not fit shows at its field, in its opened block, and nothing is sent', async () => {
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Add block' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Call to action' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(`${MESSAGES.contentInvalid} (3 fields)`)).toBeInTheDocument();
    const heading = within(block(/^Block 3: Call to action/)).getByRole('textbox', { name: 'Heading' });
    expect(heading).toHaveAccessibleDescription('Heading is required');
    expect(heading).toHaveFocus();
    expect(server.sent('PUT /api/admin/pages/p1')).toEqual([]);
  });

  it("shows the server's errors by path at their fields, opening the blocks they are in", async () => {
    server.answers['PUT /api/admin/pages/p1'] = () => ({
      status: 400,
      body: {
        success: false,
        message: MESSAGES.contentInvalid,
        errors: { 'blocks.1.heading': 'Heading must differ from the hero', slug: 'This address is already used by the job pages; choose another' },
      },
    });
    await openEditor();
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), ' 2027');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(`${MESSAGES.contentInvalid} (2 fields)`)).toBeInTheDocument();
    const address = screen.getByRole('textbox', { name: 'Address' });
    expect(address).toHaveAccessibleDescription(expect.stringContaining('This address is already used by the job pages; choose another'));
    expect(address).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Block 2: Call to action · Ready?' })).toHaveAttribute('aria-expanded', 'true');
    const heading = within(block(/^Block 2: Call to action/)).getByRole('textbox', { name: 'Heading' });
    expect(heading).toHaveAttribute('aria-invalid', 'true');
    expect(heading).toHaveAccessibleDescription('Heading must differ from the hero');
    // Changing the field takes its error away.
    await userEvent.type(heading, ' Go');
    expect(heading).not.toHaveAttribute('aria-invalid');
  });

  it('says when someone else saved the page meanwhile (409), keeping what was typed', async () => {
    server.answers['PUT /api/admin/pages/p1'] = () => ({ status: 409, body: { success: false, message: MESSAGES.contentChangedMeanwhile } });
    await openEditor();
    const title = screen.getByRole('textbox', { name: 'Title' });
    await userEvent.type(title, ' now');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(MESSAGES.contentChangedMeanwhile)).toBeInTheDocument();
    expect(title).toHaveValue('Cloud audit now');
  });

  it('keeps the navigation closed until the page is published', async () => {
    await openEditor();
    expect(screen.getByRole('combobox', { name: 'Placement' })).toBeDisabled();
    expect(screen.getByText(BUILT_PAGE_MESSAGES.navNotPublished)).toBeInTheDocument();
  });

  it('puts a published page in the header with PUT nav { placement, label, order }', async () => {
    const published = pageWith({ status: 'published', published: draft, publishedPath: '/services/cloud-audit', publishedAt: '2026-11-27T10:00:00.000Z' });
    server.answers['GET /api/admin/pages/p1'] = () => ok({ page: published });
    server.answers['PUT /api/admin/pages/p1/nav'] = (body) => ok({ message: BUILT_PAGE_MESSAGES.navSaved, page: { ...published, nav: body } });
    await openEditor();
    const navigation = screen.getByRole('form', { name: 'Navigation' });
    await userEvent.selectOptions(within(navigation).getByRole('combobox', { name: 'Placement' }), 'Header');
    await userEvent.type(within(navigation).getByRole('textbox', { name: /^Link text/ }), 'Audit ');
    await userEvent.clear(within(navigation).getByRole('spinbutton', { name: 'Order' }));
    await userEvent.type(within(navigation).getByRole('spinbutton', { name: 'Order' }), '3');
    await userEvent.click(within(navigation).getByRole('button', { name: 'Save navigation' }));
    expect(await screen.findByText(BUILT_PAGE_MESSAGES.navSaved)).toBeInTheDocument();
    expect(server.sent('PUT /api/admin/pages/p1/nav')).toEqual([{ placement: 'header', label: 'Audit', order: 3 }]);
  });

  it('compares two versions value by value, naming each by its block', async () => {
    const older = { _id: 'v1', kind: 'draft' as const, createdAt: '2026-11-26T09:15:00.000Z', author: 'ed@example.test', publishedAt: null };
    const versions = [pageWith().versions[0]!, older];
    const renamed: BuiltPageDocument = { ...draft, blocks: [{ ...hero, heading: 'Audit your servers' }, callToAction] };
    server.answers['GET /api/admin/pages/p1'] = () => ok({ page: pageWith({ versions }) });
    server.answers['GET /api/admin/pages/p1/versions/v1'] = () => ok({ version: { ...older, document: renamed } });
    server.answers['GET /api/admin/pages/p1/versions/v2'] = () => ok({ version: { ...versions[0], document: draft } });
    await openEditor();
    for (const box of within(screen.getByRole('table', { name: /^Versions of Cloud audit/ })).getAllByRole('checkbox')) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Compare' }));
    const table = await screen.findByRole('table', { name: /^Fields that differ/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['Block 1 (Hero) › Heading', 'Audit your servers', 'Audit your cloud'],
    ]);
  });

  it('deletes the page once confirmed, saying its address will answer "gone", and goes back to the list', async () => {
    server.answers['DELETE /api/admin/pages/p1'] = () => ok({ message: BUILT_PAGE_MESSAGES.deleted });
    const router = await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Delete page' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete page' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('/services/cloud-audit answers "gone"'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(BUILT_PAGE_MESSAGES.deleted)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages'));
    expect(server.sent('DELETE /api/admin/pages/p1')).toHaveLength(1);
  });
});
