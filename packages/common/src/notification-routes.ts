// Who on the staff is told of a submission (Settings → Notifications), per route: one for quote requests, one per
// contact department and one per job department. Each route has a list of addresses (an empty list falls back to
// NOTIFY_TO, else to every active owner), may also post to a Slack or Microsoft Teams channel, and may hand its new items to chosen admins in turn.
import { CONTACT_DEPARTMENTS, CONTACT_DEPARTMENT_LABELS, JOB_DEPARTMENTS, JOB_DEPARTMENT_LABELS, type ContactDepartment, type JobDepartment } from './enums';
import type { WorkItemKind } from './workspace';

/** At most this many addresses on one route. */
export const NOTIFICATION_ROUTE_MAX_RECIPIENTS = 20;

/** At most this many admins take turns on one route. */
export const NOTIFICATION_ROUTE_MAX_ASSIGNEES = 50;

/** One value per route, nested as the routes are: `lead`, `contact.<department>`, `application.<department>`. */
export interface PerRoute<Value> {
  lead: Value;
  contact: Record<ContactDepartment, Value>;
  application: Record<JobDepartment, Value>;
}

/** The staff addresses of each route. */
export type NotificationRoutes = PerRoute<string[]>;

/** A route's place in `NotificationRoutes`: `lead`, `contact.sales`, `application.design`… */
export type NotificationRouteKey = 'lead' | `contact.${ContactDepartment}` | `application.${JobDepartment}`;

export const CHAT_KINDS = ['slack', 'teams'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];
export const CHAT_KIND_LABELS: Record<ChatKind, string> = { slack: 'Slack', teams: 'Microsoft Teams' };

/**
 * A chat channel a route also posts to, as an admin gives it: a Slack incoming webhook, or a Microsoft Teams workflow
 * started by a webhook request ("Send webhook alerts to a channel"). The URL is a secret: whoever has it can post to
 * the channel. It is stored encrypted and never shown back (ChatChannel).
 */
export interface ChatTarget {
  kind: ChatKind;
  url: string;
}

/** A route's saved chat channel as the API shows it: its service and the host of its URL, never the URL. */
export interface ChatChannel {
  kind: ChatKind;
  host: string;
}

/** A route's chat in a save: a new channel (`{ kind, url }`), the saved one kept (`{ kind }`, of the saved kind), or null for none. */
export type ChatChange = ChatTarget | { kind: ChatKind };

/** Everything Settings → Notifications holds, as the API shows it: per route, the addresses, the chat channel and the round-robin. */
export interface NotificationRouting {
  routes: NotificationRoutes;
  /** The chat channel each route also posts to; null: none. */
  chat: PerRoute<ChatChannel | null>;
  /** The admins (ids, in order) who take the new items of each route in turn; empty: new items arrive unowned. */
  assignees: PerRoute<string[]>;
}

/**
 * What the Settings screen shows: the routing, and where an empty route's staff notifications go: the NOTIFY_TO
 * addresses (`fallback`), else every active owner (`owners`, as they are now: read again for each submission).
 */
export interface NotificationSettings extends NotificationRouting {
  fallback: string[];
  owners: string[];
}

/** The body of `PUT /api/admin/settings/notifications`: a route left out is empty, and so is a part left out. */
export interface NotificationSettingsPayload {
  routes: NotificationRoutes;
  chat?: PerRoute<ChatChange | null>;
  assignees?: PerRoute<string[]>;
}

/**
 * Every route in screen order, with the group and label a person reads. Made by a call marked pure so that a bundler
 * drops it where nothing reads it (the public site, whose first load has a budget).
 */
export const NOTIFICATION_ROUTE_FIELDS: ReadonlyArray<NotificationRouteField> = /* @__PURE__ */ notificationRouteFields();

interface NotificationRouteField {
  key: NotificationRouteKey;
  group: string;
  label: string;
}

function notificationRouteFields(): NotificationRouteField[] {
  return [
    { key: 'lead', group: 'Quote requests', label: 'Every quote request' },
    ...CONTACT_DEPARTMENTS.map((department) => ({
      key: `contact.${department}` as const,
      group: 'Contact messages',
      label: CONTACT_DEPARTMENT_LABELS[department],
    })),
    ...JOB_DEPARTMENTS.map((department) => ({
      key: `application.${department}` as const,
      group: 'Job applications',
      label: JOB_DEPARTMENT_LABELS[department],
    })),
  ];
}

/** The kind of item a route carries: `contact.sales` → `contact`. */
export function routeKind(key: NotificationRouteKey): WorkItemKind {
  return key.split('.')[0] as WorkItemKind;
}

/** One value per route, each made by `valueOf` from the route's key. */
export function perRoute<Value>(valueOf: (key: NotificationRouteKey) => Value): PerRoute<Value> {
  return {
    lead: valueOf('lead'),
    contact: Object.fromEntries(CONTACT_DEPARTMENTS.map((department) => [department, valueOf(`contact.${department}`)])) as Record<ContactDepartment, Value>,
    application: Object.fromEntries(JOB_DEPARTMENTS.map((department) => [department, valueOf(`application.${department}`)])) as Record<JobDepartment, Value>,
  };
}

/** The value of one route. */
export function routeValue<Value>(values: PerRoute<Value>, key: NotificationRouteKey): Value {
  if (key === 'lead') return values.lead;
  const [kind, department] = key.split('.') as ['contact', ContactDepartment] | ['application', JobDepartment];
  return kind === 'contact' ? values.contact[department as ContactDepartment] : values.application[department as JobDepartment];
}

/** Every route empty: everything goes to NOTIFY_TO, else to the active owners. */
export function emptyNotificationRoutes(): NotificationRoutes {
  return perRoute(() => []);
}

/** Nothing set: every route empty, no chat, no round-robin. */
export function emptyNotificationRouting(): NotificationRouting {
  return { routes: emptyNotificationRoutes(), chat: perRoute(() => null), assignees: perRoute(() => []) };
}
