/**
 * @jest-environment-options {"url": "http://127.0.0.1:29462/admin/"}
 */
// The e-mails to the candidate on an application's page, against a real HTTP server on the page's origin that answers
// as the contract says.
import {
  WRITTEN_MAIL_PLACEHOLDERS,
  MESSAGES,
  REJECTION_DELAY_HOURS,
  unknownPlaceholdersMessage,
  type CandidateEmail,
  type CandidateEmailTemplate,
} from '@brightwave/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../../test/answering-server';
import { isoOfDateTimeInput } from '../../lib/format';
import { CandidateEmailsSection } from './candidate-emails-section';
import { application, invitation, me, openApplicationSection, startAnsweringServer } from './hiring-test-setup';

const rejection: CandidateEmailTemplate = {
  _id: 't-reject',
  name: 'Rejection',
  subject: 'About {{jobTitle}}',
  body: 'Dear {{firstName}}, thank you.',
  updatedAt: '2026-02-01T09:00:00.000Z',
};

const scheduled: CandidateEmail = {
  _id: 'm-scheduled',
  subject: 'Next steps',
  body: 'Hello',
  status: 'scheduled',
  sendAt: '2026-04-01T09:00:00.000Z',
  sentAt: null,
  sentBy: { _id: me._id, name: me.name },
  createdAt: '2026-03-05T09:00:00.000Z',
};
const sent: CandidateEmail = {
  _id: 'm-sent',
  subject: 'Thanks for applying',
  body: 'Hello',
  status: 'sent',
  sendAt: '2026-03-02T09:00:00.000Z',
  sentAt: '2026-03-02T09:01:00.000Z',
  sentBy: null,
  createdAt: '2026-03-02T09:00:00.000Z',
};

const server = startAnsweringServer();

let emails: CandidateEmail[];

beforeEach(() => {
  emails = [scheduled, sent];
  server.reset({
    'GET /api/admin/account': () => ok({ account: me }),
    'GET /api/jobs/applications/P1': () => ok({ data: application }),
    'GET /api/jobs/applications/P1/ratings': () => ok({ data: { ratings: [], average: null } }),
    'GET /api/jobs/applications/P1/emails': () => ok({ emails }),
    'GET /api/admin/settings/candidate-emails': () =>
      ok({ templates: [invitation, rejection], settings: { bookingLink: 'https://cal.com/brightwave', rejectionTemplateId: rejection._id } }),
  });
});

const openApplication = () => openApplicationSection('E-mails to the candidate');

const writeForm = (section: HTMLElement) => within(section).getByRole('form', { name: 'Write to the candidate' });

/** Chooses a template once the templates have arrived. */
async function chooseTemplate(form: HTMLElement, name: string) {
  const select = within(form).getByRole('combobox', { name: 'Template' });
  await within(select).findByRole('option', { name });
  await userEvent.selectOptions(select, name);
}

describe(CandidateEmailsSection.name, () => {
  it('lists the e-mails with their status, time and sender, and a Cancel only on the scheduled one', async () => {
    const section = await openApplication();
    const list = await within(section).findByRole('list', { name: 'E-mails to the candidate' });
    const [first, second] = within(list).getAllByRole('article');
    expect(first).toHaveAccessibleName('Next steps');
    expect(first).toHaveTextContent('Scheduled');
    expect(first).toHaveTextContent(/Scheduled for .*2026.* by Rita Recruiter/);
    expect(second).toHaveTextContent(/Sent .*2026.* by a former admin/);
    expect(within(list).getAllByRole('button', { name: /^Cancel the e-mail/ })).toHaveLength(1);
  });

  it('cancels a scheduled e-mail after a confirmation, through DELETE', async () => {
    server.answers['DELETE /api/jobs/applications/P1/emails/m-scheduled'] = () => {
      emails = [{ ...scheduled, status: 'cancelled' }, sent];
      return ok({ message: MESSAGES.candidateEmailCancelled });
    };
    const section = await openApplication();
    await userEvent.click(await within(section).findByRole('button', { name: 'Cancel the e-mail Next steps' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Cancel the scheduled e-mail' });
    expect(confirm).toHaveTextContent('“Next steps” will not be sent to Grace Hopper.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel the e-mail' }));
    expect(await screen.findByText(MESSAGES.candidateEmailCancelled)).toBeInTheDocument();
    expect(server.calls.filter((call) => call.route.startsWith('DELETE '))).toHaveLength(1);
    await waitFor(() => expect(within(section).queryByRole('button', { name: /^Cancel the e-mail/ })).not.toBeInTheDocument());
  });

  it("toasts the server's message when the e-mail can no longer be cancelled (409)", async () => {
    server.answers['DELETE /api/jobs/applications/P1/emails/m-scheduled'] = () => ({
      status: 409,
      body: { success: false, message: MESSAGES.candidateEmailNotCancellable },
    });
    const section = await openApplication();
    await userEvent.click(await within(section).findByRole('button', { name: 'Cancel the e-mail Next steps' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel the e-mail' }));
    expect(await screen.findByText(MESSAGES.candidateEmailNotCancellable)).toBeInTheDocument();
  });

  it('fills subject and body from the chosen template, keeps them editable and flags an unknown placeholder as it is typed', async () => {
    const form = writeForm(await openApplication());
    // Every placeholder but an interview invitation's own link, which this mail has none to give.
    for (const name of WRITTEN_MAIL_PLACEHOLDERS) expect(within(form).getByText(`{{${name}}}`)).toBeInTheDocument();
    expect(within(form).queryByText('{{schedulingLink}}')).not.toBeInTheDocument();
    await chooseTemplate(form, 'Interview invitation');
    const subject = within(form).getByRole('textbox', { name: 'Subject' });
    const body = within(form).getByRole('textbox', { name: 'Body' });
    expect(subject).toHaveValue(invitation.subject);
    expect(body).toHaveValue(invitation.body);

    await userEvent.type(body, ' See you, {{{{candidateName}}');
    const warning = unknownPlaceholdersMessage(['candidateName']);
    expect(within(form).getByRole('alert')).toHaveTextContent(warning);
    expect(body).toHaveAttribute('aria-invalid', 'true');
    expect(body).toHaveAccessibleDescription(warning);
    // Refused before it reaches the server.
    await userEvent.click(within(form).getByRole('button', { name: 'Send e-mail' }));
    expect(server.sent('POST /api/jobs/applications/P1/emails')).toEqual([]);
  });

  it('sends now with sendAt null, toasts the answer and empties the form', async () => {
    server.answers['POST /api/jobs/applications/P1/emails'] = () =>
      ok({ message: MESSAGES.candidateEmailQueued, data: { _id: 'm-new', status: 'queued', sendAt: '' } });
    const form = writeForm(await openApplication());
    await chooseTemplate(form, 'Interview invitation');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Subject' }), '!');
    await userEvent.click(within(form).getByRole('button', { name: 'Send e-mail' }));
    expect(await screen.findByText(MESSAGES.candidateEmailQueued)).toBeInTheDocument();
    expect(server.sent('POST /api/jobs/applications/P1/emails')).toEqual([
      { templateId: invitation._id, subject: `${invitation.subject}!`, body: invitation.body, sendAt: null },
    ]);
    expect(within(form).getByRole('textbox', { name: 'Subject' })).toHaveValue('');
    expect(within(form).getByRole('combobox', { name: 'Template' })).toHaveValue('');
  });

  it(`schedules it ${REJECTION_DELAY_HOURS} hours from now, or at the time chosen`, async () => {
    server.answers['POST /api/jobs/applications/P1/emails'] = () =>
      ok({ message: MESSAGES.candidateEmailScheduled, data: { _id: 'm-new', status: 'scheduled', sendAt: '' } });
    const form = writeForm(await openApplication());
    await userEvent.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Hello');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Body' }), 'Dear {{{{firstName}}');
    await userEvent.click(within(form).getByRole('radio', { name: `In ${REJECTION_DELAY_HOURS} hours` }));
    const before = Date.now();
    await userEvent.click(within(form).getByRole('button', { name: 'Schedule e-mail' }));
    expect(await screen.findByText(MESSAGES.candidateEmailScheduled)).toBeInTheDocument();
    const after = Date.now();
    const [later] = server.sent('POST /api/jobs/applications/P1/emails') as { templateId: null; subject: string; body: string; sendAt: string }[];
    expect(later).toMatchObject({ templateId: null, subject: 'Hello', body: 'Dear {{firstName}}' });
    const delay = REJECTION_DELAY_HOURS * 3_600_000;
    expect(new Date(later!.sendAt).getTime()).toBeGreaterThanOrEqual(before + delay);
    expect(new Date(later!.sendAt).getTime()).toBeLessThanOrEqual(after + delay);

    await userEvent.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Hello again');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Body' }), 'Dear you');
    await userEvent.click(within(form).getByRole('radio', { name: 'At a time' }));
    await userEvent.type(within(form).getByLabelText('Send at'), '2030-05-04T10:30');
    await userEvent.click(within(form).getByRole('button', { name: 'Schedule e-mail' }));
    await waitFor(() => expect(server.sent('POST /api/jobs/applications/P1/emails')).toHaveLength(2));
    expect(server.sent('POST /api/jobs/applications/P1/emails')[1]).toMatchObject({ sendAt: isoOfDateTimeInput('2030-05-04T10:30') });
  });

  it('previews the e-mail as the candidate will read it, its text shown as text', async () => {
    server.answers['POST /api/jobs/applications/P1/emails/preview'] = () =>
      ok({ preview: { subject: 'Your application for Designer', text: 'Hello Grace,\npick a time.', html: '<p>Hello <b>Grace</b></p>' } });
    const form = writeForm(await openApplication());
    await chooseTemplate(form, 'Interview invitation');
    await userEvent.click(within(form).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('Subject: Your application for Designer');
    expect(preview.querySelector('pre')?.textContent).toBe('Hello Grace,\npick a time.');
    expect(preview.querySelector('b')).toBeNull();
    expect(server.sent('POST /api/jobs/applications/P1/emails/preview')).toEqual([
      { templateId: invitation._id, subject: invitation.subject, body: invitation.body },
    ]);
  });

  it('rejects from the status control through the reject dialog, which offers the rejection e-mail', async () => {
    server.answers['POST /api/jobs/applications/bulk'] = () => ok({ message: MESSAGES.bulkUpdated, updated: 1, scheduled: 1 });
    await openApplication();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status of Grace Hopper' }), 'rejected');
    const dialog = await screen.findByRole('dialog', { name: 'Reject Grace Hopper?' });
    expect(server.calls.filter((call) => call.route.endsWith('/status'))).toEqual([]);
    await within(dialog).findByText(/Template: Rejection/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(MESSAGES.bulkUpdated)).toBeInTheDocument();
    expect(server.sent('POST /api/jobs/applications/bulk')).toEqual([
      { ids: ['P1'], status: 'rejected', templateId: rejection._id, sendAt: expect.any(String) },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
