import {
  CHAT_KINDS,
  MAX_LENGTH,
  MESSAGES,
  NOTIFICATION_ROUTE_FIELDS,
  NOTIFICATION_ROUTE_MAX_ASSIGNEES,
  NOTIFICATION_ROUTE_MAX_RECIPIENTS,
  perRoute,
  type ChatChange,
  type ChatKind,
  type NotificationRouteKey,
  type NotificationRoutes,
  type PerRoute,
} from '@brightwave/common';
import { type PipeTransform } from '@nestjs/common';
import { isDeliverableAddress } from '../common/email-address';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { isSealed, type SecretUse } from '../webhooks/webhook-secret-box';

/** The use chat URLs are sealed for (webhook-secret-box.ts): a value sealed for another use cannot open as one. */
export const CHAT_URL_USE = 'chat webhook URL' satisfies SecretUse;

/**
 * A route's chat channel as stored (and held between reads): its URL sealed with the key of chat URLs (plain in a
 * row an earlier version wrote, until the next start encrypts it), and the URL's host, which the Deliveries screen
 * and the settings show in its place.
 */
export interface StoredChat {
  kind: ChatKind;
  host: string;
  url: string;
}

/** Settings → Notifications as stored: per route, the addresses, the chat channel and the round-robin. */
export interface StoredRouting {
  routes: NotificationRoutes;
  chat: PerRoute<StoredChat | null>;
  assignees: PerRoute<string[]>;
}

/** The body of `PUT /api/admin/settings/notifications` as read: like StoredRouting, with each chat as given. */
export interface RoutingChange {
  routes: NotificationRoutes;
  chat: PerRoute<ChatChange | null>;
  assignees: PerRoute<string[]>;
}

/** The parts of the body of `PUT /api/admin/settings/notifications`, each with one value per route. */
const PARTS = ['routes', 'chat', 'assignees'] as const;
type Part = (typeof PARTS)[number];

/** One route's value as given: what to store, or the problem for the admin. */
type Read<Value> = { value: Value } | { problem: string };

/** Reads one route's value of each part. */
const READERS: { [P in Part]: (value: unknown) => Read<RoutingChange[P]['lead']> } = {
  routes: (value) => {
    if (!Array.isArray(value) || value.some((address) => typeof address !== 'string')) return { problem: MESSAGES.notificationRoutesInvalid };
    const addresses = [...new Set(value.map((address: string) => address.trim().toLowerCase()).filter(Boolean))];
    const invalid = addresses.find((address): boolean => !isDeliverableAddress(address));
    if (invalid !== undefined) return { problem: `"${invalid.slice(0, 80)}" is not a valid email address` };
    if (addresses.length > NOTIFICATION_ROUTE_MAX_RECIPIENTS) return { problem: MESSAGES.tooManyRecipients };
    return { value: addresses };
  },
  // The URL's address rules depend on the configuration and on DNS, and whether a saved channel can be kept on what
  // is saved: NotificationPlan checks both before storing.
  chat: (value) => {
    if (value === null) return { value: null };
    if (!isPlainObject(value) || Object.keys(value).some((key) => key !== 'kind' && key !== 'url')) return { problem: MESSAGES.chatInvalid };
    const { kind, url } = value;
    if (!(CHAT_KINDS as readonly unknown[]).includes(kind)) return { problem: MESSAGES.chatInvalid };
    if (!('url' in value)) return { value: { kind: kind as ChatKind } };
    if (typeof url !== 'string') return { problem: MESSAGES.chatInvalid };
    if (url.trim() === '') return { problem: MESSAGES.chatUrlRequired };
    if (url.length > MAX_LENGTH.url) return { problem: `The URL must be at most ${MAX_LENGTH.url} characters` };
    return { value: { kind: kind as ChatKind, url: url.trim() } };
  },
  // Who the ids are (their roles, whether they exist) is for NotificationPlan, which reads the admins.
  assignees: (value) => {
    if (!Array.isArray(value) || value.some((id) => typeof id !== 'string' || !isId(id))) return { problem: MESSAGES.assigneesInvalid };
    const ids = [...new Set(value.map((id: string) => id.toLowerCase()))];
    if (ids.length > NOTIFICATION_ROUTE_MAX_ASSIGNEES) return { problem: MESSAGES.tooManyAssignees };
    return { value: ids };
  },
};

const EMPTY: { [P in Part]: () => RoutingChange[P]['lead'] } = { routes: () => [], chat: () => null, assignees: () => [] };

/** A part's routes as `[route key, value]`: `{ contact: { sales: … } }` and the flat `{ 'contact.sales': … }` alike. */
function flatRoutes(given: Record<string, unknown>): Array<[string, unknown]> {
  const flat: Array<[string, unknown]> = [];
  for (const [group, value] of Object.entries(given)) {
    if (group !== 'lead' && isPlainObject(value))
      for (const [department, routeValue] of Object.entries(value)) flat.push([`${group}.${department}`, routeValue]);
    else flat.push([group, value]);
  }
  return flat;
}

/**
 * Reads the body of `PUT /api/admin/settings/notifications`: `{ routes, chat?, assignees? }`, each one value per
 * route (nested like `routes.contact.sales`, or flat). `routes`: e-mail addresses (trimmed, lower-cased, without
 * repeats, at most NOTIFICATION_ROUTE_MAX_RECIPIENTS); `chat`: `{ kind, url }`, `{ kind }` (keep the saved one) or
 * null; `assignees`: admin ids. A route left out is empty, and so is `chat` or `assignees` left out. An unknown key
 * or a bad value is a 400 naming the field (`routes.contact.sales`, `chat.lead`).
 */
export function parseNotificationRouting(body: unknown): RoutingChange {
  const input = isPlainObject(body) ? body : {};
  const unknownField = Object.keys(input).find((key) => !(PARTS as readonly string[]).includes(key));
  if (unknownField) throw DomainError.invalid(`${unknownField} is not an accepted field`, { [unknownField]: `${unknownField} is not an accepted field` });
  if (!isPlainObject(input.routes)) throw DomainError.invalid(MESSAGES.notificationRoutesInvalid, { routes: MESSAGES.notificationRoutesInvalid });

  const known = new Set<string>(NOTIFICATION_ROUTE_FIELDS.map((field) => field.key));
  const errors: Record<string, string> = {};
  const readPart = <P extends Part>(part: P): RoutingChange[P] => {
    const given = input[part] ?? {};
    const values = new Map<string, RoutingChange[P]['lead']>();
    if (!isPlainObject(given)) errors[part] = part === 'chat' ? MESSAGES.chatInvalid : MESSAGES.assigneesInvalid;
    else {
      for (const [key, value] of flatRoutes(given)) {
        const field = `${part}.${key}`;
        if (!known.has(key)) {
          errors[field] = `${key} is not a notification route`;
          continue;
        }
        const read = READERS[part](value);
        if ('problem' in read) errors[field] = read.problem;
        else values.set(key, read.value as RoutingChange[P]['lead']);
      }
    }
    return perRoute((key) => values.get(key) ?? EMPTY[part]()) as RoutingChange[P];
  };
  const routing = { routes: readPart('routes'), chat: readPart('chat'), assignees: readPart('assignees') };
  const firstError = Object.values(errors)[0];
  if (firstError) throw DomainError.invalid(firstError, errors);
  return routing;
}

/** `@Body(NotificationRoutingPipe)`: the parsed settings, or a 400. */
export class NotificationRoutingPipe implements PipeTransform<unknown, RoutingChange> {
  transform(body: unknown): RoutingChange {
    return parseNotificationRouting(body);
  }
}

/**
 * Stored settings, read back leniently: a route a later release no longer has is dropped, a new one is empty. Before
 * chat and round-robin (decision 058) the stored value was the routes alone (`{ lead, contact, application }`): it
 * is read as such, with no chat and no round-robin, and stored in the new shape at the next save.
 */
export function routingFromStored(value: unknown): StoredRouting {
  const stored = isPlainObject(value) ? value : {};
  const parts: Record<Part, unknown> = isPlainObject(stored.routes)
    ? { routes: stored.routes, chat: stored.chat, assignees: stored.assignees }
    : { routes: stored, chat: {}, assignees: {} };
  const storedValue = (part: Part, key: NotificationRouteKey): unknown => {
    const given = parts[part];
    if (!isPlainObject(given)) return undefined;
    const [group = key, department] = key.split('.');
    const groupValue = given[group];
    return department === undefined ? groupValue : isPlainObject(groupValue) ? groupValue[department] : undefined;
  };
  const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  return {
    routes: perRoute((key) => strings(storedValue('routes', key))),
    chat: perRoute((key) => storedChat(storedValue('chat', key))),
    assignees: perRoute((key) => strings(storedValue('assignees', key))),
  };
}

/**
 * A stored chat channel, or null when it is not one (a submission must not fail on a URL that cannot be read). One
 * an earlier version stored has its URL in plain and no host: the host is read from the URL.
 */
function storedChat(value: unknown): StoredChat | null {
  if (!isPlainObject(value) || typeof value.url !== 'string' || !(CHAT_KINDS as readonly unknown[]).includes(value.kind)) return null;
  const kind = value.kind as ChatKind;
  if (isSealed(value.url)) return typeof value.host === 'string' ? { kind, host: value.host, url: value.url } : null;
  return URL.canParse(value.url) ? { kind, host: new URL(value.url).host, url: value.url } : null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
