// The staff workspace (docs/features/workspace.md): each lead, contact message and job application has an owner, notes,
// a follow-up time and a timeline. One kind of item per inbox; the roles that see the inbox see its workspace.
import { canUse, type AdminArea, type AdminRole } from './roles';
import {
  APPLICATION_STATUSES,
  APPLICATION_STATUS_COLORS,
  APPLICATION_STATUS_LABELS,
  CONTACT_STATUSES,
  CONTACT_STATUS_COLORS,
  CONTACT_STATUS_LABELS,
  LEAD_STATUSES,
  LEAD_STATUS_COLORS,
  LEAD_STATUS_LABELS,
  type BadgeColor,
} from './enums';

export const WORK_ITEM_KINDS = ['lead', 'contact', 'application'] as const;
export type WorkItemKind = (typeof WORK_ITEM_KINDS)[number];

/** What the backend and both apps know of one kind of item (the backend's registry, items/item-kinds.ts, adds the rest). */
export interface ItemKindFacts<Status extends string = string> {
  /** What a person calls one: "Quote request". */
  label: string;
  /** The admin app's page of one item: `/admin/<adminPath>/<id>` (staff mails and chat posts link to it). */
  adminPath: string;
  /** The API prefix: its item is `<api>/<id>`, its workspace calls `<api>/<id>/owner`… */
  api: string;
  /** The part of the back office it belongs to: who may see it, own it and write notes on it. */
  area: AdminArea;
  /** Its statuses in the SPEC's order, with their labels and badge colours. */
  statuses: readonly Status[];
  statusLabels: Record<Status, string>;
  statusColors: Record<Status, BadgeColor>;
  /** Statuses after which nobody needs to follow up: such items are not in My work and are never overdue. */
  closedStatuses: readonly Status[];
  /** The status that counts as the goal reached ("Submissions by channel", the forms' funnels); null when there is none. */
  goalStatus: Status | null;
}

/** One kind's facts, its statuses checked against its own list. */
const itemKind = <Status extends string>(facts: ItemKindFacts<Status>): ItemKindFacts<Status> => facts;

/** The registry of the kinds of items: every per-kind fact the apps and the backend share, in one place. */
export const ITEM_KINDS = {
  lead: /* @__PURE__ */ itemKind({
    label: 'Quote request',
    adminPath: 'leads',
    api: '/api/leads',
    area: 'inbox',
    statuses: LEAD_STATUSES,
    statusLabels: LEAD_STATUS_LABELS,
    statusColors: LEAD_STATUS_COLORS,
    closedStatuses: ['lost'],
    goalStatus: 'qualified',
  }),
  contact: /* @__PURE__ */ itemKind({
    label: 'Contact message',
    adminPath: 'queries',
    api: '/api/contacts',
    area: 'inbox',
    statuses: CONTACT_STATUSES,
    statusLabels: CONTACT_STATUS_LABELS,
    statusColors: CONTACT_STATUS_COLORS,
    closedStatuses: ['resolved'],
    goalStatus: null,
  }),
  application: /* @__PURE__ */ itemKind({
    label: 'Job application',
    adminPath: 'applications',
    api: '/api/jobs/applications',
    area: 'jobs',
    statuses: APPLICATION_STATUSES,
    statusLabels: APPLICATION_STATUS_LABELS,
    statusColors: APPLICATION_STATUS_COLORS,
    closedStatuses: ['rejected', 'hired'],
    goalStatus: 'hired',
  }),
} satisfies Record<WorkItemKind, ItemKindFacts>;

/** A status of any kind as a person reads it (one the registry does not know, as it is). */
export function statusLabelOf(kind: WorkItemKind, status: string): string {
  return (ITEM_KINDS[kind].statusLabels as Record<string, string>)[status] ?? status;
}

/** Whether this status of the kind leaves nothing to follow up. */
export function isClosedStatus(kind: WorkItemKind, status: string): boolean {
  return (ITEM_KINDS[kind].closedStatuses as readonly string[]).includes(status);
}

/** The kinds this role may see, own and write notes on. */
export function itemKindsFor(role: AdminRole): WorkItemKind[] {
  return WORK_ITEM_KINDS.filter((kind) => canUse(role, ITEM_KINDS[kind].area));
}

/**
 * One value per kind, read from the registry: the per-kind views the admin app and the browser tests read. Its calls
 * and the registry's are marked pure so that a bundler drops them where nothing reads them (the public site, whose
 * first load has a budget).
 */
function perKind<Value>(valueOf: (kind: WorkItemKind) => Value): Record<WorkItemKind, Value> {
  return Object.fromEntries(WORK_ITEM_KINDS.map((kind) => [kind, valueOf(kind)])) as Record<WorkItemKind, Value>;
}
export const WORK_ITEM_AREAS = /* @__PURE__ */ perKind((kind) => ITEM_KINDS[kind].area);
export const WORK_ITEM_LABELS = /* @__PURE__ */ perKind((kind) => ITEM_KINDS[kind].label);
export const WORK_ITEM_PATHS = /* @__PURE__ */ perKind((kind) => ITEM_KINDS[kind].adminPath);
export const WORK_ITEM_API = /* @__PURE__ */ perKind((kind) => ITEM_KINDS[kind].api);

export const NOTE_MAX_LENGTH = 5000;

/** How far from now a follow-up may be set (a typo of the year would otherwise never come due, or come due at once). */
export const FOLLOW_UP_MAX_YEARS = 5;

export interface ItemOwner {
  _id: string;
  name: string;
}

/** What the lists and the item page show of the workspace beside the item's own fields. */
export interface WorkFields {
  owner: ItemOwner | null;
  /** When someone should act on it; null when no follow-up is set. */
  followUpAt: string | null;
  /** The follow-up time has passed and the item is not closed. */
  overdue: boolean;
}

/** Another submission from the same e-mail address (any case). */
export interface RelatedItem {
  kind: WorkItemKind;
  _id: string;
  createdAt: string;
}

export interface ItemNote {
  _id: string;
  text: string;
  /** Null once the author's account is gone. */
  author: ItemOwner | null;
  createdAt: string;
}

/**
 * The item page's answer: the item with its workspace; `spam` (always false for applications) and, for an
 * application, its job's title. Notes are oldest first.
 */
export type WorkItemDetails<Item> = Item & WorkFields & { spam: boolean; jobTitle?: string; related: RelatedItem[]; notes: ItemNote[] };

export const TIMELINE_EVENT_TYPES = [
  'submitted',
  'status_changed',
  'spam_changed',
  'owner_changed',
  'note_added',
  'note_deleted',
  'follow_up_set',
  'follow_up_cleared',
  'rated',
  'mail_scheduled',
  'mail_cancelled',
  'mail_queued',
  'mail_sent',
  'mail_failed',
  'webhook_queued',
  'webhook_sent',
  'webhook_failed',
  'reminder_sent',
  'meeting_booked',
  'meeting_rescheduled',
  'meeting_cancelled',
  'interview_invited',
] as const;
export type TimelineEventType = (typeof TIMELINE_EVENT_TYPES)[number];

/** One line of an item's timeline, built from the audit log and the outbox (never a copy of them). */
export interface TimelineEvent {
  at: string;
  type: TimelineEventType;
  /** Who did it: an admin's name, the visitor's name, or null for the product itself. */
  actor: string | null;
  /** What happened, as a sentence. */
  detail: string;
}

/** One line of My work. */
export interface MyWorkItem {
  kind: WorkItemKind;
  _id: string;
  /** The sender's name. */
  name: string;
  status: string;
  followUpAt: string | null;
  overdue: boolean;
  createdAt: string;
}

export interface OwnerPayload {
  ownerId: string | null;
}
export interface NotePayload {
  text: string;
}
export interface FollowUpPayload {
  /** An ISO 8601 time, or null to clear the follow-up. */
  at: string | null;
}

/** `owner` filter of the lists: mine, nobody's, anyone's (no filter), or one admin's id. */
export const OWNER_FILTERS = ['me', 'unassigned', 'anyone'] as const;
export type OwnerFilter = (typeof OWNER_FILTERS)[number] | (string & {});

/** Whether an item with this status and follow-up is overdue at `now`. */
export function isOverdue(kind: WorkItemKind, status: string, followUpAt: Date | string | null, now: Date = new Date()): boolean {
  if (!followUpAt || isClosedStatus(kind, status)) return false;
  return new Date(followUpAt).getTime() <= now.getTime();
}
