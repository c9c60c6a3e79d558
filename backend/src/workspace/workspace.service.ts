import {
  ADMIN_AREAS,
  DELIVERY_TOPIC_LABELS,
  FOLLOW_UP_MAX_YEARS,
  ITEM_KINDS,
  MESSAGES,
  RATING_LABELS,
  type RatingScore,
  WORK_ITEM_KINDS,
  canUse,
  isOverdue,
  itemKindsFor,
  statusLabelOf,
  isChatTopic,
  isWebhookEvent,
  type AdminRole,
  type ContactQuery,
  type ItemNote,
  type ItemOwner,
  type JobApplication,
  type Lead,
  type MyWorkItem,
  type TimelineEvent,
  type TimelineEventType,
  type WorkItemDetails,
  type WorkItemKind,
} from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import type { AuditEntryRow, DeliveryRow } from '../database/schema';
import { DeliveryWorker } from '../deliveries/delivery-worker';
import { ITEMS, itemOf, type AnyItemRecord, type ItemSubject } from '../items/item-kinds';
import { workFieldsOf } from './work-fields';
import { WorkspaceRepository, type NoteWithAuthor } from './workspace.repository';

/** The item page of any kind. */
export type AnyItemDetails = WorkItemDetails<Lead> | WorkItemDetails<ContactQuery> | WorkItemDetails<JobApplication>;

/** Follow-ups are looked for in rounds of this many per kind. */
const REMINDER_BATCH = 100;

/**
 * The staff workspace of leads, contact messages and applications (docs/features/workspace.md): the item page, its
 * owner, notes, follow-up and timeline, My work, and the reminders of follow-ups that came due. Every change is in
 * the audit log, written with it; a note's text never is (it goes with an erasure, the log does not).
 */
@Injectable()
export class WorkspaceService {
  constructor(
    private readonly repository: WorkspaceRepository,
    private readonly audit: AuditLog,
    private readonly deliveries: DeliveryWorker,
  ) {}

  /** Whether an item of this kind has this id. */
  async exists(kind: WorkItemKind, id: string): Promise<boolean> {
    return isId(id) && (await this.repository.findItem(kind, id)) !== undefined;
  }

  /** The item page: the item, its owner, follow-up, notes, and the other submissions of its address that `admin` may see. */
  details(kind: 'lead', id: string, admin: AuthenticatedAdmin): Promise<WorkItemDetails<Lead>>;
  details(kind: 'contact', id: string, admin: AuthenticatedAdmin): Promise<WorkItemDetails<ContactQuery>>;
  details(kind: 'application', id: string, admin: AuthenticatedAdmin): Promise<WorkItemDetails<JobApplication>>;
  details(kind: WorkItemKind, id: string, admin: AuthenticatedAdmin): Promise<AnyItemDetails>;
  async details(kind: WorkItemKind, id: string, admin: AuthenticatedAdmin): Promise<AnyItemDetails> {
    const record = isId(id) ? await this.repository.findItem(kind, id) : undefined;
    if (!record) throw DomainError.notFound(ITEMS[kind].texts.notFound);
    const [ownerName, related, notes] = await Promise.all([
      this.repository.adminName(record.ownerId),
      this.repository.related(record.email, id, itemKindsFor(admin.role)),
      this.repository.notes(kind, id),
    ]);
    return {
      ...itemOf(record.kind, record),
      ...workFieldsOf(kind, record, ownerName),
      // Applications have no spam flag.
      spam: 'spam' in record && record.spam,
      ...('job' in record ? { jobTitle: record.job.title } : {}),
      related: related.map((item) => ({ kind: item.kind, _id: item.id, createdAt: item.createdAt.toISOString() })),
      notes: notes.map(toNote),
    } as AnyItemDetails;
  }

  /**
   * Gives the item to `ownerId` (an active admin whose role covers the kind) or to nobody; the new owner is mailed
   * (through the outbox, with the change), unless they assigned it to themselves.
   */
  async setOwner(kind: WorkItemKind, id: string, ownerId: string | null, admin: AuthenticatedAdmin): Promise<void> {
    if (!isId(id)) throw DomainError.notFound(ITEMS[kind].texts.notFound);
    const owner = ownerId === null ? null : (await this.assigneesWithEmail(kind)).find((candidate) => candidate.id === ownerId);
    if (owner === undefined) throw DomainError.invalid(MESSAGES.ownerInvalid, { ownerId: MESSAGES.ownerInvalid });
    const mail =
      owner && owner.id !== admin.id
        ? { topic: `${kind}.assigned` as const, recipient: owner.email, webhookId: null, payload: { assignedBy: admin.name } }
        : undefined;
    const change = await this.repository.setOwner(
      kind,
      id,
      ownerId,
      ADMIN_AREAS[ITEM_KINDS[kind].area],
      (tx, change) => this.audit.record(`${kind}.owner_changed`, { kind, id }, { ...change }, { tx }),
      mail,
    );
    // Demoted or disabled since the check above.
    if (change === 'owner-invalid') throw DomainError.invalid(MESSAGES.ownerInvalid, { ownerId: MESSAGES.ownerInvalid });
    if (!change) throw DomainError.notFound(ITEMS[kind].texts.notFound);
    if (mail && change.from !== change.to) this.deliveries.wake();
  }

  /** Sets the follow-up (any time within FOLLOW_UP_MAX_YEARS of now; a past one is overdue at once) or clears it. */
  async setFollowUp(kind: WorkItemKind, id: string, at: string | null, admin: AuthenticatedAdmin): Promise<void> {
    if (!isId(id)) throw DomainError.notFound(ITEMS[kind].texts.notFound);
    const time = at === null ? null : new Date(at);
    if (time && (Number.isNaN(time.getTime()) || Math.abs(time.getTime() - Date.now()) > FOLLOW_UP_MAX_YEARS * 366 * 24 * 3600_000)) {
      throw DomainError.invalid(MESSAGES.followUpInvalid, { at: MESSAGES.followUpInvalid });
    }
    const done = await this.repository.setFollowUp(kind, id, time, admin.id, (tx) =>
      this.audit.record(`${kind}.follow_up_set`, { kind, id }, { at: time ? time.toISOString() : null }, { tx }),
    );
    if (!done) throw DomainError.notFound(ITEMS[kind].texts.notFound);
  }

  async addNote(kind: WorkItemKind, id: string, text: string, admin: AuthenticatedAdmin): Promise<ItemNote> {
    if (!isId(id)) throw DomainError.notFound(ITEMS[kind].texts.notFound);
    const note = await this.repository.addNote(kind, id, text, admin.id, (tx, noteId) =>
      // The note's id and length only: its text is personal data that an erasure must be able to remove.
      this.audit.record(`${kind}.note_added`, { kind, id }, { noteId, length: text.length }, { tx }),
    );
    if (!note) throw DomainError.notFound(ITEMS[kind].texts.notFound);
    return toNote(note);
  }

  /** Deletes a note: its author may, and any owner. */
  async deleteNote(kind: WorkItemKind, id: string, noteId: string, admin: AuthenticatedAdmin): Promise<void> {
    const note = isId(id) && isId(noteId) ? await this.repository.findNote(kind, id, noteId) : undefined;
    if (!note) throw DomainError.notFound(MESSAGES.noteNotFound);
    if (note.authorId !== admin.id && admin.role !== 'owner') throw DomainError.forbidden(MESSAGES.noteDeleteForbidden);
    const deleted = await this.repository.deleteNote(kind, id, noteId, (tx) => this.audit.record(`${kind}.note_deleted`, { kind, id }, { noteId }, { tx }));
    if (!deleted) throw DomainError.notFound(MESSAGES.noteNotFound);
  }

  /**
   * Everything that happened to the item, oldest first: its submission, the audit log's entries about it, and its
   * outbox rows (mails, webhook calls, reminders: queued, sent, failed). Built from them each time, never copied.
   */
  async timeline(kind: WorkItemKind, id: string): Promise<TimelineEvent[]> {
    const record = isId(id) ? await this.repository.findItem(kind, id) : undefined;
    if (!record) throw DomainError.notFound(ITEMS[kind].texts.notFound);
    const [entries, outbox, notes] = await Promise.all([this.repository.auditOf(kind, id), this.repository.deliveriesOf(id), this.repository.notes(kind, id)]);
    const noteTexts = new Map(notes.map((note) => [note.id, note.text]));
    const events: TimelineEvent[] = [submitted(record)];
    const sender = submittedBy(record.kind, record).actor;
    for (const entry of entries) {
      const event = auditEvent(kind, entry, noteTexts, sender);
      if (event) events.push(event);
    }
    for (const row of outbox) events.push(...deliveryEvents(row));
    // A stable sort: what happened at the same instant keeps the order above (the submission first).
    return events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  }

  /** My work: the open items `admin` owns, of the kinds their role may see, overdue first. */
  async myWork(admin: AuthenticatedAdmin): Promise<MyWorkItem[]> {
    const now = new Date();
    const items = await this.repository.ownedBy(admin.id, itemKindsFor(admin.role));
    return items.map((item) => ({
      kind: item.kind,
      _id: item.id,
      name: item.name,
      status: item.status,
      followUpAt: item.followUpAt ? item.followUpAt.toISOString() : null,
      overdue: isOverdue(item.kind, item.status, item.followUpAt, now),
      createdAt: item.createdAt.toISOString(),
    }));
  }

  /** Who may own an item of this kind; asked by an admin who may see that kind. */
  async assigneesFor(kind: WorkItemKind, admin: AuthenticatedAdmin): Promise<ItemOwner[]> {
    if (!canUse(admin.role, ITEM_KINDS[kind].area)) throw DomainError.forbidden(MESSAGES.notAllowed);
    return (await this.assigneesWithEmail(kind)).map((assignee) => ({ _id: assignee.id, name: assignee.name }));
  }

  /** The overdue items of the kinds this role may see, per kind (zero for the others). */
  overdueCounts(role: AdminRole): Promise<Record<WorkItemKind, number>> {
    return this.repository.overdueCounts(itemKindsFor(role));
  }

  /**
   * Queues the reminders of the follow-ups that came due (each once): to the item's owner, else to whoever set the
   * follow-up, each only while their account is active and their role covers the kind (decision 062); nobody else
   * is told. Answers how many follow-ups were handled.
   */
  async remindDue(): Promise<number> {
    let handled = 0;
    for (const kind of WORK_ITEM_KINDS) {
      handled += await this.repository.remindDue(kind, ADMIN_AREAS[ITEM_KINDS[kind].area], REMINDER_BATCH, (due) => ({
        topic: `${due.kind}.reminder`,
        recipient: due.recipient ?? '',
        webhookId: null,
        payload: { followUpAt: due.followUpAt.toISOString() },
      }));
    }
    if (handled > 0) this.deliveries.wake();
    return handled;
  }

  private assigneesWithEmail(kind: WorkItemKind) {
    return this.repository.assignees(ADMIN_AREAS[ITEM_KINDS[kind].area]);
  }
}

function toNote(note: NoteWithAuthor): ItemNote {
  return {
    _id: note.id,
    text: note.text,
    author: note.authorId && note.authorName !== null ? { _id: note.authorId, name: note.authorName } : null,
    createdAt: note.createdAt.toISOString(),
  };
}

/** The timeline's first line: the item sent, by whom (its kind's words). */
function submitted(record: AnyItemRecord): TimelineEvent {
  return { at: record.createdAt.toISOString(), type: 'submitted', ...submittedBy(record.kind, record) };
}

function submittedBy<Kind extends WorkItemKind>(kind: Kind, subject: ItemSubject<Kind>): { actor: string; detail: string } {
  return { actor: ITEMS[kind].sender(subject), detail: ITEMS[kind].submitted(subject) };
}

/** Who did what an audit entry records: the admin's name (their e-mail once the account is gone), or the product. */
function actorOf(entry: AuditEntryRow & { adminName: string | null }): string | null {
  if (entry.actor === 'admin') return entry.adminName ?? entry.adminEmail;
  return entry.actor === 'cli' ? 'Command line' : null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Why an item was unassigned when its owner's account changed (AdminsService.change), after "Unassigned (was Ann)". */
const UNASSIGNED_BECAUSE: Record<string, string> = {
  role_changed: ': their new role does not cover it',
  disabled: ': their account was disabled',
};

/** Why a call was cancelled when its staff member's account changed (StaffCalls), after "Call … cancelled". */
const CALL_CANCELLED_BECAUSE: Record<string, string> = {
  role_changed: ': their new role takes no such calls',
  disabled: ': their account was disabled',
};

/** " with Ann Lee": whom a booked call is with, when the entry names them. */
const withWhom = (details: Record<string, unknown>): string => (text(details.withName) ? ` with ${text(details.withName)}` : '');
/** What was booked: an interview (its entries name their invitation) or a call. */
const callOf = (details: Record<string, unknown>): string => (details.interviewId ? 'Interview' : 'Call');

/** A readable UTC time for a sentence ("27 Nov 2026, 14:00 UTC"); the admin app shows `at` in the reader's zone. */
function utcTime(iso: string): string {
  return (
    new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }) + ' UTC'
  );
}

/** The timeline's line of an audit entry about the item; `sender`, the item's sender, booked its calls. */
function auditEvent(
  kind: WorkItemKind,
  entry: AuditEntryRow & { adminName: string | null },
  noteTexts: Map<string, string>,
  sender: string,
): TimelineEvent | undefined {
  const at = entry.createdAt.toISOString();
  const actor = actorOf(entry);
  const details = entry.details;
  const event = (type: TimelineEventType, detail: string): TimelineEvent => ({ at, type, actor, detail });
  switch (entry.action.slice(kind.length + 1)) {
    case 'status_changed': {
      const label = (status: unknown) => statusLabelOf(kind, String(status));
      return event('status_changed', `Status changed from ${label(details.from)} to ${label(details.to)}`);
    }
    case 'knocked_out':
      // The question, not the answer: the audit log keeps no answer (the item's page shows it).
      return event(
        'status_changed',
        `Knocked out by the answer to "${text(details.label) ?? String(details.question)}": moved to ${statusLabelOf(kind, 'rejected')}`,
      );
    case 'spam_changed':
      return event('spam_changed', details.to === true ? 'Moved to suspected spam' : 'Moved out of suspected spam');
    case 'owner_changed': {
      const to = text(details.toName) ?? (details.to ? 'an admin' : null);
      const from = text(details.fromName) ?? (details.from ? 'an admin' : null);
      return event('owner_changed', to ? `Assigned to ${to}` : `Unassigned${from ? ` (was ${from})` : ''}${UNASSIGNED_BECAUSE[String(details.because)] ?? ''}`);
    }
    case 'note_added': {
      const note = noteTexts.get(String(details.noteId));
      return event('note_added', note === undefined ? 'Added a note (since deleted)' : `Added a note: ${note}`);
    }
    case 'note_deleted':
      return event('note_deleted', 'Deleted a note');
    case 'rated': {
      const score = Number(details.score);
      return event('rated', `Rated the application: ${RATING_LABELS[score as RatingScore] ?? String(details.score)}`);
    }
    case 'email_cancelled':
      return event('mail_cancelled', 'Cancelled a scheduled e-mail to the candidate');
    case 'follow_up_set': {
      const time = text(details.at);
      return time ? event('follow_up_set', `Follow-up set for ${utcTime(time)}`) : event('follow_up_cleared', 'Follow-up cleared');
    }
    // Booked by the visitor with the link of the form's answer (a candidate with their invitation's): the entry is the
    // system's, the act the sender's.
    case 'meeting_booked':
      return { at, type: 'meeting_booked', actor: sender, detail: `${callOf(details)} booked for ${utcTime(String(details.start))}${withWhom(details)}` };
    case 'meeting_rescheduled':
      return {
        at,
        type: 'meeting_rescheduled',
        actor: sender,
        detail: `${callOf(details)} moved from ${utcTime(String(details.previousStart))} to ${utcTime(String(details.start))}${withWhom(details)}`,
      };
    case 'interview_invited':
      return event('interview_invited', `Invited the candidate to an interview${withWhom(details)}`);
    case 'interview_cancelled': {
      const booked = text(details.start);
      return event('meeting_cancelled', `Withdrew the interview invitation${withWhom(details)}${booked ? ` (booked for ${utcTime(booked)})` : ''}`);
    }
    case 'meeting_cancelled': {
      const cancelled = `${callOf(details)} for ${utcTime(String(details.start))}${withWhom(details)} cancelled`;
      // Cancelled with the change of the staff member's account (decision 087): the admin's act, and why.
      const because = CALL_CANCELLED_BECAUSE[String(details.because)];
      if (because) return event('meeting_cancelled', `${cancelled}${because}`);
      return { at, type: 'meeting_cancelled', actor: sender, detail: cancelled };
    }
    default:
      return undefined;
  }
}

/**
 * The events of one outbox row: queued, then sent or failed. A webhook's or chat's address is not shown (it is a
 * secret, and only owners see Settings); a mail's recipients are.
 */
function deliveryEvents(row: DeliveryRow): TimelineEvent[] {
  const webhook = isWebhookEvent(row.topic) || isChatTopic(row.topic);
  const reminder = row.topic.endsWith('.reminder');
  const label = DELIVERY_TOPIC_LABELS[row.topic] ?? row.topic;
  const what = webhook ? label : `${label} to ${row.recipient}`;
  const prefix = webhook ? 'webhook' : 'mail';
  const events: TimelineEvent[] = [
    row.topic === 'application.candidate'
      ? candidateMailQueued(row)
      : reminder
        ? { at: row.createdAt.toISOString(), type: 'reminder_sent', actor: null, detail: `Follow-up reminder queued for ${row.recipient}` }
        : { at: row.createdAt.toISOString(), type: `${prefix}_queued`, actor: null, detail: `${what}: queued` },
  ];
  if (row.status === 'cancelled') {
    // A recruiter's cancellation is an audit entry (who, when); a mail to an admin no longer theirs says why here.
    if (row.lastError !== null) {
      const at = new Date(Math.min(Date.now(), row.nextAttemptAt.getTime())).toISOString();
      events.push({ at, type: 'mail_cancelled', actor: null, detail: `${what}: ${row.lastError}` });
    }
    return events;
  }
  if (row.status === 'sent' && row.sentAt) events.push({ at: row.sentAt.toISOString(), type: `${prefix}_sent`, actor: null, detail: `${what}: sent` });
  else if (row.status === 'failed') {
    events.push({ at: row.nextAttemptAt.toISOString(), type: `${prefix}_failed`, actor: null, detail: `${what}: failed after ${row.attempts} attempt(s)` });
  } else if (row.lastError !== null && row.attempts > 0) {
    // Its next try is still to come: the failure itself happened before that, and at the latest now.
    const failedAt = new Date(Math.min(Date.now(), row.nextAttemptAt.getTime()));
    events.push({ at: failedAt.toISOString(), type: `${prefix}_failed`, actor: null, detail: `${what}: attempt ${row.attempts} failed, trying again` });
  }
  return events;
}

/** A recruiter's mail to the candidate (hiring): who sent it, its subject, and when it goes out. */
function candidateMailQueued(row: DeliveryRow): TimelineEvent {
  const payload = row.payload ?? {};
  const subject = text(payload.subject) ?? '';
  const replyTo = payload.replyTo as { name?: unknown } | undefined;
  const actor = text(replyTo?.name);
  const what = `${DELIVERY_TOPIC_LABELS[row.topic]} "${subject}" to ${row.recipient}`;
  return row.sendAt
    ? { at: row.createdAt.toISOString(), type: 'mail_scheduled', actor, detail: `${what}: scheduled for ${utcTime(row.sendAt.toISOString())}` }
    : { at: row.createdAt.toISOString(), type: 'mail_queued', actor, detail: `${what}: queued` };
}
