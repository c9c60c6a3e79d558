// Who on the staff is told of a submission (Settings → Notifications): one list of addresses for quote requests,
// one per contact department and one per job department. An empty list falls back to NOTIFY_TO.
import { CONTACT_DEPARTMENTS, CONTACT_DEPARTMENT_LABELS, JOB_DEPARTMENTS, JOB_DEPARTMENT_LABELS, type ContactDepartment, type JobDepartment } from './enums';

/** At most this many addresses on one route. */
export const NOTIFICATION_ROUTE_MAX_RECIPIENTS = 20;

export interface NotificationRoutes {
  lead: string[];
  contact: Record<ContactDepartment, string[]>;
  application: Record<JobDepartment, string[]>;
}

/** A route's place in `NotificationRoutes`: `lead`, `contact.sales`, `application.design`… */
export type NotificationRouteKey = 'lead' | `contact.${ContactDepartment}` | `application.${JobDepartment}`;

/** What the Settings screen shows: the routes, and the NOTIFY_TO addresses an empty route falls back to. */
export interface NotificationSettings {
  routes: NotificationRoutes;
  fallback: string[];
}

/** Every route in screen order, with the group and label a person reads. */
export const NOTIFICATION_ROUTE_FIELDS: ReadonlyArray<{ key: NotificationRouteKey; group: string; label: string }> = [
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

/** Every route empty: everything goes to NOTIFY_TO. */
export function emptyNotificationRoutes(): NotificationRoutes {
  return {
    lead: [],
    contact: Object.fromEntries(CONTACT_DEPARTMENTS.map((department) => [department, []])) as unknown as NotificationRoutes['contact'],
    application: Object.fromEntries(JOB_DEPARTMENTS.map((department) => [department, []])) as unknown as NotificationRoutes['application'],
  };
}

/** The addresses of one route. */
export function routeRecipients(routes: NotificationRoutes, key: NotificationRouteKey): string[] {
  if (key === 'lead') return routes.lead;
  const [kind, department] = key.split('.') as ['contact', ContactDepartment] | ['application', JobDepartment];
  return kind === 'contact' ? routes.contact[department as ContactDepartment] : routes.application[department as JobDepartment];
}
