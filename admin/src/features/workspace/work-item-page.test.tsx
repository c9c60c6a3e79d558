/**
 * @jest-environment-options {"url": "http://127.0.0.1:29420/admin/"}
 */
// The item page against a real HTTP server on the page's origin that answers as the contract says.
import { MESSAGES, NOTE_MAX_LENGTH, UNDO_TOAST_MS, type AdminAccount, type Lead, type TimelineEvent, type WorkItemDetails } from '@brightwave/common';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { formatDateTime, isoOfDateTimeInput } from '../../lib/format';
import { followUpPresets } from './follow-up-presets';
import { WorkItemPage } from './work-item-page';

jest.setTimeout(20_000);

const me: AdminAccount = { _id: 'a-me', id: 'a-me', name: 'Sam Sales', email: 'sam@example.test', role: 'sales' };
const colleague = { _id: 'a-other', name: 'Olga Other' };

function leadWith(changes: Partial<WorkItemDetails<Lead>> = {}): WorkItemDetails<Lead> {
  return {
    _id: 'L1',
    name: 'Ada Lovelace',
    email: 'ada@example.test',
    service: 'web',
    message: 'A new shop, please.',
    answers: [],
    status: 'new',
    attribution: { source: 'newsletter', medium: 'email', campaign: 'spring', term: null, content: null, referrerHost: null, landingPath: '/' },
    createdAt: '2026-03-01T09:00:00.000Z',
    owner: null,
    followUpAt: null,
    overdue: false,
    spam: false,
    related: [
      { kind: 'contact', _id: 'C1', createdAt: '2026-02-01T09:00:00.000Z' },
      // A sales admin never sees applications: the page leaves them out too.
      { kind: 'application', _id: 'P1', createdAt: '2026-02-02T09:00:00.000Z' },
    ],
    notes: [
      { _id: 'n-old', text: 'Called, no answer.', author: { _id: me._id, name: me.name }, createdAt: '2026-03-01T10:00:00.000Z' },
      { _id: 'n-new', text: 'Sent a quote.', author: colleague, createdAt: '2026-03-02T10:00:00.000Z' },
    ],
    ...changes,
  };
}

const events: TimelineEvent[] = [
  { at: '2026-03-01T09:00:00.000Z', type: 'submitted', actor: 'Ada Lovelace', detail: 'Sent the quote form' },
  { at: '2026-03-01T09:01:00.000Z', type: 'mail_sent', actor: null, detail: 'Staff notification sent' },
];

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());

let lead: WorkItemDetails<Lead>;

beforeEach(() => {
  lead = leadWith();
  server.reset({
    'GET /api/admin/account': () => ok({ account: me }),
    'GET /api/leads/L1': () => ok({ data: lead }),
    'GET /api/leads/L1/timeline': () => ok({ events }),
    'GET /api/admin/assignees?kind=lead': () => ok({ assignees: [{ _id: me._id, name: me.name }, colleague] }),
  });
});

async function openLead(id = 'L1') {
  const router = createMemoryRouter([{ path: '/leads/:id', element: <WorkItemPage kind="lead" /> }], { initialEntries: [`/leads/${id}`] });
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe(WorkItemPage.name, () => {
  it('shows what was sent, the notes newest first, the timeline oldest first and the related items the role may see', async () => {
    await openLead();
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote request from Ada Lovelace' })).toBeInTheDocument();
    const details = section('Quote request');
    expect(within(details).getByRole('link', { name: 'ada@example.test' })).toHaveAttribute('href', 'mailto:ada@example.test');
    expect(details).toHaveTextContent('A new shop, please.');
    const status = within(section('Status')).getByRole('group', { name: 'Status' });
    expect(within(status).getByRole('button', { name: 'New', pressed: true })).toBeInTheDocument();
    expect(within(section('Status')).getByRole('link', { name: 'Reply to Ada Lovelace by e-mail' })).toHaveAttribute(
      'href',
      `mailto:ada@example.test?subject=${encodeURIComponent('Re: your quote request – Web Designing')}`,
    );

    const notes = await within(section('Activity')).findAllByRole('article');
    expect(notes.map((article) => article.textContent)).toEqual([expect.stringContaining('Sent a quote.'), expect.stringContaining('Called, no answer.')]);

    // Notes and timeline as one feed, the newest first, each time with the exact one in its title.
    const feed = within(section('Activity')).getByRole('list', { name: 'Activity, newest first' });
    await waitFor(() => expect(within(feed).getAllByRole('listitem')).toHaveLength(4));
    const items = within(feed).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Sent a quote.');
    expect(items[3]).toHaveTextContent('Sent the quote form');
    const time = items[3]?.querySelector('time');
    expect(time).toHaveAttribute('dateTime', '2026-03-01T09:00:00.000Z');
    expect(time).toHaveAttribute('title', formatDateTime('2026-03-01T09:00:00.000Z'));

    const attribution = within(details).getByRole('region', { name: 'Attribution' });
    const shown = Object.fromEntries(
      within(attribution)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(shown).toEqual({
      Source: 'newsletter',
      Medium: 'email',
      Campaign: 'spring',
      Term: '—',
      Content: '—',
      Referrer: '—',
      'Landing page': '/',
    });

    const related = within(section('Related')).getAllByRole('link');
    expect(related).toHaveLength(1);
    expect(related[0]).toHaveAttribute('href', '/queries/C1');
  });

  it('says when an item arrived before attribution was kept', async () => {
    lead = leadWith({ attribution: { source: null, medium: null, campaign: null, term: null, content: null, referrerHost: null, landingPath: null } });
    await openLead();
    await screen.findByRole('heading', { level: 1 });
    const attribution = within(section('Quote request')).getByRole('region', { name: 'Attribution' });
    expect(attribution).toHaveTextContent('Not recorded: this arrived before the site told where submissions come from.');
    expect(within(attribution).queryAllByRole('term')).toEqual([]);
  });

  it('lets the author delete their own note only (an owner could delete any)', async () => {
    await openLead();
    await screen.findByRole('heading', { level: 1 });
    const notes = section('Activity');
    // The activity comes in its own request: it may still be loading when the heading shows.
    expect(await within(notes).findAllByRole('button', { name: /^Delete the note by/ })).toHaveLength(1);
    expect(within(notes).getByRole('button', { name: /^Delete the note by Sam Sales/ })).toBeInTheDocument();

    server.answers['DELETE /api/leads/L1/notes/n-old'] = () => {
      lead = { ...lead, notes: lead.notes.filter((one) => one._id !== 'n-old') };
      return ok({ message: MESSAGES.noteDeleted });
    };
    await userEvent.click(within(notes).getByRole('button', { name: /^Delete the note by Sam Sales/ }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete note' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.noteDeleted)).toBeInTheDocument();
    await waitFor(() => expect(within(section('Activity')).getAllByRole('article')).toHaveLength(1));
  });

  it("offers Undo after deleting one's own note: its text is written again as a note, and the toast says so", async () => {
    server.answers['DELETE /api/leads/L1/notes/n-old'] = () => {
      lead = { ...lead, notes: lead.notes.filter((one) => one._id !== 'n-old') };
      return ok({ message: MESSAGES.noteDeleted });
    };
    server.answers['POST /api/leads/L1/notes'] = (body) => {
      const added = { _id: 'n-3', text: (body as { text: string }).text, author: { _id: me._id, name: me.name }, createdAt: '2026-03-03T10:00:00.000Z' };
      lead = { ...lead, notes: [...lead.notes, added] };
      return ok({ message: MESSAGES.noteAdded, data: added });
    };
    await openLead();
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(await within(section('Activity')).findByRole('button', { name: /^Delete the note by Sam Sales/ }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete note' });
    expect(confirm).toHaveTextContent(MESSAGES.ownNoteDeleteConfirm);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo: note deleted' }));
    expect(await screen.findByText('Note restored')).toBeInTheDocument();
    expect(server.sent('POST /api/leads/L1/notes')).toEqual([{ text: 'Called, no answer.' }]);
    await waitFor(() => expect(within(section('Activity')).getAllByRole('article')[0]).toHaveTextContent('Called, no answer.'));
  });

  it("offers no Undo when an owner deletes another admin's note: it would come back under the owner's name", async () => {
    server.answers['GET /api/admin/account'] = () => ok({ account: { ...me, role: 'owner' } });
    server.answers['DELETE /api/leads/L1/notes/n-new'] = () => ok({ message: MESSAGES.noteDeleted });
    await openLead();
    await screen.findByRole('heading', { level: 1 });
    const remove = await within(section('Activity')).findByRole('button', { name: /^Delete the note by Olga Other/ });
    await userEvent.click(remove);
    const confirm = screen.getByRole('alertdialog', { name: 'Delete note' });
    expect(confirm).toHaveTextContent(MESSAGES.noteDeleteConfirm);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.noteDeleted)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
  });

  it('adds a note (trimmed), counting its characters up to the limit, and empties the box after', async () => {
    server.answers['POST /api/leads/L1/notes'] = (body) => {
      const added = { _id: 'n-3', text: (body as { text: string }).text, author: { _id: me._id, name: me.name }, createdAt: '2026-03-03T10:00:00.000Z' };
      lead = { ...lead, notes: [...lead.notes, added] };
      return ok({ message: MESSAGES.noteAdded, data: added });
    };
    await openLead();
    const box = await screen.findByRole('textbox', { name: 'New note' });
    expect(box).toHaveAttribute('maxLength', String(NOTE_MAX_LENGTH));
    expect(screen.getByRole('button', { name: 'Add note' })).toBeDisabled();
    await userEvent.type(box, '  Will call back  ');
    expect(screen.getByText(`18 / ${NOTE_MAX_LENGTH} characters`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText(MESSAGES.noteAdded)).toBeInTheDocument();
    expect(server.sent('POST /api/leads/L1/notes')).toEqual([{ text: 'Will call back' }]);
    expect(box).toHaveValue('');
    await waitFor(() => expect(within(section('Activity')).getAllByRole('article')[0]).toHaveTextContent('Will call back'));
  });

  it('assigns the lead to the signed-in admin, then shows the new owner', async () => {
    server.answers['PATCH /api/leads/L1/owner'] = (body) => {
      lead = { ...lead, owner: { _id: me._id, name: me.name } };
      expect(body).toEqual({ ownerId: me._id });
      return ok({ message: MESSAGES.ownerAssigned, data: lead });
    };
    await openLead();
    const owner = await screen.findByRole('combobox', { name: 'Owner' });
    expect(owner).toHaveValue('unassigned');
    await userEvent.click(await screen.findByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText(MESSAGES.ownerAssigned)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveValue(me._id));
    expect(screen.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();
  });

  /** Opens the lead and chooses the colleague as its owner, which the server accepts. */
  async function giveLeadToColleague() {
    server.answers['PATCH /api/leads/L1/owner'] = () => {
      lead = { ...lead, owner: colleague };
      return ok({ message: MESSAGES.ownerAssigned, data: lead });
    };
    await openLead();
    const owner = await screen.findByRole('combobox', { name: 'Owner' });
    await waitFor(() => expect(within(owner).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(owner, colleague._id);
  }

  it('gives the lead to another admin in one step: choosing them saves, with a toast', async () => {
    await giveLeadToColleague();
    expect(await screen.findByText(MESSAGES.ownerAssigned)).toBeInTheDocument();
    expect(server.sent('PATCH /api/leads/L1/owner')).toEqual([{ ownerId: colleague._id }]);
  });

  it("offers Undo after an owner change; an undo the server refuses shows the server's reason", async () => {
    await giveLeadToColleague();
    const undo = await screen.findByRole('button', { name: 'Undo: assigned to Olga Other' });
    server.answers['PATCH /api/leads/L1/owner'] = () => ({ status: 400, body: { success: false, message: MESSAGES.ownerInvalid } });
    await userEvent.click(undo);
    expect(await screen.findByText(MESSAGES.ownerInvalid)).toBeInTheDocument();
    expect(server.sent('PATCH /api/leads/L1/owner')).toEqual([{ ownerId: colleague._id }, { ownerId: null }]);
  });

  it('sets a follow-up as an ISO time, shows Overdue once it has passed, and clears it', async () => {
    server.answers['PUT /api/leads/L1/follow-up'] = (body) => {
      const at = (body as { at: string | null }).at;
      lead = { ...lead, followUpAt: at, overdue: at !== null };
      return ok({ message: at ? MESSAGES.followUpSet : MESSAGES.followUpCleared, data: lead });
    };
    await openLead();
    const input = await screen.findByLabelText('Follow-up time');
    await userEvent.type(input, '2026-03-04T09:30');
    await userEvent.click(screen.getByRole('button', { name: 'Set follow-up' }));
    expect(await screen.findByText(MESSAGES.followUpSet)).toBeInTheDocument();
    expect(server.sent('PUT /api/leads/L1/follow-up')).toEqual([{ at: isoOfDateTimeInput('2026-03-04T09:30') }]);
    await waitFor(() => expect(section('Follow-up')).toHaveTextContent('Overdue'));

    await userEvent.click(screen.getByRole('button', { name: 'Clear follow-up' }));
    expect(await screen.findByText(MESSAGES.followUpCleared)).toBeInTheDocument();
    expect(server.sent('PUT /api/leads/L1/follow-up').at(-1)).toEqual({ at: null });
    await waitFor(() => expect(section('Follow-up')).toHaveTextContent('No follow-up set.'));
  });

  it("sets a preset follow-up (9:00 in the admin's time zone) in one click", async () => {
    server.answers['PUT /api/leads/L1/follow-up'] = (body) => {
      lead = { ...lead, followUpAt: (body as { at: string }).at };
      return ok({ message: MESSAGES.followUpSet, data: lead });
    };
    await openLead();
    await screen.findByRole('heading', { level: 1 });
    const presets = await within(section('Follow-up')).findByRole('group', { name: 'Follow-up presets' });
    await userEvent.click(within(presets).getByRole('button', { name: 'Follow up Tomorrow 9:00' }));
    expect(await screen.findByText(MESSAGES.followUpSet)).toBeInTheDocument();
    const [tomorrow] = followUpPresets(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(server.sent('PUT /api/leads/L1/follow-up')).toEqual([{ at: tomorrow?.at.toISOString() }]);
  });

  it('sets the status in one click, without a dialog', async () => {
    server.answers['PATCH /api/leads/L1/status'] = (body) => {
      lead = { ...lead, status: (body as { status: Lead['status'] }).status };
      return ok({ data: lead });
    };
    await openLead();
    await screen.findByRole('heading', { level: 1 });
    const status = await within(section('Status')).findByRole('group', { name: 'Status' });
    await userEvent.click(within(status).getByRole('button', { name: 'Contacted' }));
    await waitFor(() => expect(within(status).getByRole('button', { name: 'Contacted', pressed: true })).toBeInTheDocument());
    expect(server.sent('PATCH /api/leads/L1/status')).toEqual([{ status: 'contacted' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it(`offers Undo for ${UNDO_TOAST_MS / 1000} seconds after a status change; Undo sets the previous status the same way and says so`, async () => {
    server.answers['PATCH /api/leads/L1/status'] = (body) => {
      lead = { ...lead, status: (body as { status: Lead['status'] }).status };
      return ok({ data: lead });
    };
    await openLead();
    await screen.findByRole('heading', { level: 1 });
    const status = await within(section('Status')).findByRole('group', { name: 'Status' });
    await userEvent.click(within(status).getByRole('button', { name: 'Contacted' }));
    const undo = await screen.findByRole('button', { name: 'Undo: status changed to Contacted' });
    const toast = undo.closest('[role="alert"]');
    expect(toast).toHaveTextContent('Status changed to Contacted');
    // The toast's countdown (its progress bar's animation) runs UNDO_TOAST_MS, not the others' 3 s.
    expect(toast?.querySelector('[role="progressbar"]')).toHaveStyle({ animationDuration: `${UNDO_TOAST_MS}ms` });
    await waitFor(() => expect(within(status).getByRole('button', { name: 'Contacted', pressed: true })).toBeInTheDocument());
    await userEvent.click(undo);
    expect(await screen.findByText('Status back to New')).toBeInTheDocument();
    expect(server.sent('PATCH /api/leads/L1/status')).toEqual([{ status: 'contacted' }, { status: 'new' }]);
    await waitFor(() => expect(within(status).getByRole('button', { name: 'New', pressed: true })).toBeInTheDocument());
  });

  it("links the previous and next lead of the list's page the admin came from", async () => {
    const row = (id: string, name: string) => ({ ...leadWith({ _id: id, name }), owner: null });
    server.answers['GET /api/leads?page=1&limit=20&sort=newest'] = () =>
      ok({ leads: [row('L0', 'Newer Nell'), row('L1', 'Ada Lovelace'), row('L2', 'Older Otto')], total: 3 });
    await openLead();
    const others = await screen.findByRole('navigation', { name: 'Other leads' });
    expect(within(others).getByRole('link', { name: 'Previous lead' })).toHaveAttribute('href', '/leads/L0');
    expect(within(others).getByRole('link', { name: 'Next lead' })).toHaveAttribute('href', '/leads/L2');
  });

  it('says so when the lead does not exist', async () => {
    await openLead('gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote request not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Leads/ })).toHaveAttribute('href', '/leads');
  });

  it('offers a retry when the lead could not be loaded', async () => {
    server.answers['GET /api/leads/L1'] = () => ({ status: 500, body: { success: false, message: 'Internal server error' } });
    await openLead();
    expect(await screen.findByText(MESSAGES.listLoadFailure)).toBeInTheDocument();
    server.answers['GET /api/leads/L1'] = () => ok({ data: lead });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote request from Ada Lovelace' })).toBeInTheDocument();
  });
});
