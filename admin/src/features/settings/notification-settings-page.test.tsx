/**
 * @jest-environment-options {"url": "http://127.0.0.1:29425/admin/"}
 */
// Settings → Notifications against a real HTTP server on the page's origin that answers as the contract says.
import {
  MESSAGES,
  NOTIFICATION_ROUTE_FIELDS,
  emptyNotificationRouting,
  perRoute,
  type AdminSummary,
  type NotificationSettings,
  type NotificationSettingsPayload,
} from '@brightwave/common';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { NotificationSettingsPage } from './notification-settings-page';

jest.setTimeout(20_000);

function admin(id: string, name: string, role: AdminSummary['role'], disabled = false): AdminSummary {
  const signIn = { factors: { authenticator: false, passkeys: 0 }, required: false, mustEnrol: false, mailedCodeUntil: null };
  return { _id: id, id, name, email: `${id}@example.test`, role, disabled, createdAt: '2026-01-01T00:00:00.000Z', lastSignInAt: null, bookable: false, signIn };
}
const ADMINS = [
  admin('a-owen', 'Owen Owner', 'owner'),
  admin('a-sam', 'Sam Sales', 'sales'),
  admin('a-sue', 'Sue Sales', 'sales', true),
  admin('a-rita', 'Rita Recruiter', 'recruiter'),
  admin('a-ed', 'Ed Editor', 'editor'),
];

function settingsWith(change: (settings: NotificationSettings) => void = () => undefined): NotificationSettings {
  const settings = { ...emptyNotificationRouting(), fallback: ['everyone@example.test'], owners: ['a-owen@example.test'] };
  change(settings);
  return settings;
}

/** What a route's URL box says of its saved channel. */
const SAVED_AT = (host: string) => `Posts to a channel at ${host}. The URL is kept secret; leave this empty to keep it.`;

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
  const recipients = () => screen.getAllByRole('textbox', { name: /recipients$/ });

  it('says an empty route goes to NOTIFY_TO when it is set', async () => {
    await openPage();
    for (const box of recipients()) expect(box).toHaveAttribute('placeholder', 'Empty: everyone@example.test');
    expect(screen.getByText(/An empty route goes to/)).toHaveTextContent('An empty route goes to everyone@example.test.');
  });

  it('says, without NOTIFY_TO, that an empty route goes to every owner, naming them, in place of nobody', async () => {
    server.answers['GET /api/admin/settings/notifications'] = () =>
      ok({ settings: settingsWith((settings) => Object.assign(settings, { fallback: [], owners: ['a-owen@example.test', 'olga@example.test'] })) });
    await openPage();
    expect(recipients()).toHaveLength(NOTIFICATION_ROUTE_FIELDS.length);
    for (const box of recipients()) expect(box).toHaveAttribute('placeholder', `${MESSAGES.emptyRouteToOwners} (a-owen@example.test, olga@example.test)`);
    expect(screen.getByText(/An empty route goes to/)).toHaveTextContent(
      'An empty route goes to every owner (a-owen@example.test, olga@example.test), as NOTIFY_TO is not set on the server.',
    );
  });

  it('says an empty route reaches nobody when NOTIFY_TO is not set and no owner is active', async () => {
    server.answers['GET /api/admin/settings/notifications'] = () =>
      ok({ settings: settingsWith((settings) => Object.assign(settings, { fallback: [], owners: [] })) });
    await openPage();
    for (const box of recipients()) expect(box).toHaveAttribute('placeholder', MESSAGES.emptyRouteToNobody);
    expect(screen.getByText(/An empty route goes to/)).toHaveTextContent(
      'An empty route goes to nobody: NOTIFY_TO is not set on the server and no owner is active.',
    );
  });

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
    // As the server answers: the channel by its service and host, never its URL.
    server.answers['PUT /api/admin/settings/notifications'] = (body) =>
      ok({
        message: MESSAGES.notificationSettingsSaved,
        settings: settingsWith((settings) => {
          const { routes, assignees } = body as NotificationSettingsPayload;
          Object.assign(settings, { routes, assignees });
          settings.chat.lead = { kind: 'slack', host: 'hooks.slack.com' };
        }),
      });
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
    const { routes, assignees } = settingsWith((settings) => {
      settings.routes.lead = ['quotes@example.test'];
      settings.assignees.lead = ['a-owen', 'a-sam'];
      settings.assignees.application.design = ['a-rita'];
    });
    const chat: NotificationSettingsPayload['chat'] = perRoute(() => null);
    chat.lead = { kind: 'slack', url: 'https://hooks.slack.com/services/T0/B0/x' };
    expect(server.sent('PUT /api/admin/settings/notifications')).toEqual([{ routes, chat, assignees }]);
    // The saved channel is not shown back: the URL box is empty, and says what it posts to.
    const url = screen.getByRole('textbox', { name: 'Quote requests: Every quote request: Slack webhook URL' });
    expect(url).toHaveValue('');
    expect(url).toHaveAccessibleDescription(SAVED_AT('hooks.slack.com'));
  });

  it('keeps a saved chat channel while its URL box is left empty, and replaces it with a URL typed there', async () => {
    server.answers['GET /api/admin/settings/notifications'] = () =>
      ok({ settings: settingsWith((settings) => void (settings.chat.lead = { kind: 'teams', host: 'prod.workflows.example' })) });
    server.answers['PUT /api/admin/settings/notifications'] = () => ok({ message: MESSAGES.notificationSettingsSaved, settings: settingsWith() });
    await openPage();
    const url = screen.getByRole('textbox', { name: 'Quote requests: Every quote request: Microsoft Teams webhook URL' });
    expect(url).toHaveValue('');
    expect(url).toHaveAccessibleDescription(SAVED_AT('prod.workflows.example'));
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    await screen.findByText(MESSAGES.notificationSettingsSaved);
    expect((server.sent('PUT /api/admin/settings/notifications')[0] as NotificationSettingsPayload).chat?.lead).toEqual({ kind: 'teams' });
  });

  it('asks for the URL of a channel of another service than the saved one', async () => {
    server.answers['GET /api/admin/settings/notifications'] = () =>
      ok({ settings: settingsWith((settings) => void (settings.chat.lead = { kind: 'teams', host: 'prod.workflows.example' })) });
    server.answers['PUT /api/admin/settings/notifications'] = () => ok({ message: MESSAGES.notificationSettingsSaved, settings: settingsWith() });
    await openPage();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Quote requests: Every quote request: Chat' }), 'Slack');
    const url = screen.getByRole('textbox', { name: 'Quote requests: Every quote request: Slack webhook URL' });
    expect(url).not.toHaveAccessibleDescription();
    await userEvent.type(url, 'https://hooks.slack.com/services/T1/B1/y');
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    await screen.findByText(MESSAGES.notificationSettingsSaved);
    expect((server.sent('PUT /api/admin/settings/notifications')[0] as NotificationSettingsPayload).chat?.lead).toEqual({
      kind: 'slack',
      url: 'https://hooks.slack.com/services/T1/B1/y',
    });
  });

  it('shows a refused chat URL or admin beside its field', async () => {
    server.answers['GET /api/admin/settings/notifications'] = () =>
      ok({ settings: settingsWith((settings) => void (settings.chat.contact.sales = { kind: 'teams', host: '10.0.0.5' })) });
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
    await userEvent.type(url, 'https://10.0.0.5/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText(/^Chat notifications cannot post to addresses inside the network/, { selector: 'p' })).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(
      `Chat notifications cannot post to addresses inside the network: 10.0.0.5 is a private address ${SAVED_AT('10.0.0.5')}`,
    );
    expect(quoteTurns()).toHaveAccessibleDescription(MESSAGES.assigneeUnknown);
  });
});
