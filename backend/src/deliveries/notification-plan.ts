import {
  ADMIN_ROLE_LABELS,
  CHAT_KIND_LABELS,
  MESSAGES,
  NOTIFICATION_ROUTE_FIELDS,
  WORK_ITEM_AREAS,
  WORK_ITEM_LABELS,
  canUse,
  perRoute,
  routeKind,
  routeValue,
  type ChatTarget,
  type NotificationRouteKey,
  type NotificationRouting,
  type NotificationSettings,
  type WebhookEvent,
} from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { DomainError } from '../common/domain-error';
import { TtlCache } from '../common/ttl-cache';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { NewDelivery } from '../database/schema';
import { emailHash } from '../privacy/email-hash';
import { checkedCallUrl } from '../webhooks/webhook-address';
import { WebhookSubscriptions } from '../webhooks/webhook-subscriptions';
import type { Notifications } from './outbox.repository';
import { NotificationRoutesRepository } from './notification-routes.repository';

/**
 * What the audit entry of a change names: the routes whose addresses differ (`lead`, `contact.sales`), and those
 * whose chat channel (`chat.lead`) or round-robin (`assignees.lead`) differ. Never a chat URL: it is a secret.
 */
function changedFields(before: NotificationRouting, after: NotificationRouting): string[] {
  const valueOf = (routing: NotificationRouting, part: keyof NotificationRouting, key: NotificationRouteKey) =>
    JSON.stringify(routeValue<unknown>(routing[part], key));
  const differs = (part: keyof NotificationRouting, key: NotificationRouteKey) => valueOf(before, part, key) !== valueOf(after, part, key);
  return NOTIFICATION_ROUTE_FIELDS.flatMap(({ key }) => [
    ...(differs('routes', key) ? [key] : []),
    ...(differs('chat', key) ? [`chat.${key}`] : []),
    ...(differs('assignees', key) ? [`assignees.${key}`] : []),
  ]);
}

/** How the Deliveries screen names a chat post's destination: the service and host, never the URL (a secret). */
function chatRecipient(target: ChatTarget): string {
  return `${CHAT_KIND_LABELS[target.kind]} (${new URL(target.url).host})`;
}

/** The words of a refused chat URL. */
const CHAT_CALLERS = {
  slack: { example: 'https://hooks.slack.com/services/…', refusal: 'Chat notifications cannot post to' },
  teams: { example: 'the URL of a Teams workflow that starts "When a Teams webhook request is received"', refusal: 'Chat notifications cannot post to' },
};

/** How long an instance uses the routes it read before reading them again (another instance may change them). */
const ROUTES_FRESH_MS = 5_000;

/**
 * Who is told of a submission: the staff on its route (Settings → Notifications) or, when the route is empty,
 * NOTIFY_TO; the route's chat channel; the webhooks that want `<kind>.created`; the visitor who sent it (a
 * confirmation, see `for`); and which of the route's chosen admins takes it (round-robin). The settings are read at
 * most every 5 s, so a form costs no extra query; a change made on this instance applies at once, on the others
 * within 5 s.
 */
@Injectable()
export class NotificationPlan {
  private readonly routing = new TtlCache<NotificationRouting>(ROUTES_FRESH_MS);

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
   * The chat post carries only the route: it goes to the channel the route has when it is sent.
   */
  async for(route: NotificationRouteKey, visitorEmail: string, confirm: boolean): Promise<Notifications> {
    const kind = routeKind(route);
    const routing = await this.currentRouting();
    const messages: NewDelivery[] = [];
    const routed = routeValue(routing.routes, route);
    const staff = routed.length > 0 ? routed : this.config.mail.notifyTo;
    if (staff.length > 0) messages.push({ topic: `${kind}.staff`, recipient: staff.join(', ') });
    const chat = routeValue(routing.chat, route);
    if (chat) messages.push({ topic: `${kind}.chat`, recipient: chatRecipient(chat), payload: { route } });
    messages.push(...(await this.webhooks.callsFor(`${kind}.created`)));
    const assignees = routeValue(routing.assignees, route);
    const planned: Notifications = assignees.length > 0 ? { messages, assignment: { route, assignees } } : { messages };
    if (!confirm || !this.config.mail.sendConfirmations) return planned;
    const quotaKey = emailHash(this.config.keys.privacyEmailHash, visitorEmail);
    return { ...planned, confirmation: { topic: `${kind}.confirmation`, recipient: visitorEmail, quotaKey } };
  }

  /**
   * The webhook calls of an event that is not a submission (a status change): written in the transaction of the
   * change by the repository, with the `{ from, to }` of the moment as payload.
   */
  webhookCalls(event: WebhookEvent): Promise<NewDelivery[]> {
    return this.webhooks.callsFor(event);
  }

  /** The chat channel `route` posts to now, or null (none, or not a route). */
  async chatTarget(route: unknown): Promise<ChatTarget | null> {
    const known = NOTIFICATION_ROUTE_FIELDS.find((field) => field.key === route);
    return known ? routeValue((await this.currentRouting()).chat, known.key) : null;
  }

  async settings(): Promise<NotificationSettings> {
    return { ...(await this.currentRouting(true)), fallback: this.config.mail.notifyTo };
  }

  /**
   * Stores the settings once their chat URLs pass the address rules of webhooks and their assignees are admins whose
   * role covers the route's items (a disabled one is kept: skipped while disabled); else a 400 naming each field.
   */
  async save(routing: NotificationRouting): Promise<NotificationSettings> {
    const checked = await this.checked(routing);
    const before = await this.currentRouting(true);
    await this.repository.save(checked);
    this.routing.set(checked);
    await this.audit.record('settings.notifications_changed', { kind: 'settings', id: 'notifications' }, { fields: changedFields(before, checked) });
    return { ...checked, fallback: this.config.mail.notifyTo };
  }

  private async checked(routing: NotificationRouting): Promise<NotificationRouting> {
    const errors: Record<string, string> = {};
    const chosen = [...new Set(NOTIFICATION_ROUTE_FIELDS.flatMap(({ key }) => routeValue(routing.assignees, key)))];
    const admins = new Map((await this.repository.candidates(chosen)).map((admin) => [admin.id, admin]));
    // The URLs side by side: each may wait up to 3 s for DNS.
    const chats = await Promise.all(
      NOTIFICATION_ROUTE_FIELDS.map(async ({ key }) => {
        const chat = routeValue(routing.chat, key);
        return { key, chat, checked: chat && (await checkedCallUrl(chat.url, this.config.webhooks, CHAT_CALLERS[chat.kind])) };
      }),
    );
    const checkedChats = new Map<NotificationRouteKey, ChatTarget>();
    for (const { key, chat, checked } of chats) {
      if (!chat || !checked) continue;
      if ('problem' in checked) errors[`chat.${key}`] = checked.problem;
      else checkedChats.set(key, { kind: chat.kind, url: checked.url });
    }
    for (const { key } of NOTIFICATION_ROUTE_FIELDS) {
      const kind = routeKind(key);
      for (const id of routeValue(routing.assignees, key)) {
        const admin = admins.get(id);
        if (!admin) errors[`assignees.${key}`] = MESSAGES.assigneeUnknown;
        else if (!canUse(admin.role, WORK_ITEM_AREAS[kind])) {
          const items = `${WORK_ITEM_LABELS[kind].toLowerCase()}s`;
          errors[`assignees.${key}`] = `${admin.name} (${ADMIN_ROLE_LABELS[admin.role]}) cannot take ${items}: choose admins whose role covers ${items}`;
        }
      }
    }
    const firstError = Object.values(errors)[0];
    if (firstError) throw DomainError.invalid(firstError, errors);
    // Every channel given was checked (or refused above): stored with its URL as parsed.
    return { ...routing, chat: perRoute((key) => checkedChats.get(key) ?? null) };
  }

  private currentRouting(fresh = false): Promise<NotificationRouting> {
    const load = () => this.repository.load();
    return fresh ? this.routing.refresh(load) : this.routing.get(load);
  }
}
