/**
 * @jest-environment-options {"url": "http://127.0.0.1:29463/admin/"}
 */
// Settings → Candidate e-mails against a real HTTP server on the page's origin that answers as the contract says.
import {
  MESSAGES,
  unknownPlaceholdersMessage,
  type AdminAccount,
  type AdminRole,
  type CandidateEmailSettings,
  type CandidateEmailTemplate,
  type CandidateEmailTemplatePayload,
} from '@brightwave/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../../test/answering-server';
import { SettingsIndex } from '../settings/settings-tabs';
import { CandidateEmailSettingsPage } from './candidate-email-settings-page';
import { invitation, renderRoutes, startAnsweringServer } from './hiring-test-setup';

const accountOf = (role: AdminRole): AdminAccount => ({ _id: 'a-me', id: 'a-me', name: 'Rita', email: 'rita@example.test', role });

const server = startAnsweringServer();

let role: AdminRole;
let templates: CandidateEmailTemplate[];
let settings: CandidateEmailSettings;

beforeEach(() => {
  role = 'recruiter';
  templates = [invitation];
  settings = { bookingLink: null, rejectionTemplateId: null };
  server.reset({
    'GET /api/admin/account': () => ok({ account: accountOf(role) }),
    'GET /api/admin/settings/candidate-emails': () => ok({ templates, settings }),
  });
});

function openSettings(path = '/settings/candidate-emails') {
  renderRoutes(
    [
      { path: '/settings', element: <SettingsIndex /> },
      { path: '/settings/candidate-emails', element: <CandidateEmailSettingsPage /> },
      { path: '/settings/notifications', element: <h1>Notification settings</h1> },
    ],
    path,
  );
}

const templatesSection = () => screen.getByRole('region', { name: 'Templates' });

/** The Settings tabs come to be these, once the account (and so the role) has arrived. */
async function expectTabs(names: string[]) {
  const tabs = await screen.findByRole('navigation', { name: 'Settings' });
  await waitFor(() =>
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(names),
  );
}

describe(CandidateEmailSettingsPage.name, () => {
  it('saves the booking link and the rejection template', async () => {
    server.answers['PUT /api/admin/settings/candidate-emails'] = (body) => {
      settings = body as CandidateEmailSettings;
      return ok({ message: MESSAGES.candidateEmailSettingsSaved, settings });
    };
    openSettings();
    const link = await screen.findByRole('textbox', { name: 'Booking link (your scheduling page, e.g. Cal.com)' });
    await userEvent.type(link, ' https://cal.com/brightwave ');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rejection template' }), 'Interview invitation');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(MESSAGES.candidateEmailSettingsSaved)).toBeInTheDocument();
    expect(server.sent('PUT /api/admin/settings/candidate-emails')).toEqual([
      { bookingLink: 'https://cal.com/brightwave', rejectionTemplateId: invitation._id },
    ]);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Booking link/ })).toHaveValue('https://cal.com/brightwave'));
  });

  it("shows the server's refusal of the booking link beside it", async () => {
    server.answers['PUT /api/admin/settings/candidate-emails'] = () => ({
      status: 400,
      body: { success: false, message: MESSAGES.bookingLinkInvalid, errors: { bookingLink: MESSAGES.bookingLinkInvalid } },
    });
    openSettings();
    await userEvent.type(await screen.findByRole('textbox', { name: /^Booking link/ }), 'cal.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Booking link/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('textbox', { name: /^Booking link/ })).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.bookingLinkInvalid));
  });

  it('adds a template, with a placeholder inserted at the cursor, and lists it', async () => {
    server.answers['POST /api/admin/settings/candidate-emails/templates'] = (body) => {
      const added = { _id: 't-new', updatedAt: '2026-03-01T09:00:00.000Z', ...(body as CandidateEmailTemplatePayload) };
      templates = [...templates, added];
      return ok({ message: MESSAGES.templateSaved, data: added });
    };
    openSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'Add template' }));
    const dialog = screen.getByRole('dialog', { name: 'Add template' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Offer');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'An offer for {{{{jobTitle}}');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Body' }), 'Dear , welcome.');
    // The cursor after "Dear ": the placeholder goes there.
    const body = within(dialog).getByRole('textbox', { name: 'Body' }) as HTMLTextAreaElement;
    body.setSelectionRange(5, 5);
    await userEvent.click(within(dialog).getByRole('button', { name: /^Insert \{\{firstName\}\}/ }));
    expect(body).toHaveValue('Dear {{firstName}}, welcome.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add template' }));

    expect(await screen.findByText(MESSAGES.templateSaved)).toBeInTheDocument();
    expect(server.sent('POST /api/admin/settings/candidate-emails/templates')).toEqual([
      { name: 'Offer', subject: 'An offer for {{jobTitle}}', body: 'Dear {{firstName}}, welcome.' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(templatesSection()).findByRole('cell', { name: 'Offer' })).toBeInTheDocument();
  });

  it("flags an unknown placeholder as it is typed, and shows the server's field errors", async () => {
    server.answers['POST /api/admin/settings/candidate-emails/templates'] = () => ({
      status: 409,
      body: { success: false, message: MESSAGES.templateNameTaken, errors: { name: MESSAGES.templateNameTaken } },
    });
    openSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'Add template' }));
    const dialog = screen.getByRole('dialog', { name: 'Add template' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Interview invitation');
    const subject = within(dialog).getByRole('textbox', { name: 'Subject' });
    await userEvent.type(subject, 'Hi {{{{name}}');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Body' }), 'Hello');
    expect(subject).toHaveAccessibleDescription(unknownPlaceholdersMessage(['name']));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add template' }));
    expect(server.sent('POST /api/admin/settings/candidate-emails/templates')).toEqual([]);

    await userEvent.clear(subject);
    await userEvent.type(subject, 'Hi {{{{firstName}}');
    expect(subject).not.toHaveAttribute('aria-invalid');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add template' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(MESSAGES.templateNameTaken));
  });

  it('edits and deletes a template, deleting after a confirmation', async () => {
    server.answers['PUT /api/admin/settings/candidate-emails/templates/t-invite'] = (body) => {
      templates = [{ ...invitation, ...(body as CandidateEmailTemplatePayload) }];
      return ok({ message: MESSAGES.templateSaved, data: templates[0] });
    };
    server.answers['DELETE /api/admin/settings/candidate-emails/templates/t-invite'] = () => {
      templates = [];
      return ok({ message: MESSAGES.templateDeleted });
    };
    openSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit template Interview invitation' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit template Interview invitation' });
    expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveValue(invitation.subject);
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Invitation');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText(MESSAGES.templateSaved)).toBeInTheDocument();
    expect(server.sent('PUT /api/admin/settings/candidate-emails/templates/t-invite')).toEqual([
      { name: 'Invitation', subject: invitation.subject, body: invitation.body },
    ]);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete template Invitation' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Delete template' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.templateDeleted)).toBeInTheDocument();
    expect(await within(templatesSection()).findByText('No templates yet.')).toBeInTheDocument();
  });

  it('shows a recruiter only the Candidate e-mails tab, and sends them there from /settings', async () => {
    openSettings('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Candidate e-mails' })).toBeInTheDocument();
    await expectTabs(['Candidate e-mails']);
  });

  it('sends an owner from /settings to Notifications', async () => {
    role = 'owner';
    openSettings('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notification settings' })).toBeInTheDocument();
  });

  it('shows an owner every tab of Settings', async () => {
    role = 'owner';
    openSettings();
    await expectTabs(['Notifications', 'Webhooks', 'Data retention', 'Sign-in', 'Candidate e-mails']);
  });
});
