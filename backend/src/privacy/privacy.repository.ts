import { WORK_ITEM_KINDS, required, type WorkItemKind } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, or, sql, type AnyColumn, type SQL, type WithSubquery } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import {
  admins,
  applicationRatings,
  auditEntries,
  itemNotes,
  confirmationQuota,
  deliveries,
  meetings,
  type ApplicationRatingRow,
  interviews,
  type DeliveryRow,
  type ItemNoteRow,
  type MeetingRow,
} from '../database/schema';
import type { CancelErasedCalls } from '../booking/erased-calls';
import type { MeetingExecutor } from '../booking/meetings.repository';
import { ITEMS, type ItemRecord } from '../items/item-kinds';

/** The address compared without regard to case: rows stored before addresses were lower-cased are found too. */
const sameEmail = (column: AnyColumn, email: string) => sql`lower(${column}) = ${email}`;

/** An outbox row addressed to `email`: alone or as one of a comma-separated list. */
const addressedTo = (email: string) => sql`position(${`,${email},`} in ',' || replace(lower(${deliveries.recipient}), ' ', '') || ',') > 0`;

/** The items of each kind, oldest first. */
export type HeldItems = { [Kind in WorkItemKind]: ItemRecord<Kind>[] };

export interface HeldRows {
  items: HeldItems;
  notes: (ItemNoteRow & { authorName: string | null })[];
  ratings: (ApplicationRatingRow & { authorName: string | null })[];
  candidateEmails: DeliveryRow[];
  /** The calls booked from those items, with the staff member's name. */
  /** `applicationId`: an interview's application (null for a call about a lead or contact message). */
  meetings: (MeetingRow & { withName: string | null; applicationId: string | null })[];
}

/** What an erasure deleted: the items of each list (`leads`…), the outbox and quota rows, and the stored files to remove. */
type ErasedList = (typeof ITEMS)[WorkItemKind]['list'];

export interface ErasedRows {
  items: Record<ErasedList, number>;
  deliveries: number;
  quotas: number;
  fileKeys: string[];
  /** The calls not over yet that went with the items, whose cancellations were queued. */
  callsCancelled: number;
}

/** Reads, before an erasure's delete, the calls of the items it deletes (`items`: their ids per kind), for after it (ErasedCalls). */
export type BeforeErasure = (tx: MeetingExecutor, items: Record<WorkItemKind, SQL>) => Promise<CancelErasedCalls>;

@Injectable()
export class PrivacyRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The privacy requests recorded about a person, by the keyed hash of their address (newest first). */
  async requestsAbout(emailHash: string): Promise<{ action: string; createdAt: Date; adminEmail: string | null }[]> {
    return this.db
      .select({ action: auditEntries.action, createdAt: auditEntries.createdAt, adminEmail: auditEntries.adminEmail })
      .from(auditEntries)
      .where(and(eq(auditEntries.targetKind, 'person'), eq(auditEntries.targetId, emailHash)))
      .orderBy(desc(auditEntries.createdAt));
  }

  /** Every item of every kind with this (lower-cased) address, oldest first, with their notes, ratings and candidate mails. */
  async findByEmail(email: string): Promise<HeldRows> {
    const found = await Promise.all(
      WORK_ITEM_KINDS.map(async (kind) => {
        const records = await ITEMS[kind].records(this.db, sameEmail(ITEMS[kind].columns.email, email));
        return [kind, records.toSorted((a, b) => a.createdAt.getTime() - b.createdAt.getTime())] as const;
      }),
    );
    // Each kind's records under its kind: the entries cannot say so to the type.
    const items = Object.fromEntries(found) as HeldItems;
    const noteConditions = found
      .filter(([, records]) => records.length > 0)
      .map(([kind, records]) =>
        inArray(
          itemNotes[ITEMS[kind].noteKey],
          records.map((record) => record.id),
        ),
      );
    const notes =
      noteConditions.length === 0
        ? []
        : await this.db
            .select({ note: itemNotes, authorName: admins.name })
            .from(itemNotes)
            .leftJoin(admins, eq(admins.id, itemNotes.authorId))
            .where(or(...noteConditions))
            .orderBy(itemNotes.createdAt);
    const meetingColumns = { lead: meetings.leadId, contact: meetings.contactId, application: interviews.applicationId } as const;
    const meetingsOf = WORK_ITEM_KINDS.filter((kind) => items[kind].length > 0).map((kind) =>
      inArray(
        meetingColumns[kind],
        items[kind].map((item) => item.id),
      ),
    );
    const heldMeetings =
      meetingsOf.length === 0
        ? []
        : await this.db
            .select({ meeting: meetings, withName: admins.name, applicationId: interviews.applicationId })
            .from(meetings)
            .leftJoin(interviews, eq(interviews.id, meetings.interviewId))
            .leftJoin(admins, eq(admins.id, meetings.ownerId))
            .where(or(...meetingsOf))
            .orderBy(meetings.startAt);
    const applicationIds = items.application.map((application) => application.id);
    const [ratings, candidateEmails] =
      applicationIds.length === 0
        ? [[], []]
        : await Promise.all([
            this.db
              .select({ rating: applicationRatings, authorName: admins.name })
              .from(applicationRatings)
              .leftJoin(admins, eq(admins.id, applicationRatings.authorId))
              .where(inArray(applicationRatings.applicationId, applicationIds))
              .orderBy(applicationRatings.createdAt),
            this.db
              .select()
              .from(deliveries)
              .where(and(inArray(deliveries.subjectId, applicationIds), eq(deliveries.topic, 'application.candidate')))
              .orderBy(deliveries.createdAt),
          ]);
    return {
      items,
      notes: notes.map((row) => ({ ...row.note, authorName: row.authorName })),
      ratings: ratings.map((row) => ({ ...row.rating, authorName: row.authorName })),
      candidateEmails,
      meetings: heldMeetings.map((row) => ({ ...row.meeting, withName: row.withName, applicationId: row.applicationId })),
    };
  }

  /**
   * Deletes, in one statement, every row of this (lower-cased) address, every outbox row about those rows or addressed
   * to it, and the address's confirmation quota (`quotaKey`, its keyed hash); answers the counts and the resume keys,
   * whose files the caller removes after the commit. The outbox rows are matched by a subquery on the deleted rows,
   * never by a list of ids in the SQL (whose size a statement limits). In the same transaction, the calls not over yet
   * of the items are read first and, once they went with them, their cancellations queued (`beforeErasure`): the one
   * thing written about the address, sent and then deleted by the outbox.
   */
  async eraseByEmail(email: string, quotaKey: string, beforeErasure: BeforeErasure): Promise<ErasedRows> {
    return this.db.transaction(async (tx) => {
      const ofAddress = (kind: WorkItemKind) => {
        const { table, columns } = ITEMS[kind];
        return sql`select ${columns.id} from ${table} where ${sameEmail(columns.email, email)}`;
      };
      const cancelCalls = await beforeErasure(tx, { lead: ofAddress('lead'), contact: ofAddress('contact'), application: ofAddress('application') });
      const erased = await this.eraseIn(tx, email, quotaKey);
      return { ...erased, callsCancelled: await cancelCalls(tx) };
    });
  }

  /** The erasure's one statement, in the caller's transaction. */
  private async eraseIn(tx: Pick<Database, 'with' | '$with'>, email: string, quotaKey: string): Promise<Omit<ErasedRows, 'callsCancelled'>> {
    const removed = WORK_ITEM_KINDS.map((kind) => {
      const { table, columns, list } = ITEMS[kind];
      const returning = columns.fileKey ? sql`${columns.id} as id, ${columns.fileKey} as file_key` : sql`${columns.id} as id, null as file_key`;
      return { list, cte: tx.$with(`removed_${list}`, {}).as(sql`delete from ${table} where ${sameEmail(columns.email, email)} returning ${returning}`) };
    });
    const removedIds = sql.join(
      removed.map(({ cte }) => sql`select id from ${cte}`),
      sql` union all `,
    );
    const removedDeliveries = tx.$with('removed_deliveries', {}).as(
      sql`delete from ${deliveries}
          where ${deliveries.subjectId} in (${removedIds})
            or ${addressedTo(email)}
          returning 1`,
    );
    const removedQuota = tx
      .$with('removed_quota', {})
      .as(sql`delete from ${confirmationQuota} where ${confirmationQuota.addressHash} = ${quotaKey} returning 1`);
    const count = (cte: WithSubquery) => sql<number>`(select count(*) from ${cte})`.mapWith(Number);
    const fileKeys = sql.join(
      removed.map(({ cte }) => sql`select file_key from ${cte}`),
      sql` union all `,
    );
    const [row] = await tx
      .with(...removed.map(({ cte }) => cte), removedDeliveries, removedQuota)
      .select({
        // One count per list (`leads`…): the entries cannot say so to the type.
        items: Object.fromEntries(removed.map(({ list, cte }) => [list, count(cte)])) as Record<ErasedList, SQL<number>>,
        deliveries: count(removedDeliveries),
        quotas: count(removedQuota),
        fileKeys: sql<string[]>`(select coalesce(array_agg(file_key), '{}') from (${fileKeys}) as files where file_key is not null)`,
      })
      .from(sql`(values (1)) as erase(one)`);
    return required(row, 'the counts of erased rows');
  }
}
