import { routeRecipients, type NotificationRouteKey, type NotificationRoutes, type NotificationSettings, type WebhookEvent } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { TtlCache } from '../common/ttl-cache';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { NewDelivery } from '../database/schema';
import { emailHash } from '../privacy/email-hash';
import { WebhookSubscriptions } from '../webhooks/webhook-subscriptions';
import type { DeliverySubject } from './delivery-mails';
import type { Notifications } from './outbox.repository';
import { NotificationRoutesRepository } from './notification-routes.repository';

/** The routes (`lead`, `contact.sales`…) whose addresses differ: the audit entry of a change names them. */
function changedRoutes(before: NotificationRoutes, after: NotificationRoutes): string[] {
  const flat = (routes: NotificationRoutes): Record<string, string[]> => ({
    lead: routes.lead,
    ...Object.fromEntries(Object.entries(routes.contact).map(([department, to]) => [`contact.${department}`, to])),
    ...Object.fromEntries(Object.entries(routes.application).map(([department, to]) => [`application.${department}`, to])),
  });
  const [was, now] = [flat(before), flat(after)];
  return Object.keys({ ...was, ...now }).filter((key) => JSON.stringify(was[key] ?? []) !== JSON.stringify(now[key] ?? []));
}

/** How long an instance uses the routes it read before reading them again (another instance may change them). */
const ROUTES_FRESH_MS = 5_000;

/**
 * Who is told of a submission: the staff on its route (Settings → Notifications) or, when the route is empty,
 * NOTIFY_TO; the webhooks that want `<kind>.created`; and the visitor who sent it (a confirmation, see `for`). The
 * routes are read at most every 5 s, so a form costs no extra query; a change made on this instance applies at
 * once, on the others within 5 s.
 */
@Injectable()
export class NotificationPlan {
  private readonly routes = new TtlCache<NotificationRoutes>(ROUTES_FRESH_MS);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: NotificationRoutesRepository,
    private readonly webhooks: WebhookSubscriptions,
    private readonly audit: AuditLog,
  ) {}

  /**
   * The messages of a submission on `route` (`lead`, `contact.sales`, `application.design`…). A confirmation is
   * planned only when `confirm` (a fresh form token: our own form was filled) and SEND_CONFIRMATIONS; the statement
   * that stores the submission writes it only if the token was not spent before and the address has a slot left.
   */
  async for(route: NotificationRouteKey, visitorEmail: string, confirm: boolean): Promise<Notifications> {
    const kind = route.split('.')[0] as DeliverySubject['kind'];
    const messages: NewDelivery[] = [];
    const routed = routeRecipients(await this.currentRoutes(), route);
    const staff = routed.length > 0 ? routed : this.config.mail.notifyTo;
    if (staff.length > 0) messages.push({ topic: `${kind}.staff`, recipient: staff.join(', ') });
    messages.push(...(await this.webhooks.callsFor(`${kind}.created`)));
    if (!confirm || !this.config.mail.sendConfirmations) return { messages };
    const quotaKey = emailHash(this.config.keys.privacyEmailHash, visitorEmail);
    return { messages, confirmation: { topic: `${kind}.confirmation`, recipient: visitorEmail, quotaKey } };
  }

  /**
   * The webhook calls of an event that is not a submission (a status change): written in the transaction of the
   * change by the repository, with the `{ from, to }` of the moment as payload.
   */
  webhookCalls(event: WebhookEvent): Promise<NewDelivery[]> {
    return this.webhooks.callsFor(event);
  }

  async settings(): Promise<NotificationSettings> {
    return { routes: await this.currentRoutes(true), fallback: this.config.mail.notifyTo };
  }

  async saveRoutes(routes: NotificationRoutes): Promise<NotificationSettings> {
    const before = await this.currentRoutes(true);
    await this.repository.save(routes);
    this.routes.set(routes);
    await this.audit.record('settings.notifications_changed', { kind: 'settings', id: 'notifications' }, { fields: changedRoutes(before, routes) });
    return { routes, fallback: this.config.mail.notifyTo };
  }

  private currentRoutes(fresh = false): Promise<NotificationRoutes> {
    const load = () => this.repository.load();
    return fresh ? this.routes.refresh(load) : this.routes.get(load);
  }
}
