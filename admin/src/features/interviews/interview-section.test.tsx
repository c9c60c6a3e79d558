/**
 * @jest-environment-options {"url": "http://127.0.0.1:29602/admin/"}
 */
// The Interview section of an application's page, against a real HTTP server on the page's origin that answers as the
// contract says.
import { INTERVIEW_MESSAGES, INTERVIEW_STATE_LABELS, type Interview, type Interviewer } from '@brightwave/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../../test/answering-server';
import { application, me, openApplicationSection, startAnsweringServer } from '../hiring/hiring-test-setup';
import { InterviewSection } from './interview-section';

// Times on the test's own clock, so that the shown day and time do not depend on the machine's time zone; the booked
// interview is still to come.
const booked: Interview = {
  _id: 'I3',
  applicationId: application._id,
  interviewers: [
    { _id: me._id, name: me.name },
    { _id: 'a-olga', name: 'Olga Owner' },
  ],
  minutes: 45,
  statusOnBooking: 'shortlisted',
  message: null,
  invitedBy: { _id: me._id, name: me.name },
  state: 'booked',
  start: new Date(2099, 11, 1, 10, 0).toISOString(),
  end: new Date(2099, 11, 1, 10, 45).toISOString(),
  createdAt: new Date(2099, 10, 20, 9, 0).toISOString(),
  expiresAt: new Date(2099, 11, 4, 9, 0).toISOString(),
};
const expired: Interview = {
  ...booked,
  _id: 'I2',
  interviewers: [{ _id: 'a-olga', name: 'Olga Owner' }],
  minutes: 30,
  invitedBy: null,
  state: 'expired',
  start: null,
  end: null,
  createdAt: new Date(2099, 9, 1, 9, 0).toISOString(),
};
const cancelled: Interview = { ...expired, _id: 'I1', state: 'cancelled', createdAt: new Date(2099, 8, 1, 9, 0).toISOString() };
const interviewers: Interviewer[] = [{ _id: me._id, name: me.name, notBookable: null }];

const server = startAnsweringServer();
const INTERVIEWS = 'GET /api/jobs/applications/P1/interviews';

let interviews: Interview[];

beforeEach(() => {
  interviews = [booked, expired, cancelled];
  server.reset({
    'GET /api/admin/account': () => ok({ account: me }),
    'GET /api/jobs/applications/P1': () => ok({ data: application }),
    'GET /api/jobs/applications/P1/ratings': () => ok({ data: { ratings: [], average: null } }),
    'GET /api/jobs/applications/P1/emails': () => ok({ emails: [] }),
    'GET /api/admin/settings/candidate-emails': () => ok({ templates: [], settings: { bookingLink: null, rejectionTemplateId: null } }),
    [INTERVIEWS]: () => ok({ interviews }),
    'GET /api/jobs/applications/P1/interviewers': () => ok({ interviewers }),
  });
});

const openApplication = () => openApplicationSection('Interview');

async function invitationsOf(section: HTMLElement): Promise<HTMLElement[]> {
  const list = await within(section).findByRole('list', { name: 'Interview invitations, newest first' });
  return within(list).getAllByRole('listitem');
}

describe(InterviewSection.name, () => {
  it('lists the invitations with their state, booked time, interviewers and sender; Cancel interview only on the booked one', async () => {
    const section = await openApplication();
    const [first, second, third] = await invitationsOf(section);
    expect(first).toHaveTextContent(INTERVIEW_STATE_LABELS.booked);
    expect(first).toHaveTextContent('Tue 1 Dec, 10:00–10:45');
    expect(within(first!).getByText('Tue 1 Dec, 10:00–10:45')).toHaveAttribute('dateTime', booked.start);
    expect(first).toHaveTextContent('With Rita Recruiter, Olga Owner · 45 minutes');
    expect(first).toHaveTextContent('Invited by Rita Recruiter');
    expect(second).toHaveTextContent(INTERVIEW_STATE_LABELS.expired);
    expect(second).toHaveTextContent('With Olga Owner · 30 minutes');
    expect(second).toHaveTextContent('Invited by a former admin');
    expect(third).toHaveTextContent(INTERVIEW_STATE_LABELS.cancelled);
    expect(within(section).getAllByRole('button', { name: 'Cancel interview' })).toHaveLength(1);
    expect(within(first!).getByRole('button', { name: 'Cancel interview' })).toBeInTheDocument();
  });

  it('offers Cancel interview on an invitation still waiting for a booking, with its link’s end; cancelling it ends the link', async () => {
    interviews = [{ ...booked, state: 'invited', start: null, end: null }];
    const section = await openApplication();
    const [waiting] = await invitationsOf(section);
    expect(waiting).toHaveTextContent(INTERVIEW_STATE_LABELS.invited);
    expect(waiting).toHaveTextContent(/link works until/);
    await userEvent.click(within(waiting!).getByRole('button', { name: 'Cancel interview' }));
    expect(screen.getByRole('alertdialog', { name: 'Cancel the interview' })).toHaveTextContent('The link sent to Grace Hopper will no longer book a time.');
  });

  it('says when there are none', async () => {
    interviews = [];
    const section = await openApplication();
    expect(await within(section).findByText('No interview invitations yet.')).toBeInTheDocument();
  });

  it('cancels after a confirmation, through DELETE, toasts the answer and shows the list as it now is', async () => {
    server.answers['DELETE /api/jobs/applications/P1/interviews/I3'] = () => {
      interviews = [{ ...booked, state: 'cancelled' }, expired, cancelled];
      return ok({ message: INTERVIEW_MESSAGES.cancelled });
    };
    const section = await openApplication();
    await userEvent.click(await within(section).findByRole('button', { name: 'Cancel interview' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Cancel the interview' });
    expect(confirm).toHaveTextContent(
      'The interview with Grace Hopper on Tue 1 Dec, 10:00–10:45 will be cancelled, and the candidate and the interviewers told.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel the interview' }));
    expect(await screen.findByText(INTERVIEW_MESSAGES.cancelled)).toBeInTheDocument();
    expect(server.sent('DELETE /api/jobs/applications/P1/interviews/I3')).toHaveLength(1);
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Cancel interview' })).not.toBeInTheDocument());
  });

  it("toasts the server's refusal to cancel (409), and the fallback when it says nothing", async () => {
    server.answers['DELETE /api/jobs/applications/P1/interviews/I3'] = () => ({ status: 409, body: { success: false, message: INTERVIEW_MESSAGES.notOpen } });
    const section = await openApplication();
    await userEvent.click(await within(section).findByRole('button', { name: 'Cancel interview' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel the interview' }));
    expect(await screen.findByText(INTERVIEW_MESSAGES.notOpen)).toBeInTheDocument();

    server.answers['DELETE /api/jobs/applications/P1/interviews/I3'] = () => ({ status: 502, body: {} });
    await userEvent.click(await within(section).findByRole('button', { name: 'Cancel interview' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel the interview' }));
    expect(await screen.findByText(INTERVIEW_MESSAGES.cancelFailure)).toBeInTheDocument();
  });

  it('invites from the section: the dialog sends, closes, and the section shows the new invitation', async () => {
    const sent: Interview = { ...booked, _id: 'I4', interviewers: [{ _id: me._id, name: me.name }], state: 'invited', start: null, end: null };
    server.answers['POST /api/jobs/applications/P1/interview'] = () => {
      interviews = [sent, ...interviews];
      return { status: 201, body: { success: true, message: INTERVIEW_MESSAGES.sent, interview: sent } };
    };
    const section = await openApplication();
    await invitationsOf(section);
    await userEvent.click(within(section).getByRole('button', { name: 'Invite to interview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Grace Hopper to interview' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Rita Recruiter' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(INTERVIEW_MESSAGES.sent)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect((await invitationsOf(section))[0]).toHaveTextContent(INTERVIEW_STATE_LABELS.invited));
  });

  it('offers no invitation for a rejected or hired application, and says why', async () => {
    server.answers['GET /api/jobs/applications/P1'] = () => ok({ data: { ...application, status: 'hired' } });
    const section = await openApplication();
    await invitationsOf(section);
    expect(within(section).queryByRole('button', { name: 'Invite to interview' })).not.toBeInTheDocument();
    expect(section).toHaveTextContent(INTERVIEW_MESSAGES.applicationClosed);
  });
});
