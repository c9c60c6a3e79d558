// Booking a call in the browser suites (docs/features/booking.md): a salesperson who takes calls at any time, and the
// quote requests' round-robin pointed at them while a visitor sends one, so that its answer carries a booking link.
import type { Availability, ChatChange, ChatChannel, NotificationSettings, NotificationSettingsPayload } from '@brightwave/common';
import { expect, type APIRequestContext } from '@playwright/test';

/** Calls of any length at any time of any day, with no notice: whenever the test runs, the next half hour is free. */
export const ALWAYS: Availability = {
  timeZone: 'UTC',
  weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' })),
  meetingMinutes: 30,
  bufferMinutes: 0,
  minNoticeHours: 0,
  maxDaysAhead: 30,
};

/** The settings as saved, to save again: each route's chat channel kept as it is (the API never sends its URL back). */
function payloadOf(settings: NotificationSettings, assignees: NotificationSettings['assignees']): NotificationSettingsPayload {
  const kept = (channel: ChatChannel | null): ChatChange | null => channel && { kind: channel.kind };
  const keptAll = <K extends string>(channels: Record<K, ChatChannel | null>) =>
    Object.fromEntries(Object.entries<ChatChannel | null>(channels).map(([key, channel]) => [key, kept(channel)])) as Record<K, ChatChange | null>;
  const { chat } = settings;
  return { routes: settings.routes, assignees, chat: { lead: kept(chat.lead), contact: keptAll(chat.contact), application: keptAll(chat.application) } };
}

/**
 * Runs `send` while the quote requests' round-robin gives every new one to `ownerId`, then puts the settings back as
 * they were: only a request sent meanwhile gets the owner (and its booking link), not the other tests' leads.
 * `api`: an owner's requests (the settings are the owners').
 */
export async function withQuoteRequestsGoingTo<T>(api: APIRequestContext, ownerId: string, send: () => Promise<T>): Promise<T> {
  const route = '/api/admin/settings/notifications';
  const { settings } = (await (await api.get(route)).json()) as { settings: NotificationSettings };
  const assigned = await api.put(route, { data: payloadOf(settings, { ...settings.assignees, lead: [ownerId] }) });
  expect(assigned.status(), await assigned.text()).toBe(200);
  try {
    return await send();
  } finally {
    const restored = await api.put(route, { data: payloadOf(settings, settings.assignees) });
    expect(restored.status(), await restored.text()).toBe(200);
  }
}
