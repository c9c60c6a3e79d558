/**
 * @jest-environment-options {"url": "http://127.0.0.1:29601/admin/"}
 */
// The "Invite to interview" dialog against a real HTTP server on the page's origin that answers as the contract says.
import {
  APPLICATION_STATUS_LABELS,
  DEFAULT_INTERVIEW_MINUTES,
  DEFAULT_STATUS_ON_BOOKING,
  INTERVIEW_MESSAGES,
  type AdminAccount,
  type Interview,
  type Interviewer,
} from '@brightwave/common';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { accountApi } from '../account/account-api';
import { application, invitation, me, startAnsweringServer } from '../hiring/hiring-test-setup';
import { InviteInterviewDialog } from './invite-interview-dialog';

const NOT_BOOKABLE = INTERVIEW_MESSAGES.interviewerUnavailable('Sam Sales');
const interviewers: Interviewer[] = [
  { _id: 'a-me', name: 'Rita Recruiter', notBookable: null },
  { _id: 'a-olga', name: 'Olga Owner', notBookable: null },
  { _id: 'a-sam', name: 'Sam Sales', notBookable: NOT_BOOKABLE },
];

const sentInterview: Interview = {
  _id: 'I1',
  applicationId: application._id,
  interviewers: [{ _id: 'a-me', name: 'Rita Recruiter' }],
  minutes: 45,
  statusOnBooking: 'shortlisted',
  message: null,
  invitedBy: { _id: me._id, name: me.name },
  state: 'invited',
  start: null,
  end: null,
  createdAt: '2026-03-05T09:00:00.000Z',
  expiresAt: '2026-03-19T09:00:00.000Z',
};

const server = startAnsweringServer();
const INVITE = 'POST /api/jobs/applications/P1/interview';

let onClose: jest.Mock;

function serveAs(account: AdminAccount) {
  server.reset({
    'GET /api/admin/account': () => ok({ account }),
    'GET /api/jobs/applications/P1/interviewers': () => ok({ interviewers }),
    'GET /api/admin/settings/candidate-emails': () => ok({ templates: [invitation], settings: { bookingLink: null, rejectionTemplateId: null } }),
    [INVITE]: () => ok({ message: INTERVIEW_MESSAGES.sent, interview: sentInterview }),
  });
}

beforeEach(() => {
  onClose = jest.fn();
  serveAs(me);
});

/** Opens the dialog for Grace Hopper's application once its interviewers are shown and the signed-in admin is known. */
async function openDialog(): Promise<HTMLElement> {
  const store = makeStore();
  render(
    <Provider store={store}>
      <InviteInterviewDialog application={{ _id: application._id, fullName: application.fullName }} onClose={onClose} />
      <Toaster />
    </Provider>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Invite Grace Hopper to interview' });
  await within(dialog).findByRole('checkbox', { name: 'Rita Recruiter' });
  // The e-mail's select depends on the role: the tests look at the dialog once it is known.
  await waitFor(() => expect(accountApi.endpoints.getAccount.select()(store.getState()).data).toBeDefined());
  return dialog;
}

describe(InviteInterviewDialog.name, () => {
  it('offers the interviewers, one who cannot be booked disabled with why; the length, status on booking and e-mail start from their defaults', async () => {
    const dialog = await openDialog();
    const sam = within(dialog).getByRole('checkbox', { name: 'Sam Sales' });
    expect(sam).toBeDisabled();
    expect(sam).toHaveAccessibleDescription(NOT_BOOKABLE);
    expect(within(dialog).getByRole('checkbox', { name: 'Olga Owner' })).toBeEnabled();
    expect(within(dialog).getByRole('spinbutton', { name: 'Interview length (minutes)' })).toHaveValue(DEFAULT_INTERVIEW_MINUTES);
    expect(within(dialog).getByRole('combobox', { name: 'Status once a time is booked' })).toHaveDisplayValue(
      APPLICATION_STATUS_LABELS[DEFAULT_STATUS_ON_BOOKING],
    );
    // Shown once the account's role is known (a role that may read the templates).
    const mail = await within(dialog).findByRole('combobox', { name: 'Invitation e-mail' });
    await within(mail).findByRole('option', { name: invitation.name });
    expect(
      within(mail)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Built-in invitation', invitation.name]);
    expect(mail).toHaveDisplayValue('Built-in invitation');
    expect(within(dialog).getByRole('textbox', { name: 'Message (optional)' })).toBeInTheDocument();
  });

  it('sends the chosen interviewers in order, the length, the status and the message of the built-in invitation; toasts the answer and closes', async () => {
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Olga Owner' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Rita Recruiter' }));
    const minutes = within(dialog).getByRole('spinbutton', { name: 'Interview length (minutes)' });
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '60');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Status once a time is booked' }), 'reviewed');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message (optional)' }), '  Looking forward to it.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(INTERVIEW_MESSAGES.sent)).toBeInTheDocument();
    expect(server.sent(INVITE)).toEqual([{ interviewerIds: ['a-olga', 'a-me'], minutes: 60, statusOnBooking: 'reviewed', message: 'Looking forward to it.' }]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('with a template chosen, hides the message and sends the template instead', async () => {
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Rita Recruiter' }));
    // Shown once the account's role is known (a role that may read the templates).
    const mail = await within(dialog).findByRole('combobox', { name: 'Invitation e-mail' });
    await within(mail).findByRole('option', { name: invitation.name });
    await userEvent.selectOptions(mail, invitation.name);
    expect(within(dialog).queryByRole('textbox', { name: 'Message (optional)' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.sent(INVITE)).toEqual([
      { interviewerIds: ['a-me'], minutes: DEFAULT_INTERVIEW_MINUTES, statusOnBooking: DEFAULT_STATUS_ON_BOOKING, templateId: invitation._id },
    ]);
  });

  it("shows a 400's errors under their fields, toasts its message and stays open", async () => {
    server.answers[INVITE] = () => ({
      status: 400,
      body: {
        success: false,
        message: INTERVIEW_MESSAGES.minutes,
        errors: { minutes: INTERVIEW_MESSAGES.minutes, interviewerIds: INTERVIEW_MESSAGES.interviewerUnavailable('Olga Owner') },
      },
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Olga Owner' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const minutes = within(dialog).getByRole('spinbutton', { name: 'Interview length (minutes)' });
    await waitFor(() => expect(minutes).toHaveAccessibleDescription(INTERVIEW_MESSAGES.minutes));
    expect(minutes).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('group', { name: 'Interviewers' })).toHaveAccessibleDescription(INTERVIEW_MESSAGES.interviewerUnavailable('Olga Owner'));
    // The toast and the field's error say the same here.
    expect(screen.getAllByText(INTERVIEW_MESSAGES.minutes)).toHaveLength(2);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('toasts a refusal that names no field (409), and the fallback when the answer says nothing', async () => {
    server.answers[INVITE] = () => ({ status: 409, body: { success: false, message: INTERVIEW_MESSAGES.alreadyOpen } });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Rita Recruiter' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(INTERVIEW_MESSAGES.alreadyOpen)).toBeInTheDocument();

    server.answers[INVITE] = () => ({ status: 502, body: {} });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(INTERVIEW_MESSAGES.sendFailure)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for an interviewer before sending anything', async () => {
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByRole('group', { name: 'Interviewers' })).toHaveAccessibleDescription(INTERVIEW_MESSAGES.interviewerCount);
    expect(server.sent(INVITE)).toEqual([]);
  });

  it('leaves out the templates for a role that may not read them, without asking for them', async () => {
    serveAs({ ...me, role: 'sales' });
    const dialog = await openDialog();
    expect(within(dialog).getByRole('textbox', { name: 'Message (optional)' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Invitation e-mail' })).not.toBeInTheDocument();
    expect(server.calls.filter((call) => call.route === 'GET /api/admin/settings/candidate-emails')).toEqual([]);
  });
});
