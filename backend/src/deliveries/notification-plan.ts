import {
  ADMIN_ROLE_LABELS,
  CHAT_KIND_LABELS,
  MESSAGES,
  ITEM_KINDS,
  NOTIFICATION_ROUTE_FIELDS,
  canUse,
  perRoute,
  routeKind,
  routeValue,
  type ChatChannel,
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
import { openSecret, sealSecret } from '../webhooks/webhook-secret-box';
import { WebhookSubscriptions } from '../webhooks/webhook-subscriptions';
import { ACTIVE_OWNERS, type Notifications, type PlannedMessage } from './outbox.repository';
import { CHAT_URL_USE, type RoutingChange, type StoredChat, type StoredRouting } from './notification-routes';
import { NotificationRoutesRepository } from './notification-routes.repository';

/**
 * What the audit entry of a change names: the routes whose addresses differ (`lead`, `contact.sales`), and those
 * whose chat channel (`chat.lead`: a kept channel is the same sealed value, a URL typed again a new one) or
 * round-robin (`assignees.lead`) differ. Never a chat URL: it is a secret.
 */
function changedFields(before: StoredRouting, after: StoredRouting): string[] {
  const valueOf = (routing: StoredRouting, part: keyof StoredRouting, key: NotificationRouteKey) => JSON.stringify(routeValue<unknown>(routing[part], key));
  const differs = (part: keyof StoredRouting, key: NotificationRouteKey) => valueOf(before, part, key) !== valueOf(after, part, key);
  return NOTIFICATION_ROUTE_FIELDS.flatMap(({ key }) => [
    ...(differs('routes', key) ? [key] : []),
    ...(differs('chat', key) ? [`chat.${key}`] : []),
    ...(differs('assignees', key) ? [`assignees.${key}`] : []),
  ]);
}

/** How the Deliveries screen names a chat post's destination: the service and host, never the URL (a secret). */
function chatRecipient(chat: StoredChat): string {
  return `${CHAT_KIND_LABELS[chat.kind]} (${chat.host})`;
}

/** What the API shows of the settings: each chat channel as its service and host, never its URL. */
function shown(routing: StoredRouting): NotificationRouting {
  const channel = (chat: StoredChat | null): ChatChannel | null => chat && { kind: chat.kind, host: chat.host };
  return { ...routing, chat: perRoute((key) => channel(routeValue(routing.chat, key))) };
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
 * NOTIFY_TO, else every active owner (so a fresh install tells someone; decision 064); the route's chat channel; the
 * webhooks that want `<kind>.created`; the visitor who sent it (a confirmation, see `for`); and which of the route's
 * chosen admins takes it (round-robin). The settings are read at most every 5 s, so a form costs no extra query; a
 * change made on this instance applies at once, on the others within 5 s.
 */
@Injectable()
export class NotificationPlan {
  private readonly routing = new TtlCache<StoredRouting>(ROUTES_FRESH_MS);

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
    const messages: PlannedMessage[] = [];
    const staff = this.staffOf(routing, route);
    messages.push({ topic: `${kind}.staff`, recipient: staff === ACTIVE_OWNERS ? staff : staff.join(', ') });
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

  /**
   * The chat channel `route` posts to now, with its URL decrypted (only a post needs it), or null (none, or not a
   * route). Throws UnreadableSecret when the URL was sealed with a key the server no longer has.
   */
  async chatTarget(route: unknown): Promise<ChatTarget | null> {
    const known = NOTIFICATION_ROUTE_FIELDS.find((field) => field.key === route);
    const chat = known && routeValue((await this.currentRouting()).chat, known.key);
    return chat ? { kind: chat.kind, url: openSecret(this.config.keys.chatUrls, chat.url, CHAT_URL_USE).secret } : null;
  }

  async settings(): Promise<NotificationSettings> {
    return { ...shown(await this.currentRouting(true)), ...(await this.fallbacks()) };
  }

  /**
   * The routes whose staff notifications reach nobody now: no address on the route, none in NOTIFY_TO and no active
   * owner (the dashboard warns of them). An empty route always falls back, so only the last case leaves one.
   */
  async routesToNobody(): Promise<NotificationRouteKey[]> {
    if (this.config.mail.notifyTo.length > 0 || (await this.repository.activeOwners()).length > 0) return [];
    const routing = await this.currentRouting();
    return NOTIFICATION_ROUTE_FIELDS.map(({ key }) => key).filter((key) => routeValue(routing.routes, key).length === 0);
  }

  /**
   * Stores the settings once their chat URLs pass the address rules of webhooks (then sealed: never stored or shown
   * back in plain) and their assignees are admins whose role covers the route's items (a disabled one is kept:
   * skipped while disabled); else a 400 naming each field. A chat given as `{ kind }` keeps the route's saved channel.
   */
  async save(change: RoutingChange): Promise<NotificationSettings> {
    const before = await this.currentRouting(true);
    const checked = await this.checked(change, before);
    await this.repository.save(checked);
    this.routing.set(checked);
    await this.audit.record('settings.notifications_changed', { kind: 'settings', id: 'notifications' }, { fields: changedFields(before, checked) });
    return { ...shown(checked), ...(await this.fallbacks()) };
  }

  /** Who an empty route's staff notifications go to: NOTIFY_TO, else every active owner. */
  private async fallbacks(): Promise<Pick<NotificationSettings, 'fallback' | 'owners'>> {
    return { fallback: this.config.mail.notifyTo, owners: await this.repository.activeOwners() };
  }

  /** The staff addresses of `route`: its own, else NOTIFY_TO, else the owners active when the message is written. */
  private staffOf(routing: StoredRouting, route: NotificationRouteKey): string[] | typeof ACTIVE_OWNERS {
    const routed = routeValue(routing.routes, route);
    if (routed.length > 0) return routed;
    return this.config.mail.notifyTo.length > 0 ? this.config.mail.notifyTo : ACTIVE_OWNERS;
  }

  /** The settings to store for `routing` (the chat channels of `saved` kept where asked), or a 400 naming each field. */
  private async checked(routing: RoutingChange, saved: StoredRouting): Promise<StoredRouting> {
    const errors: Record<string, string> = {};
    const chosen = [...new Set(NOTIFICATION_ROUTE_FIELDS.flatMap(({ key }) => routeValue(routing.assignees, key)))];
    const admins = new Map((await this.repository.candidates(chosen)).map((admin) => [admin.id, admin]));
    // The URLs side by side: each may wait up to 3 s for DNS.
    const chats = await Promise.all(
      NOTIFICATION_ROUTE_FIELDS.map(async ({ key }) => {
        const chat = routeValue(routing.chat, key);
        const given = chat && 'url' in chat ? chat : undefined;
        return { key, chat, checked: given && (await checkedCallUrl(given.url, this.config.webhooks, CHAT_CALLERS[given.kind])) };
      }),
    );
    const checkedChats = new Map<NotificationRouteKey, StoredChat>();
    for (const { key, chat, checked } of chats) {
      if (!chat) continue;
      if (!checked) {
        // `{ kind }`: the saved channel stays as it is stored, if it is one of that kind.
        const kept = routeValue(saved.chat, key);
        if (kept?.kind === chat.kind) checkedChats.set(key, kept);
        else errors[`chat.${key}`] = MESSAGES.chatUrlRequired;
      } else if ('problem' in checked) errors[`chat.${key}`] = checked.problem;
      else
        checkedChats.set(key, { kind: chat.kind, host: new URL(checked.url).host, url: sealSecret(this.config.keys.chatUrls[0], checked.url, CHAT_URL_USE) });
    }
    for (const { key } of NOTIFICATION_ROUTE_FIELDS) {
      const kind = routeKind(key);
      for (const id of routeValue(routing.assignees, key)) {
        const admin = admins.get(id);
        if (!admin) errors[`assignees.${key}`] = MESSAGES.assigneeUnknown;
        else if (!canUse(admin.role, ITEM_KINDS[kind].area)) {
          const items = `${ITEM_KINDS[kind].label.toLowerCase()}s`;
          errors[`assignees.${key}`] = `${admin.name} (${ADMIN_ROLE_LABELS[admin.role]}) cannot take ${items}: choose admins whose role covers ${items}`;
        }
      }
    }
    const firstError = Object.values(errors)[0];
    if (firstError) throw DomainError.invalid(firstError, errors);
    // Every channel given was checked and sealed, or kept (or refused above).
    return { ...routing, chat: perRoute((key) => checkedChats.get(key) ?? null) };
  }

  private currentRouting(fresh = false): Promise<StoredRouting> {
    const load = () => this.repository.load();
    return fresh ? this.routing.refresh(load) : this.routing.get(load);
  }
}
