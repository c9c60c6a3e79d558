import { WORK_ITEM_KINDS, isMeetingWebhookEvent, type AdminRole, type WorkItemKind } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { meetingEventItemKind } from '../booking/meeting-webhooks';
import { DATABASE, type Database } from '../database/database';
import { admins, jobs, type DeliveryRow, type JobRow } from '../database/schema';
import { ITEMS, recordsOf, type AnyItemRecord } from '../items/item-kinds';

/**
 * What an outbox row is about (`subject_id`; the topic's first word names the table, `subjectKindOf`), as stored when the row is
 * sent: a mail shows it (DeliverySubject is the part a mail reads), a webhook call carries it. An item of any kind
 * (with what it names elsewhere: an application's job), or a job.
 */
export type StoredSubject = AnyItemRecord | ({ kind: 'job' } & JobRow);

/** The kind of item a workspace mail to one admin is about (`<kind>.assigned`, `<kind>.reminder`); undefined for any other topic. */
export function workspaceMailKind(topic: string): WorkItemKind | undefined {
  const [kind, purpose] = topic.split('.');
  const known = (WORK_ITEM_KINDS as readonly string[]).includes(kind ?? '');
  return known && (purpose === 'assigned' || purpose === 'reminder') ? (kind as WorkItemKind) : undefined;
}

/**
 * The kind of what an outbox row is about: its topic's first word (`lead.staff`, `job.status_changed`), but for a booked
 * call's event (`meeting.booked`…), about the item the call was booked from, which its payload names.
 */
function subjectKindOf(row: Pick<DeliveryRow, 'topic' | 'payload'>): string | undefined {
  return isMeetingWebhookEvent(row.topic) ? meetingEventItemKind(row.payload) : row.topic.slice(0, row.topic.indexOf('.'));
}

/** The one reader of what outbox rows are about, for the mails and the webhook calls of a round alike. */
@Injectable()
export class DeliverySubjectsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * The subjects of `rows`, read now (so a message shows the row as it is when it goes out): one query per kind of
   * subject among them, keyed by subject id. A subject that no longer exists is missing from the map.
   */
  async subjectsOf(rows: Pick<DeliveryRow, 'topic' | 'subjectId' | 'payload'>[]): Promise<Map<string, StoredSubject>> {
    const idsOf = (kind: StoredSubject['kind']) => [...new Set(rows.filter((row) => subjectKindOf(row) === kind).map((row) => row.subjectId))];
    const subjects = new Map<string, StoredSubject>();
    for (const kind of WORK_ITEM_KINDS) {
      const ids = idsOf(kind);
      if (ids.length === 0) continue;
      for (const record of await recordsOf(this.db, kind, inArray(ITEMS[kind].columns.id, ids))) subjects.set(record.id, record);
    }
    const jobIds = idsOf('job');
    if (jobIds.length > 0) {
      for (const row of await this.db.select().from(jobs).where(inArray(jobs.id, jobIds))) subjects.set(row.id, { kind: 'job', ...row });
    }
    return subjects;
  }

  /**
   * The roles of the active admins whom the workspace mails among `rows` go to, read now, keyed by lower-cased
   * address: an address missing from the map is no active admin's (disabled, or never one).
   */
  async staffRolesOf(rows: Pick<DeliveryRow, 'topic' | 'recipient'>[]): Promise<Map<string, AdminRole>> {
    const addresses = [...new Set(rows.filter((row) => workspaceMailKind(row.topic)).map((row) => row.recipient.toLowerCase()))];
    if (addresses.length === 0) return new Map();
    const found = await this.db
      .select({ email: admins.email, role: admins.role })
      .from(admins)
      .where(and(inArray(sql`lower(${admins.email})`, addresses), isNull(admins.disabledAt)));
    return new Map(found.map((admin) => [admin.email.toLowerCase(), admin.role]));
  }
}
