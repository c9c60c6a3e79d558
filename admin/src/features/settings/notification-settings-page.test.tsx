/**
 * @jest-environment-options {"url": "http://127.0.0.1:39425/admin/"}
 */
// Settings → Notifications against a real HTTP server on the page's origin that answers as the contract says.
import { MESSAGES, emptyNotificationRouting, type AdminSummary, type NotificationSettings } from '@brightwave/common';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { NotificationSettingsPage } from './notification-settings-page';

configure({ asyncUtilTimeout: 5_000 });
jest.setTimeout(20_000);

function admin(id: string, name: string, role: AdminSummary['role'], disabled = false): AdminSummary {
  return { _id: id, id, name, email: `${id}@example.test`, role, disabled, createdAt: '2026-01-01T00:00:00.000Z', lastSignInAt: null };
}
const ADMINS = [
  admin('a-owen', 'Owen Owner', 'owner'),
  admin('a-sam', 'Sam Sales', 'sales'),
  admin('a-sue', 'Sue Sales', 'sales', true),
  admin('a-rita', 'Rita Recruiter', 'recruiter'),
  admin('a-ed', 'Ed Editor', 'editor'),
];

function settingsWith(change: (settings: NotificationSettings) => void = () => undefined): NotificationSettings {
  const settings = { ...emptyNotificationRouting(), fallback: ['everyone@example.test'] };
  change(settings);
  return settings;
}

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());
beforeEach(() => {
  server.reset({
    'GET /api/admin/settings/notifications': () => ok({ settings: settingsWith() }),
    'GET /api/admin/admins': () => ok({ admins: ADMINS }),
  });
});

async function openPage() {
  const router = createMemoryRouter([{ path: '/settings/notifications', element: <NotificationSettingsPage /> }], {
    initialEntries: ['/settings/notifications'],
  });
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  await screen.findByRole('form', { name: 'Notification settings' });
}

const quoteTurns = () => screen.getByRole('group', { name: 'Quote requests: Every quote request: Assign new quote requests in turn to' });
const designTurns = () => screen.getByRole('group', { name: 'Job applications: Design: Assign new job applications in turn to' });

describe(NotificationSettingsPage.name, () => {
  it('offers, per route, only the admins whose role covers its items, and says which are disabled', async () => {
    await openPage();
    await within(quoteTurns()).findByRole('checkbox', { name: 'Owen Owner' });
    expect(
      within(quoteTurns())
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Owen Owner', 'Sam Sales', 'Sue Sales (disabled: skipped)']);
    expect(
      within(designTurns())
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Owen Owner', 'Rita Recruiter']);
    expect(within(quoteTurns()).getByText('Nobody ticked: new quote requests arrive unowned.')).toBeInTheDocument();
  });

  it('saves the addresses, the chat channel and the admins who take turns, in the order shown', async () => {
    server.answers['PUT /api/admin/settings/notifications'] = (body) =>
      ok({ message: MESSAGES.notificationSettingsSaved, settings: { ...(body as NotificationSettings), fallback: ['everyone@example.test'] } });
    await openPage();
    await userEvent.type(screen.getByRole('textbox', { name: 'Quote requests: Every quote request recipients' }), 'quotes@example.test');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Quote requests: Every quote request: Chat' }), 'Slack');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Quote requests: Every quote request: Slack webhook URL' }),
      'https://hooks.slack.com/services/T0/B0/x ',
    );
    await userEvent.click(await within(quoteTurns()).findByRole('checkbox', { name: 'Sam Sales' }));
    await userEvent.click(within(quoteTurns()).getByRole('checkbox', { name: 'Owen Owner' }));
    await userEvent.click(within(designTurns()).getByRole('checkbox', { name: 'Rita Recruiter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));

    expect(await screen.findByText(MESSAGES.notificationSettingsSaved)).toBeInTheDocument();
    const expected = settingsWith((settings) => {
      settings.routes.lead = ['quotes@example.test'];
      settings.chat.lead = { kind: 'slack', url: 'https://hooks.slack.com/services/T0/B0/x' };
      settings.assignees.lead = ['a-owen', 'a-sam'];
      settings.assignees.application.design = ['a-rita'];
    });
    const { fallback: _fallback, ...payload } = expected;
    expect(server.sent('PUT /api/admin/settings/notifications')).toEqual([payload]);
  });

  it('shows a refused chat URL or admin beside its field', async () => {
    server.answers['GET /api/admin/settings/notifications'] = () =>
      ok({ settings: settingsWith((settings) => void (settings.chat.contact.sales = { kind: 'teams', url: 'https://10.0.0.5/hook' })) });
    server.answers['PUT /api/admin/settings/notifications'] = () => ({
      status: 400,
      body: {
        success: false,
        message: 'Chat notifications cannot post to addresses inside the network: 10.0.0.5 is a private address',
        errors: {
          'chat.contact.sales': 'Chat notifications cannot post to addresses inside the network: 10.0.0.5 is a private address',
          'assignees.lead': MESSAGES.assigneeUnknown,
        },
      },
    });
    await openPage();
    const url = screen.getByRole('textbox', { name: 'Contact messages: Sales: Microsoft Teams webhook URL' });
    expect(url).toHaveValue('https://10.0.0.5/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText(/^Chat notifications cannot post to addresses inside the network/, { selector: 'p' })).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription('Chat notifications cannot post to addresses inside the network: 10.0.0.5 is a private address');
    expect(quoteTurns()).toHaveAccessibleDescription(MESSAGES.assigneeUnknown);
  });
});
