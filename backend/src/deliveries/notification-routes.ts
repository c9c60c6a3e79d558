import {
  emptyNotificationRoutes,
  MESSAGES,
  NOTIFICATION_ROUTE_FIELDS,
  NOTIFICATION_ROUTE_MAX_RECIPIENTS,
  type NotificationRoutes,
  required,
  routeRecipients,
} from '@brightwave/common';
import { type PipeTransform } from '@nestjs/common';
import { isDeliverableAddress } from '../common/email-address';
import { DomainError } from '../common/domain-error';

/**
 * Reads the body of `PUT /api/admin/settings/notifications`: `{ routes }` with every route a list of e-mail
 * addresses (trimmed, lower-cased, without repeats, at most NOTIFICATION_ROUTE_MAX_RECIPIENTS). A missing route is
 * empty (falls back to NOTIFY_TO); an unknown key or a bad address is a 400 naming the route (`routes.contact.sales`).
 */
export function parseNotificationRoutes(body: unknown): NotificationRoutes {
  const routes = emptyNotificationRoutes();
  const input = isPlainObject(body) ? body : {};
  const unknownField = Object.keys(input).find((key) => key !== 'routes');
  if (unknownField) throw DomainError.invalid(`${unknownField} is not an accepted field`, { [unknownField]: `${unknownField} is not an accepted field` });
  const given = input.routes;
  if (!isPlainObject(given)) throw DomainError.invalid(MESSAGES.notificationRoutesInvalid, { routes: MESSAGES.notificationRoutesInvalid });

  const known = new Set(NOTIFICATION_ROUTE_FIELDS.map((field) => field.key));
  const errors: Record<string, string> = {};
  const flatGiven: Array<[string, unknown]> = [];
  for (const [group, value] of Object.entries(given)) {
    if (group === 'lead') flatGiven.push([group, value]);
    else if (isPlainObject(value)) for (const [department, list] of Object.entries(value)) flatGiven.push([`${group}.${department}`, list]);
    else flatGiven.push([group, value]);
  }
  for (const [key, value] of flatGiven) {
    const field = `routes.${key}`;
    if (!known.has(key as never)) {
      errors[field] = `${key} is not a notification route`;
      continue;
    }
    if (!Array.isArray(value) || value.some((address) => typeof address !== 'string')) {
      errors[field] = MESSAGES.notificationRoutesInvalid;
      continue;
    }
    const addresses = [...new Set(value.map((address: string) => address.trim().toLowerCase()).filter(Boolean))];
    const invalid = addresses.find((address): boolean => !isDeliverableAddress(address));
    if (invalid !== undefined) errors[field] = `"${invalid.slice(0, 80)}" is not a valid email address`;
    else if (addresses.length > NOTIFICATION_ROUTE_MAX_RECIPIENTS) errors[field] = MESSAGES.tooManyRecipients;
    else routeRecipients(routes, key as never).push(...addresses);
  }
  const firstError = Object.values(errors)[0];
  if (firstError) throw DomainError.invalid(firstError, errors);
  return routes;
}

/** `@Body(NotificationRoutesPipe)`: the parsed routes, or a 400. */
export class NotificationRoutesPipe implements PipeTransform<unknown, NotificationRoutes> {
  transform(body: unknown): NotificationRoutes {
    return parseNotificationRoutes(body);
  }
}

/** Stored routes, read back leniently: a route a later release no longer has is dropped, a new one is empty. */
export function routesFromStored(value: unknown): NotificationRoutes {
  const routes = emptyNotificationRoutes();
  const stored = isPlainObject(value) ? value : {};
  for (const { key } of NOTIFICATION_ROUTE_FIELDS) {
    const [group, department] = key.split('.');
    const groupValue = stored[required(group, `the group of ${key}`)];
    const list = department === undefined ? groupValue : isPlainObject(groupValue) ? groupValue[department] : undefined;
    if (Array.isArray(list)) routeRecipients(routes, key).push(...list.filter((address): address is string => typeof address === 'string'));
  }
  return routes;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
