/**
 * @jest-environment-options {"url": "http://127.0.0.1:29447/admin/"}
 */
// The pipeline board against a real HTTP server on the page's origin that answers as the contract says.
import {
  BULK_APPLICATIONS_MAX,
  INTERVIEW_MESSAGES,
  MESSAGES,
  PIPELINE_COLUMN_MAX_CARDS,
  REJECTION_DELAY_HOURS,
  type CandidateEmailSettings,
  type CandidateEmailTemplate,
  type Job,
  type PipelineCard,
  type PipelineColumn,
} from '@brightwave/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../../test/answering-server';
import { formatDateTime } from '../../lib/format';
import { renderRoutes, startAnsweringServer } from './hiring-test-setup';
import { BackLink } from '../workspace/back-link';
import { PipelinePage } from './pipeline-page';

const DAY_MS = 86_400_000;
const DELAY_MS = REJECTION_DELAY_HOURS * 3_600_000;

const job: Job = {
  _id: 'J1',
  id: 'J1',
  title: 'Frontend Developer',
  department: 'engineering',
  location: 'remote',
  type: 'full-time',
  experience: '3+ years',
  description: 'Build the site.',
  requirements: [],
  status: 'active',
  closesAt: null,
  questions: [],
  createdAt: '2026-02-01T09:00:00.000Z',
};

function card(changes: Partial<PipelineCard> & Pick<PipelineCard, '_id' | 'fullName'>): PipelineCard {
  return {
    status: 'pending',
    createdAt: '2026-03-01T09:00:00.000Z',
    statusChangedAt: new Date(Date.now() - 3 * DAY_MS - 3_600_000).toISOString(),
    owner: null,
    average: null,
    ratingCount: 0,
    scheduledEmail: null,
    knockout: null,
    interview: null,
    ...changes,
  };
}

const ann = card({
  _id: 'A1',
  fullName: 'Ann Lee',
  createdAt: '2026-03-02T09:00:00.000Z',
  owner: { _id: 'a-olga', name: 'Olga Other' },
  average: 3.5,
  ratingCount: 2,
});
const bo = card({ _id: 'B2', fullName: 'Bo Chen' });
const cy = card({ _id: 'C3', fullName: 'Cy Diaz', status: 'shortlisted', statusChangedAt: new Date().toISOString(), average: 4, ratingCount: 1 });

const templates: CandidateEmailTemplate[] = [
  { _id: 'T-rej', name: 'Rejection', subject: 'Your application', body: 'Thank you, {{firstName}}.', updatedAt: '2026-01-01T00:00:00.000Z' },
  { _id: 'T-int', name: 'Interview invitation', subject: 'Let us talk', body: 'Book a time: {{bookingLink}}', updatedAt: '2026-01-01T00:00:00.000Z' },
];

/** The board the server answers: the cards by status, each column's total as given (at least its cards). */
function boardOf(cards: PipelineCard[], totals: Partial<Record<PipelineCard['status'], number>> = {}): { job: Job; columns: PipelineColumn[] } {
  const statuses = ['pending', 'reviewed', 'shortlisted', 'rejected', 'hired'] as const;
  return {
    job,
    columns: statuses.map((status) => {
      const inColumn = cards.filter((one) => one.status === status);
      return { status, total: totals[status] ?? inColumn.length, cards: inColumn };
    }),
  };
}

const server = startAnsweringServer();

let cards: PipelineCard[];
let settings: CandidateEmailSettings;

/** The status route as the backend does it: the card moves, and the next board shows it there. */
function statusRoute(id: string) {
  return (body: unknown) => {
    const { status } = body as { status: PipelineCard['status'] };
    cards = cards.map((one) => (one._id === id ? { ...one, status } : one));
    return ok({ message: MESSAGES.applicationStatusUpdated, data: { _id: id, status } });
  };
}

beforeEach(() => {
  cards = [ann, bo, cy];
  settings = { bookingLink: null, rejectionTemplateId: 'T-rej' };
  server.reset({
    'GET /api/jobs/admin/J1/pipeline': () => ok(boardOf(cards, { shortlisted: 250 })),
    'GET /api/admin/settings/candidate-emails': () => ok({ templates, settings }),
    'PUT /api/jobs/applications/A1/status': statusRoute('A1'),
    'POST /api/jobs/applications/bulk': (body) => {
      const { ids, templateId } = body as { ids: string[]; templateId: string | null };
      return ok({ message: MESSAGES.bulkUpdated, updated: ids.length, scheduled: templateId ? ids.length : 0 });
    },
  });
});

async function openBoard(id = 'J1', { big = false } = {}) {
  renderRoutes([{ path: '/jobs/:id/pipeline', element: <PipelinePage /> }], `/jobs/${id}/pipeline`);
  if (id !== 'J1') return;
  if (big) await screen.findByText('Pipeline: Frontend Developer', undefined, { timeout: 15_000 });
  else await screen.findByRole('heading', { level: 1, name: 'Pipeline: Frontend Developer' });
}

const column = (label: string) => screen.getByRole('region', { name: new RegExp(`^${label} \\d+ application`) });
const cardOf = (name: string) => screen.getByRole('article', { name });
const pipelineLoads = () => server.calls.filter((call) => call.route === 'GET /api/jobs/admin/J1/pipeline').length;

async function moveWithControl(name: string, status: string) {
  await userEvent.selectOptions(screen.getByRole('combobox', { name: `Move ${name} to` }), status);
  await userEvent.click(screen.getByRole('button', { name: `Move ${name}` }));
}

/** An ISO time within the test's run shifted by `offset`: what "now + offset" was when the page computed it. */
function expectAbout(iso: unknown, before: number, offset: number) {
  const at = new Date(iso as string).getTime();
  expect(at).toBeGreaterThanOrEqual(before + offset);
  expect(at).toBeLessThanOrEqual(Date.now() + offset);
}

describe(PipelinePage.name, () => {
  it("shows a rejected card's scheduled rejection mail and when it goes; Cancel asks, cancels it and the card no longer shows it", async () => {
    const sendAt = new Date(Date.now() + DELAY_MS).toISOString();
    cards = [ann, card({ _id: 'D4', fullName: 'Di Ng', status: 'rejected', scheduledEmail: { _id: 'E1', subject: 'Your application', sendAt } })];
    server.answers['DELETE /api/jobs/applications/D4/emails/E1'] = () => {
      cards = cards.map((one) => ({ ...one, scheduledEmail: null }));
      return ok({ message: MESSAGES.candidateEmailCancelled });
    };
    await openBoard();
    const diCard = cardOf('Di Ng');
    expect(diCard).toHaveTextContent(`Rejection e-mail scheduled for ${formatDateTime(sendAt)}`);
    expect(cardOf('Ann Lee')).not.toHaveTextContent('scheduled');
    await userEvent.click(within(diCard).getByRole('button', { name: 'Cancel the rejection e-mail to Di Ng' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel the scheduled e-mail' });
    expect(confirm).toHaveTextContent('“Your application” will not be sent to Di Ng.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel the e-mail' }));
    expect(await screen.findByText(MESSAGES.candidateEmailCancelled)).toBeInTheDocument();
    await waitFor(() => expect(cardOf('Di Ng')).not.toHaveTextContent('Rejection e-mail scheduled'));
    expect(server.sent('DELETE /api/jobs/applications/D4/emails/E1')).toHaveLength(1);
  });

  it('badges a knocked-out card "Knocked out", naming the question in its title and to a screen reader; the others have none', async () => {
    cards = [ann, card({ _id: 'K5', fullName: 'Kim Ode', status: 'rejected', knockout: 'Do you have a work permit?' })];
    await openBoard();
    const badge = within(cardOf('Kim Ode')).getByTitle('Knocked out by the answer to “Do you have a work permit?”');
    expect(badge).toHaveTextContent(/^Knocked out by the answer to “Do you have a work permit\?”$/);
    expect(cardOf('Ann Lee')).not.toHaveTextContent('Knocked out');
  });

  it("says where a card's interview stands: its day and time once booked, invited, or its link expired; none without one", async () => {
    // On the test's own clock, so that the day and time shown do not depend on the machine's time zone.
    const start = new Date(2026, 11, 1, 10, 0).toISOString();
    cards = [
      card({ _id: 'A1', fullName: 'Ann Lee', interview: { _id: 'I1', state: 'booked', start } }),
      card({ _id: 'B2', fullName: 'Bo Chen', interview: { _id: 'I2', state: 'invited', start: null } }),
      card({ _id: 'C3', fullName: 'Cy Diaz', interview: { _id: 'I3', state: 'expired', start: null } }),
      card({ _id: 'D4', fullName: 'Di Ng' }),
    ];
    await openBoard();
    expect(within(cardOf('Ann Lee')).getByText('Interview: Tue 1 Dec, 10:00')).toBeInTheDocument();
    expect(within(cardOf('Bo Chen')).getByText('Interview: invited')).toBeInTheDocument();
    expect(within(cardOf('Cy Diaz')).getByText('Interview: link expired')).toBeInTheDocument();
    expect(cardOf('Di Ng')).not.toHaveTextContent('Interview:');
  });

  it("invites a card's candidate to interview through the dialog, and offers no invitation on a rejected or hired card", async () => {
    cards = [ann, card({ _id: 'D4', fullName: 'Di Ng', status: 'rejected' }), card({ _id: 'E5', fullName: 'Ed Fox', status: 'hired' })];
    server.answers['GET /api/jobs/applications/A1/interviewers'] = () => ok({ interviewers: [{ _id: 'a-olga', name: 'Olga Other', notBookable: null }] });
    server.answers['POST /api/jobs/applications/A1/interview'] = () => {
      cards = cards.map((one) => (one._id === 'A1' ? { ...one, interview: { _id: 'I1', state: 'invited', start: null } } : one));
      return { status: 201, body: { success: true, message: INTERVIEW_MESSAGES.sent, interview: {} } };
    };
    await openBoard();
    expect(within(cardOf('Di Ng')).queryByRole('button', { name: /^Invite to interview/ })).not.toBeInTheDocument();
    expect(within(cardOf('Ed Fox')).queryByRole('button', { name: /^Invite to interview/ })).not.toBeInTheDocument();
    await userEvent.click(within(cardOf('Ann Lee')).getByRole('button', { name: 'Invite to interview Ann Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Ann Lee to interview' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Olga Other' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(INTERVIEW_MESSAGES.sent)).toBeInTheDocument();
    expect(server.sent('POST /api/jobs/applications/A1/interview')).toEqual([{ interviewerIds: ['a-olga'], minutes: 45, statusOnBooking: 'shortlisted' }]);
    // The board is fetched again: the card says so.
    expect(await within(cardOf('Ann Lee')).findByText('Interview: invited')).toBeInTheDocument();
  });

  it('opens a resume in a side panel named after the applicant: the PDF in a frame and its download; Escape closes it and the focus returns', async () => {
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:resume-of-ann'), revokeObjectURL: jest.fn() });
    server.answers['GET /api/jobs/applications/A1/resume'] = () => ({
      status: 200,
      body: null,
      file: { type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n') },
    });
    await openBoard();
    const open = within(cardOf('Ann Lee')).getByRole('button', { name: 'Resume of Ann Lee' });
    await userEvent.click(open);
    const panel = await screen.findByRole('dialog', { name: 'Resume of Ann Lee' });
    const frame = await within(panel).findByTitle("Ann Lee's resume (PDF)");
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'blob:resume-of-ann');
    expect(within(panel).getByRole('link', { name: 'Download Ann Lee_resume.pdf' })).toHaveAttribute('download', 'Ann Lee_resume.pdf');
    // The board stays where it was, behind the panel.
    expect(screen.getByRole('heading', { level: 1, name: 'Pipeline: Frontend Developer' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Resume of Ann Lee' })).not.toBeInTheDocument();
    expect(open).toHaveFocus();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:resume-of-ann');
  });

  it("opens an application from its card; that page's back link returns to the board", async () => {
    renderRoutes(
      [
        { path: '/jobs/:id/pipeline', element: <PipelinePage /> },
        { path: '/applications/:id', element: <BackLink kind="application" /> },
      ],
      '/jobs/J1/pipeline',
    );
    await screen.findByRole('heading', { level: 1, name: 'Pipeline: Frontend Developer' });
    await userEvent.click(within(cardOf('Ann Lee')).getByRole('link', { name: 'Ann Lee' }));
    const back = await screen.findByRole('link', { name: 'Back to the pipeline of Frontend Developer' });
    expect(back).toHaveAttribute('href', '/jobs/J1/pipeline');
    await userEvent.click(back);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pipeline: Frontend Developer' })).toBeInTheDocument();
  });

  it('keeps the Move control of a card in the tab order, hidden from sight until the card has the focus', async () => {
    await openBoard();
    const annCard = cardOf('Ann Lee');
    const move = within(annCard).getByRole('combobox', { name: 'Move Ann Lee to' });
    expect(move.closest('form')).toHaveClass('sr-only', 'group-focus-within:not-sr-only', 'group-hover:not-sr-only');
    expect(annCard).toHaveClass('group');
    within(annCard).getByRole('link', { name: 'Ann Lee' }).focus();
    await userEvent.tab();
    expect(within(annCard).getByRole('button', { name: 'Resume of Ann Lee' })).toHaveFocus();
    await userEvent.tab();
    expect(within(annCard).getByRole('button', { name: 'Invite to interview Ann Lee' })).toHaveFocus();
    await userEvent.tab();
    expect(move).toHaveFocus();
    // A move chosen but not made stays in sight.
    await userEvent.selectOptions(move, 'reviewed');
    expect(move.closest('form')).not.toHaveClass('sr-only');
  });

  it('shows a column per status in the spec order, with its count, and on each card the name, date, rating, days in status and owner', async () => {
    await openBoard();
    expect(screen.getByRole('link', { name: /Back to Jobs/ })).toHaveAttribute('href', '/jobs');
    const columnNames = [
      'Pending 2 applications',
      'Reviewed 0 applications',
      'Shortlisted 250 applications',
      'Rejected 0 applications',
      'Hired 0 applications',
    ];
    expect(screen.getAllByRole('region', { name: / \d+ applications?$/ })).toEqual(columnNames.map((name) => screen.getByRole('region', { name })));
    expect(within(column('Pending')).getAllByRole('article')).toEqual([cardOf('Ann Lee'), cardOf('Bo Chen')]);
    expect(column('Shortlisted')).toHaveTextContent('Showing the newest 1');
    expect(column('Pending')).not.toHaveTextContent('Showing the newest');
    expect(column('Hired')).toHaveTextContent('No applications');

    const annCard = cardOf('Ann Lee');
    expect(within(annCard).getByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/applications/A1');
    expect(annCard).toHaveTextContent('Applied Mar 02, 2026');
    expect(within(annCard).getByText('Average rating 3.5 of 4 from 2 ratings')).toBeInTheDocument();
    // The rating says its scale on sight too.
    expect(annCard).toHaveTextContent('★ 3.5 of 4 (2)');
    expect(annCard).toHaveTextContent('3 days in Pending');
    expect(annCard).toHaveTextContent('Owner: Olga Other');

    const boCard = cardOf('Bo Chen');
    expect(boCard).toHaveTextContent('Not rated');
    expect(boCard).toHaveTextContent('Owner: Unassigned');
    expect(within(cardOf('Cy Diaz')).getByText('Average rating 4.0 of 4 from 1 rating')).toBeInTheDocument();
    expect(cardOf('Cy Diaz')).toHaveTextContent('Less than a day in Shortlisted');

    // The Move control offers the other statuses only.
    const move = within(annCard).getByRole('combobox', { name: 'Move Ann Lee to' });
    expect(
      within(move)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a status', 'Reviewed', 'Shortlisted', 'Rejected', 'Hired']);
    expect(within(annCard).getByRole('checkbox', { name: 'Select Ann Lee' })).not.toBeChecked();
  });

  it('shows only the knocked-out applications with Knocked out only (knockedOut=true), the board staying while it loads', async () => {
    server.answers['GET /api/jobs/admin/J1/pipeline?knockedOut=true'] = () => ok(boardOf([{ ...cy, status: 'rejected' }]));
    await openBoard();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Knocked out only' }));
    await waitFor(() => expect(within(column('Rejected')).getAllByRole('article')).toHaveLength(1));
    expect(within(column('Pending')).queryAllByRole('article')).toEqual([]);
    expect(screen.getByRole('checkbox', { name: 'Knocked out only' })).toHaveFocus();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Knocked out only' }));
    await waitFor(() => expect(within(column('Pending')).getAllByRole('article')).toHaveLength(2));
  });

  it('moves a card with its Move control through the status route, then shows the board as the server has it', async () => {
    await openBoard();
    await moveWithControl('Ann Lee', 'reviewed');
    expect(await screen.findByText(MESSAGES.applicationStatusUpdated)).toBeInTheDocument();
    expect(server.sent('PUT /api/jobs/applications/A1/status')).toEqual([{ status: 'reviewed' }]);
    await waitFor(() => expect(pipelineLoads()).toBe(2));
    await waitFor(() => expect(within(column('Reviewed')).getByRole('article', { name: 'Ann Lee' })).toBeInTheDocument());
    expect(within(column('Pending')).queryByRole('article', { name: 'Ann Lee' })).not.toBeInTheDocument();
    // The card is a new element in its new column: the focus follows it.
    expect(screen.getByRole('combobox', { name: 'Move Ann Lee to' })).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Reviewed 1 application' })).toBeInTheDocument();
  });

  it('offers Undo after a move: the card goes back to its column through the status route, once however often Undo is pressed', async () => {
    await openBoard();
    await moveWithControl('Ann Lee', 'reviewed');
    const undo = await screen.findByRole('button', { name: 'Undo: Ann Lee moved to Reviewed' });
    await waitFor(() => expect(within(column('Reviewed')).getByRole('article', { name: 'Ann Lee' })).toBeInTheDocument());
    await userEvent.click(undo);
    await userEvent.click(undo);
    expect(await screen.findByText('Ann Lee back in Pending')).toBeInTheDocument();
    expect(server.sent('PUT /api/jobs/applications/A1/status')).toEqual([{ status: 'reviewed' }, { status: 'pending' }]);
    await waitFor(() => expect(within(column('Pending')).getByRole('article', { name: 'Ann Lee' })).toBeInTheDocument());
    expect(within(column('Reviewed')).queryAllByRole('article')).toEqual([]);
  });

  it("shows the server's reason when the undo of a move is refused, and leaves the card where it was moved", async () => {
    await openBoard();
    await moveWithControl('Ann Lee', 'hired');
    const undo = await screen.findByRole('button', { name: 'Undo: Ann Lee moved to Hired' });
    await waitFor(() => expect(within(column('Hired')).getByRole('article', { name: 'Ann Lee' })).toBeInTheDocument());
    server.answers['PUT /api/jobs/applications/A1/status'] = () => ({ status: 404, body: { success: false, message: 'Application not found' } });
    await userEvent.click(undo);
    expect(await screen.findByText('Application not found')).toBeInTheDocument();
    await waitFor(() => expect(within(column('Hired')).getByRole('article', { name: 'Ann Lee' })).toBeInTheDocument());
  });

  it('offers no Undo for a rejection, whose mail cannot be taken back', async () => {
    await openBoard();
    await moveWithControl('Ann Lee', 'rejected');
    const dialog = await screen.findByRole('dialog', { name: 'Reject Ann Lee?' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: "Don't send an e-mail" }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(MESSAGES.bulkUpdated)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
  });

  it('puts the card back and says so when the status could not be changed', async () => {
    server.answers['PUT /api/jobs/applications/A1/status'] = () => ({ status: 500, body: { success: false, message: 'Internal server error' } });
    await openBoard();
    await moveWithControl('Ann Lee', 'hired');
    expect(await screen.findByText(MESSAGES.applicationStatusFailure)).toBeInTheDocument();
    await waitFor(() => expect(within(column('Pending')).getByRole('article', { name: 'Ann Lee' })).toBeInTheDocument());
    expect(within(column('Hired')).queryAllByRole('article')).toEqual([]);
  });

  it('moves a card dragged onto another column', async () => {
    server.answers['PUT /api/jobs/applications/B2/status'] = statusRoute('B2');
    await openBoard();
    const dataTransfer = { setData: jest.fn(), effectAllowed: 'all', dropEffect: 'none' };
    fireEvent.dragStart(cardOf('Bo Chen'), { dataTransfer });
    fireEvent.dragOver(column('Shortlisted'), { dataTransfer });
    fireEvent.drop(column('Shortlisted'), { dataTransfer });
    expect(await screen.findByText(MESSAGES.applicationStatusUpdated)).toBeInTheDocument();
    expect(server.sent('PUT /api/jobs/applications/B2/status')).toEqual([{ status: 'shortlisted' }]);
    await waitFor(() => expect(within(column('Shortlisted')).getByRole('article', { name: 'Bo Chen' })).toBeInTheDocument());
  });

  it('asks before rejecting, and by default sends the rejection template 48 hours later through the bulk route', async () => {
    await openBoard();
    await moveWithControl('Ann Lee', 'rejected');
    const dialog = await screen.findByRole('dialog', { name: 'Reject Ann Lee?' });
    expect(await within(dialog).findByRole('radio', { name: `Send the rejection e-mail in ${REJECTION_DELAY_HOURS} hours` })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Send it now' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: "Don't send an e-mail" })).not.toBeChecked();
    expect(dialog).toHaveTextContent('Template: Rejection');

    const before = Date.now();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(MESSAGES.bulkUpdated)).toBeInTheDocument();
    const [sent] = server.sent('POST /api/jobs/applications/bulk') as Record<string, unknown>[];
    expect(sent).toEqual({ ids: ['A1'], status: 'rejected', templateId: 'T-rej', sendAt: expect.any(String) });
    expectAbout(sent?.sendAt, before, DELAY_MS);
    expect(server.sent('PUT /api/jobs/applications/A1/status')).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(pipelineLoads()).toBe(2));
  });

  it("rejects without an e-mail when Don't send is chosen, and sends it at once when Send it now is", async () => {
    await openBoard();
    await moveWithControl('Ann Lee', 'rejected');
    let dialog = await screen.findByRole('dialog', { name: 'Reject Ann Lee?' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: "Don't send an e-mail" }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(server.sent('POST /api/jobs/applications/bulk')).toEqual([{ ids: ['A1'], status: 'rejected', templateId: null, sendAt: null }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await moveWithControl('Bo Chen', 'rejected');
    dialog = await screen.findByRole('dialog', { name: 'Reject Bo Chen?' });
    // Every opening starts from the default.
    expect(await within(dialog).findByRole('radio', { name: `Send the rejection e-mail in ${REJECTION_DELAY_HOURS} hours` })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Send it now' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(server.sent('POST /api/jobs/applications/bulk').at(-1)).toEqual({ ids: ['B2'], status: 'rejected', templateId: 'T-rej', sendAt: null }),
    );
  });

  it('changes nothing when the rejection is cancelled', async () => {
    await openBoard();
    await moveWithControl('Ann Lee', 'rejected');
    const dialog = await screen.findByRole('dialog', { name: 'Reject Ann Lee?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.sent('POST /api/jobs/applications/bulk')).toEqual([]);
    expect(within(column('Pending')).getByRole('article', { name: 'Ann Lee' })).toBeInTheDocument();
  });

  it("offers only Don't send when no rejection template is set", async () => {
    settings = { bookingLink: null, rejectionTemplateId: null };
    await openBoard();
    await moveWithControl('Ann Lee', 'rejected');
    const dialog = await screen.findByRole('dialog', { name: 'Reject Ann Lee?' });
    expect(await within(dialog).findByText(/No rejection template is set/)).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(["Don't send an e-mail"]);
    expect(within(dialog).getByRole('radio', { name: "Don't send an e-mail" })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(server.sent('POST /api/jobs/applications/bulk')).toEqual([{ ids: ['A1'], status: 'rejected', templateId: null, sendAt: null }]));
  });

  it('changes the selected cards together with the bulk toolbar, with a template 48 hours later, then clears the selection', async () => {
    await openBoard();
    expect(screen.queryByRole('form', { name: 'Change the selected applications' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Ann Lee' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Cy Diaz' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    const toolbar = screen.getByRole('form', { name: 'Change the selected applications' });
    const apply = within(toolbar).getByRole('button', { name: 'Apply to the selected applications' });
    expect(apply).toBeDisabled();
    await userEvent.selectOptions(within(toolbar).getByRole('combobox', { name: 'Set status to' }), 'reviewed');
    expect(within(toolbar).queryByRole('combobox', { name: 'When' })).not.toBeInTheDocument();
    const withMail = within(toolbar).getByRole('combobox', { name: 'With e-mail' });
    expect(
      within(withMail)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No e-mail', 'Rejection', 'Interview invitation']);
    await userEvent.selectOptions(withMail, 'T-int');
    await userEvent.selectOptions(within(toolbar).getByRole('combobox', { name: 'When' }), 'later');

    const before = Date.now();
    await userEvent.click(apply);
    expect(await screen.findByText(`${MESSAGES.bulkUpdated}: 2 applications, 2 e-mails scheduled`)).toBeInTheDocument();
    const [sent] = server.sent('POST /api/jobs/applications/bulk') as Record<string, unknown>[];
    expect(sent).toEqual({ ids: ['A1', 'C3'], status: 'reviewed', templateId: 'T-int', sendAt: expect.any(String) });
    expectAbout(sent?.sendAt, before, DELAY_MS);
    expect(screen.getByText('No applications selected.')).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: 'Select Ann Lee' })).not.toBeChecked();
  });

  it("rejects the selected cards silently when no template is chosen, and shows the server's reason when it refuses", async () => {
    server.answers['POST /api/jobs/applications/bulk'] = () => ({ status: 404, body: { success: false, message: MESSAGES.bulkApplicationMissing } });
    await openBoard();
    await userEvent.click(within(column('Pending')).getByRole('checkbox', { name: 'Select all in Pending' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Set status to' }), 'rejected');
    await userEvent.click(screen.getByRole('button', { name: 'Apply to the selected applications' }));
    expect(await screen.findByText(MESSAGES.bulkApplicationMissing)).toBeInTheDocument();
    expect(server.sent('POST /api/jobs/applications/bulk')).toEqual([{ ids: ['A1', 'B2'], status: 'rejected', templateId: null, sendAt: null }]);
    // Nothing changed: the choice stays, to try again.
    expect(screen.getByText('2 selected')).toBeInTheDocument();
  });

  it(`refuses more than ${BULK_APPLICATIONS_MAX} applications at once and says why`, async () => {
    // Three columns of the most cards a column shows (PIPELINE_COLUMN_MAX_CARDS), less the last: one too many.
    const statuses = ['pending', 'reviewed', 'shortlisted'] as const;
    cards = Array.from({ length: BULK_APPLICATIONS_MAX + 1 }, (_, index) =>
      card({ _id: `P${index}`, fullName: `Person ${index}`, status: statuses[Math.floor(index / PIPELINE_COLUMN_MAX_CARDS)] }),
    );
    await openBoard('J1', { big: true });
    // Text queries and plain events only: in jsdom, role and label queries over a thousand controls take seconds each,
    // and so does user-event's check that nothing covers the element it clicks.
    for (const label of ['Pending', 'Reviewed', 'Shortlisted']) {
      fireEvent.click(screen.getByText((_, element) => element?.tagName === 'LABEL' && element.textContent === `Select all in ${label}`));
    }
    const toolbar = within(screen.getByText(`${BULK_APPLICATIONS_MAX + 1} selected`).parentElement!);
    const limit = toolbar.getByText(`Select at most ${BULK_APPLICATIONS_MAX} applications at a time: ${BULK_APPLICATIONS_MAX + 1} are selected.`);
    fireEvent.change(toolbar.getByDisplayValue('Choose a status'), { target: { value: 'reviewed' } });
    const apply = toolbar.getByText('Apply').closest('button');
    expect(apply).toBeDisabled();
    expect(apply).toHaveAttribute('aria-describedby', limit.id);
  }, 60_000);

  it('says so when the job does not exist', async () => {
    await openBoard('gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Job not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Jobs/ })).toHaveAttribute('href', '/jobs');
  });
});
