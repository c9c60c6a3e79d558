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
  WORK_ITEM_AREAS,
  WORK_ITEM_KINDS,
  WORK_ITEM_PATHS,
  canUse,
  type AdminAccount,
  type AdminRole,
  type Attribution,
  type BadgeColor,
  type ContactQuery,
  type ItemNote,
  type JobApplication,
  type Lead,
  type WorkItemDetails,
  type WorkItemKind,
} from '@brightwave/common';
import { LIST_ID } from '../../app/api';

/** The tag of each kind's rows in its lists (inbox-api, jobs-api). */
const ROW_TAGS = { lead: 'Lead', contact: 'Contact', application: 'Application' } as const;

/** Where each kind is listed, under the sidebar's name: the inboxes, and Jobs (a job's "Applications" dialog). */
export const WORK_ITEM_LISTS: Record<WorkItemKind, { path: string; title: string }> = {
  lead: { path: '/leads', title: 'Leads' },
  contact: { path: '/queries', title: 'Queries' },
  application: { path: '/jobs', title: 'Jobs' },
};

/**
 * The list of a kind's overdue items: the inboxes filtered by overdue (the filter read from the link). Applications
 * are listed per job, in the jobs' "Applications" dialog, where each carries its Overdue badge: there is no list of
 * every job's applications to filter.
 */
export function overdueListPath(kind: WorkItemKind): string {
  return kind === 'application' ? WORK_ITEM_LISTS.application.path : `${WORK_ITEM_LISTS[kind].path}?overdue=true`;
}

/** What items are called in a sentence ("the lead from …", "3 contact messages assigned"). */
export const WORK_ITEM_NOUNS: Record<WorkItemKind, string> = { lead: 'lead', contact: 'contact message', application: 'application' };
export const WORK_ITEM_PLURALS: Record<WorkItemKind, string> = { lead: 'leads', contact: 'contact messages', application: 'applications' };

/** "1 lead", "3 contact messages". */
export function countOf(kind: WorkItemKind, count: number): string {
  return `${count} ${count === 1 ? WORK_ITEM_NOUNS[kind] : WORK_ITEM_PLURALS[kind]}`;
}

interface StatusWords<S extends string> {
  statuses: readonly S[];
  labels: Record<S, string>;
  colors: Record<S, BadgeColor>;
}

export const WORK_ITEM_STATUS_WORDS = {
  lead: { statuses: LEAD_STATUSES, labels: LEAD_STATUS_LABELS, colors: LEAD_STATUS_COLORS },
  contact: { statuses: CONTACT_STATUSES, labels: CONTACT_STATUS_LABELS, colors: CONTACT_STATUS_COLORS },
  application: { statuses: APPLICATION_STATUSES, labels: APPLICATION_STATUS_LABELS, colors: APPLICATION_STATUS_COLORS },
} satisfies Record<WorkItemKind, StatusWords<string>>;

/** A status of any kind as its label and badge colour (a status the app does not know is shown as it came). */
export function statusBadgeOf(kind: WorkItemKind, status: string): { label: string; color: BadgeColor } {
  const words: StatusWords<string> = WORK_ITEM_STATUS_WORDS[kind];
  return { label: words.labels[status] ?? status, color: words.colors[status] ?? 'gray' };
}

interface WorkItemRows {
  lead: Lead;
  contact: ContactQuery;
  application: JobApplication;
}
export type WorkItemRow<Kind extends WorkItemKind> = WorkItemRows[Kind];
export type WorkItem<Kind extends WorkItemKind> = WorkItemDetails<WorkItemRow<Kind>>;

/** Where an item came from in a few words: its source and medium (`newsletter / email`), or a dash when not recorded. */
export function channelOf(attribution: Attribution | undefined): string {
  return [attribution?.source, attribution?.medium].filter(Boolean).join(' / ') || '—';
}

/** The sender's name: an application's `fullName`, else `name`. */
export function senderOf(item: Lead | ContactQuery | JobApplication): string {
  return 'fullName' in item ? item.fullName : item.name;
}

/** The admin app's page of one item (staff mails link there too). */
export function workItemPath(kind: WorkItemKind, id: string): string {
  return `/${WORK_ITEM_PATHS[kind]}/${id}`;
}

/** The tag of one item's page and timeline. */
export function workItemTag(kind: WorkItemKind, id: string) {
  return { type: 'WorkItem' as const, id: `${kind}:${id}` };
}

/**
 * What a change of an item's owner, follow-up or status makes stale: its page, the lists that hold it or may now
 * hold it (filters by owner and overdue), My work.
 */
export function changedItemTags(kind: WorkItemKind, id: string) {
  return [workItemTag(kind, id), { type: ROW_TAGS[kind], id }, { type: ROW_TAGS[kind], id: LIST_ID }, 'MyWork' as const];
}

/** The kinds this role may see, own and write notes on. */
export function workItemKindsOf(role: AdminRole | undefined): WorkItemKind[] {
  return role ? WORK_ITEM_KINDS.filter((kind) => canUse(role, WORK_ITEM_AREAS[kind])) : [];
}

/** A note may be deleted by its author, and by any owner. */
export function canDeleteNote(note: ItemNote, admin: Pick<AdminAccount, '_id' | 'role'>): boolean {
  return admin.role === 'owner' || note.author?._id === admin._id;
}
