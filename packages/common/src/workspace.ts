// The staff workspace (docs/features/workspace.md): each lead, contact query and job application has an owner, notes,
// a follow-up time and a timeline. One kind of item per inbox; the roles that see the inbox see its workspace.
import type { AdminArea } from './roles';
import type { ApplicationStatus, ContactStatus, LeadStatus } from './enums';

export const WORK_ITEM_KINDS = ['lead', 'contact', 'application'] as const;
export type WorkItemKind = (typeof WORK_ITEM_KINDS)[number];

/** The part of the back office each kind belongs to: who may see it, own it and write notes on it. */
export const WORK_ITEM_AREAS = { lead: 'inbox', contact: 'inbox', application: 'jobs' } as const satisfies Record<WorkItemKind, AdminArea>;

export const WORK_ITEM_LABELS: Record<WorkItemKind, string> = { lead: 'Quote request', contact: 'Contact message', application: 'Job application' };

/** The admin app's page of one item: `/admin/<path>/<id>` (staff mails link to it). */
export const WORK_ITEM_PATHS: Record<WorkItemKind, string> = { lead: 'leads', contact: 'queries', application: 'applications' };

/** The API prefix of each kind: its item is `<prefix>/<id>`, its workspace calls `<prefix>/<id>/owner`… */
export const WORK_ITEM_API: Record<WorkItemKind, string> = { lead: '/api/leads', contact: '/api/contacts', application: '/api/jobs/applications' };

/** Statuses after which nobody needs to follow up: such items are not in My work and are never overdue. */
export const CLOSED_STATUSES = {
  lead: ['lost'] as readonly LeadStatus[],
  contact: ['resolved'] as readonly ContactStatus[],
  application: ['rejected', 'hired'] as readonly ApplicationStatus[],
} satisfies Record<WorkItemKind, readonly string[]>;

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
  if (!followUpAt) return false;
  if ((CLOSED_STATUSES[kind] as readonly string[]).includes(status)) return false;
  return new Date(followUpAt).getTime() <= now.getTime();
}
