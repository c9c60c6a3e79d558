/**
 * @jest-environment-options {"url": "http://127.0.0.1:29418/admin/"}
 */
// The content editor against a real HTTP server on the page's origin that answers as the contract says.
import { DEFAULT_CONTENT, MESSAGES, type ContentFields, type ContentPageDetails, type ContentVersionSummary } from '@brightwave/common';
import { addDays, format } from 'date-fns';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { ContentEditorPage } from './content-editor-page';
import { formatDateTime } from '../../lib/format';
import { withValueAt } from './content-values';

jest.setTimeout(20_000);

// The installed Services page with two of its cards: every kind of field, and a form small enough to type into fast.
const published = withValueAt(DEFAULT_CONTENT.services, 'offer.cards', DEFAULT_CONTENT.services.offer.cards.slice(0, 2));
const versions: ContentVersionSummary[] = [
  { _id: 'v3', kind: 'draft', createdAt: '2026-11-26T10:00:00.000Z', author: 'ed@example.test', publishedAt: null },
  { _id: 'v2', kind: 'draft', createdAt: '2026-11-25T10:00:00.000Z', author: 'ed@example.test', publishedAt: '2026-11-25T11:00:00.000Z' },
  { _id: 'v1', kind: 'seed', createdAt: '2026-11-20T10:00:00.000Z', author: null, publishedAt: '2026-11-20T10:00:00.000Z' },
];
const draft = withValueAt(published, 'hero.title', 'What We Do');

function pageWith(changes: Partial<ContentPageDetails> = {}): ContentPageDetails {
  return {
    key: 'services',
    title: 'Services',
    hasDraft: true,
    publishedAt: '2026-11-25T11:00:00.000Z',
    scheduledAt: null,
    draft,
    published,
    draftVersionId: 'v3',
    scheduledVersionId: null,
    failedSchedule: null,
    versions,
    ...changes,
  };
}

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());
// Each test adds the answers it needs.
beforeEach(() => {
  server.reset({ 'GET /api/admin/content/services': () => ok({ page: pageWith() }) });
});

/** The editor of the Services page, as the router shows it, with the toasts and a link away. */
async function openEditor() {
  const router = createMemoryRouter(
    [
      {
        path: '/content/:key',
        element: (
          <>
            <Link to="/dashboard">Dashboard</Link>
            <ContentEditorPage />
          </>
        ),
      },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: ['/content/services'] },
  );
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  await screen.findByRole('form', { name: 'Content of Services' });
  return router;
}

const heroTitle = () => within(screen.getByRole('group', { name: 'Hero' })).getByRole('textbox', { name: 'Title' });
const cardTitle = (index: number) => within(screen.getByRole('group', { name: `service card ${index}` })).getByRole('textbox', { name: 'Title' });

async function edit(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

describe(ContentEditorPage.name, () => {
  it('fills the form with the saved draft and says that it is not published yet', async () => {
    await openEditor();
    expect(screen.getByRole('heading', { level: 1, name: 'Services' })).toBeInTheDocument();
    expect(heroTitle()).toHaveValue('What We Do');
    expect(screen.getByText('Unpublished changes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  });

  it('saves the draft with PUT { fields, baseVersionId }, texts trimmed: the version the form was loaded as', async () => {
    server.answers['PUT /api/admin/content/services'] = (body) =>
      ok({ message: MESSAGES.contentSaved, page: pageWith({ draft: (body as { fields: ContentFields }).fields }) });
    await openEditor();
    await edit(cardTitle(2), 'Web Design  ');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(MESSAGES.contentSaved)).toBeInTheDocument();
    expect(server.sent('PUT /api/admin/content/services')).toEqual([{ fields: withValueAt(draft, 'offer.cards.1.title', 'Web Design'), baseVersionId: 'v3' }]);
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('shows a field the server refuses beside that field, focuses it, and sums the refusal up in a toast', async () => {
    server.answers['PUT /api/admin/content/services'] = () => ({
      status: 400,
      body: { success: false, message: MESSAGES.contentInvalid, errors: { 'offer.cards.1.title': 'Title must differ from the other entries' } },
    });
    await openEditor();
    await edit(cardTitle(2), 'Web');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(`${MESSAGES.contentInvalid} (1 field)`)).toBeInTheDocument();
    expect(cardTitle(2)).toHaveAttribute('aria-invalid', 'true');
    expect(cardTitle(2)).toHaveAccessibleDescription('Title must differ from the other entries');
    expect(cardTitle(2)).toHaveFocus();
    expect(cardTitle(1)).not.toHaveAttribute('aria-invalid');
    // Changing the field takes its error away.
    await userEvent.type(cardTitle(2), ' Apps');
    expect(cardTitle(2)).not.toHaveAttribute('aria-invalid');
  });

  it('checks the fields before saving: what does not fit is shown and nothing is sent', async () => {
    await openEditor();
    await userEvent.clear(heroTitle());
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(`${MESSAGES.contentInvalid} (1 field)`)).toBeInTheDocument();
    expect(heroTitle()).toHaveAccessibleDescription('Title is required');
    expect(server.sent('PUT /api/admin/content/services')).toEqual([]);
  });

  it('publishes now with POST publish {} once confirmed', async () => {
    server.answers['POST /api/admin/content/services/publish'] = () => ok({ message: MESSAGES.contentPublished, page: pageWith({ hasDraft: false }) });
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Publish now' });
    expect(server.sent('POST /api/admin/content/services/publish')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(MESSAGES.contentPublished)).toBeInTheDocument();
    expect(server.sent('POST /api/admin/content/services/publish')).toEqual([{}]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish now' })).toBeDisabled());
  });

  it('schedules with POST publish { at } as an ISO time, shows the pending schedule and cancels it with DELETE schedule', async () => {
    const at = format(addDays(new Date(), 3), "yyyy-MM-dd'T'HH:mm");
    server.answers['POST /api/admin/content/services/publish'] = (body) =>
      ok({ message: MESSAGES.contentScheduled, page: pageWith({ scheduledAt: (body as { at: string }).at, scheduledVersionId: 'v3' }) });
    server.answers['DELETE /api/admin/content/services/schedule'] = () => ok({ message: MESSAGES.contentScheduleCancelled, page: pageWith() });
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Schedule…' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule publish' });
    const when = within(dialog).getByLabelText(/^Publish on/);
    // user-event cannot type into a datetime-local input; a browser's picker sets the value at once, like this.
    fireEvent.change(when, { target: { value: at } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule publish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.sent('POST /api/admin/content/services/publish')).toEqual([{ at: new Date(at).toISOString() }]);
    expect(await screen.findByText(/^Scheduled to publish on/)).toBeInTheDocument();
    expect(screen.queryByText(/The draft changed since it was scheduled/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel schedule' }));
    expect(await screen.findByText(MESSAGES.contentScheduleCancelled)).toBeInTheDocument();
    expect(server.sent('DELETE /api/admin/content/services/schedule')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(/^Scheduled to publish on/)).not.toBeInTheDocument());
  });

  it('says when the draft changed since it was scheduled', async () => {
    server.answers['GET /api/admin/content/services'] = () => ok({ page: pageWith({ scheduledAt: '2030-01-02T09:30:00.000Z', scheduledVersionId: 'v2' }) });
    await openEditor();
    expect(screen.getByText('The draft changed since it was scheduled; schedule again to include the changes')).toBeInTheDocument();
  });

  it('opens the preview link in a new tab, saving unsaved changes first', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    server.answers['PUT /api/admin/content/services'] = (body) =>
      ok({ message: MESSAGES.contentSaved, page: pageWith({ draft: (body as { fields: ContentFields }).fields }) });
    server.answers['POST /api/admin/content/services/preview'] = () => ok({ url: '/preview/services?token=abc.def', expiresAt: '2030-01-01T10:00:00.000Z' });
    await openEditor();
    await edit(cardTitle(1), 'Shops');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const href = 'http://127.0.0.1:29418/preview/services?token=abc.def';
    await waitFor(() => expect(open).toHaveBeenCalledWith(href, '_blank', 'noopener,noreferrer'));
    expect(server.calls.map((call) => call.route)).toEqual([
      'GET /api/admin/content/services',
      'PUT /api/admin/content/services',
      'POST /api/admin/content/services/preview',
    ]);
    expect(screen.getByRole('link', { name: /^Open the preview/ })).toHaveAttribute('href', href);
    open.mockRestore();
  });

  it('compares two versions side by side, field by field', async () => {
    server.answers['GET /api/admin/content/services/versions/v1'] = () => ok({ version: { ...versions[2], fields: published } });
    server.answers['GET /api/admin/content/services/versions/v3'] = () => ok({ version: { ...versions[0], fields: draft } });
    await openEditor();
    const compare = screen.getByRole('button', { name: 'Compare' });
    expect(compare).toBeDisabled();
    const boxes = within(screen.getByRole('table', { name: /^Versions of Services/ })).getAllByRole('checkbox');
    await userEvent.click(boxes[0]!);
    await userEvent.click(boxes[2]!);
    await userEvent.click(compare);
    const table = await screen.findByRole('table', { name: /^Fields that differ/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([['Hero › Title', 'Our Services', 'What We Do']]);
  });

  it('restores a version with POST restore: the form shows it and the toast says it is not published yet', async () => {
    server.answers['POST /api/admin/content/services/versions/v1/restore'] = () =>
      ok({ message: MESSAGES.contentRestored, page: pageWith({ draft: published }) });
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: /^Restore the installed content/ }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Restore version' })).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(MESSAGES.contentRestored)).toBeInTheDocument();
    expect(heroTitle()).toHaveValue('Our Services');
    expect(server.sent('POST /api/admin/content/services/versions/v1/restore')).toHaveLength(1);
  });

  it('names the fields of a version that no longer fits the rules when it cannot be restored', async () => {
    server.answers['POST /api/admin/content/services/versions/v1/restore'] = () => ({
      status: 400,
      body: { success: false, message: MESSAGES.contentVersionFailsRules, errors: { 'hero.title': 'Title must be at most 80 characters' } },
    });
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: /^Restore the installed content/ }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Restore version' })).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(`${MESSAGES.contentVersionFailsRules}: Hero › Title`)).toBeInTheDocument();
    expect(heroTitle()).toHaveValue('What We Do');
  });

  it('marks the fields of a draft that no longer fits the rules when a publish is refused', async () => {
    server.answers['POST /api/admin/content/services/publish'] = () => ({
      status: 400,
      body: { success: false, message: MESSAGES.contentDraftFailsRules, errors: { 'hero.title': 'Title must be at most 80 characters' } },
    });
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Publish now' })).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(`${MESSAGES.contentDraftFailsRules} (1 field)`)).toBeInTheDocument();
    expect(heroTitle()).toHaveAccessibleDescription('Title must be at most 80 characters');
  });

  it('says when a scheduled publish failed, and which fields did not fit', async () => {
    server.answers['GET /api/admin/content/services'] = () =>
      ok({
        page: pageWith({
          failedSchedule: { runAt: '2030-01-02T09:30:00.000Z', failedAt: '2030-01-02T09:30:05.000Z', errors: { 'offer.cards.0.title': 'Title is required' } },
        }),
      });
    await openEditor();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.contentScheduleFailed);
    expect(alert).toHaveTextContent(`Due on ${formatDateTime('2030-01-02T09:30:00.000Z')}`);
    expect(within(alert).getByRole('listitem')).toHaveTextContent('Service cards › Service card 1 › Title: Title is required');
  });

  it('asks before leaving with unsaved changes, and stays or leaves as answered', async () => {
    const router = await openEditor();
    await edit(heroTitle(), 'Something else');
    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/content/services');
    expect(heroTitle()).toHaveValue('Something else');

    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('warns when the tab is closed with unsaved changes, not before', async () => {
    await openEditor();
    const unchanged = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unchanged);
    expect(unchanged.defaultPrevented).toBe(false);
    await edit(heroTitle(), 'Something else');
    const changed = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(changed);
    expect(changed.defaultPrevented).toBe(true);
  });
});
