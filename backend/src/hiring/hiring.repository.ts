import { type CandidateEmailSettings, type DeliveryTopic, type RatingScore } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AuditExecutor } from '../audit/audit.repository';
import { DATABASE, type Database } from '../database/database';
import {
  admins,
  applicationRatings,
  candidateEmailTemplates,
  deliveries,
  settings,
  type CandidateEmailTemplateRow,
  type DeliveryRow,
} from '../database/schema';
import { ApplicationsRepository } from '../applications/applications.repository';
import type { CandidateMailPayload } from './candidate-mail';

const SETTINGS_KEY = 'candidate_emails';
const CANDIDATE_TOPIC: DeliveryTopic = 'application.candidate';

/** A transaction's part the writes below use (and the audit log's). */
type Executor = Pick<Database, 'insert' | 'update' | 'select' | 'delete'> & AuditExecutor;

export interface RatingRow {
  authorId: string | null;
  authorName: string | null;
  score: RatingScore;
  comment: string;
  updatedAt: Date;
}

export type CandidateEmailRow = DeliveryRow & { sentByName: string | null };

/** A candidate mail to queue: its payload, and when (null: now). */
export interface QueuedCandidateMail {
  payload: CandidateMailPayload;
  sendAt: Date | null;
}

function storedSettings(value: unknown): CandidateEmailSettings {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    bookingLink: typeof stored.bookingLink === 'string' ? stored.bookingLink : null,
    rejectionTemplateId: typeof stored.rejectionTemplateId === 'string' ? stored.rejectionTemplateId : null,
  };
}

/** Whether a failed insert or update broke the unique index of template names. */
function isNameTaken(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string } | null) ?? {};
  return (cause.code ?? cause.cause?.code) === '23505';
}

/** Ratings, candidate mail templates and settings, candidate mails (outbox rows) and the board's ratings. */
@Injectable()
export class HiringRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** An application's ratings with their authors' names, newest first. */
  ratings(applicationId: string): Promise<RatingRow[]> {
    return this.db
      .select({
        authorId: applicationRatings.authorId,
        authorName: admins.name,
        score: applicationRatings.score,
        comment: applicationRatings.comment,
        updatedAt: applicationRatings.updatedAt,
      })
      .from(applicationRatings)
      .leftJoin(admins, eq(admins.id, applicationRatings.authorId))
      .where(eq(applicationRatings.applicationId, applicationId))
      .orderBy(desc(applicationRatings.updatedAt));
  }

  /** The author's rating of the application, created or replaced, with its audit entry, in one transaction. */
  async rate(applicationId: string, authorId: string, score: RatingScore, comment: string, audit: (tx: Executor) => Promise<void>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(applicationRatings)
        .values({ applicationId, authorId, score, comment })
        .onConflictDoUpdate({
          target: [applicationRatings.applicationId, applicationRatings.authorId],
          set: { score, comment, updatedAt: sql`now()` },
        });
      await audit(tx);
    });
  }

  templates(): Promise<CandidateEmailTemplateRow[]> {
    return this.db
      .select()
      .from(candidateEmailTemplates)
      .orderBy(asc(sql`lower(${candidateEmailTemplates.name})`));
  }

  async template(id: string): Promise<CandidateEmailTemplateRow | undefined> {
    const [row] = await this.db.select().from(candidateEmailTemplates).where(eq(candidateEmailTemplates.id, id));
    return row;
  }

  /** A new template; `'name-taken'` when another has the name (any case). */
  async createTemplate(
    values: Pick<CandidateEmailTemplateRow, 'name' | 'subject' | 'body'>,
    audit: (tx: Executor, id: string) => Promise<void>,
  ): Promise<CandidateEmailTemplateRow | 'name-taken'> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx.insert(candidateEmailTemplates).values(values).returning();
        if (!row) throw new Error('the template was not inserted');
        await audit(tx, row.id);
        return row;
      });
    } catch (error) {
      if (isNameTaken(error)) return 'name-taken';
      throw error;
    }
  }

  /** The template changed; undefined when there is none, `'name-taken'` when another has the name. */
  async updateTemplate(
    id: string,
    values: Pick<CandidateEmailTemplateRow, 'name' | 'subject' | 'body'>,
    audit: (tx: Executor) => Promise<void>,
  ): Promise<CandidateEmailTemplateRow | 'name-taken' | undefined> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(candidateEmailTemplates)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(candidateEmailTemplates.id, id))
          .returning();
        if (row) await audit(tx);
        return row;
      });
    } catch (error) {
      if (isNameTaken(error)) return 'name-taken';
      throw error;
    }
  }

  /**
   * Deletes the template (mails already queued keep their own copy of its text); when it was the rejection
   * template, no template is offered for rejections any more. Answers whether there was one.
   */
  async deleteTemplate(id: string, audit: (tx: Executor) => Promise<void>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.delete(candidateEmailTemplates).where(eq(candidateEmailTemplates.id, id)).returning({ id: candidateEmailTemplates.id });
      if (!row) return false;
      const current = await this.settingsIn(tx);
      if (current.rejectionTemplateId === id) await this.saveSettingsIn(tx, { ...current, rejectionTemplateId: null });
      await audit(tx);
      return true;
    });
  }

  settings(): Promise<CandidateEmailSettings> {
    return this.settingsIn(this.db);
  }

  /**
   * Saves the settings; `'template-missing'` (nothing saved) when the rejection template does not exist. The
   * template row is share-locked so it cannot be deleted meanwhile.
   */
  async saveSettings(value: CandidateEmailSettings, audit: (tx: Executor) => Promise<void>): Promise<'saved' | 'template-missing'> {
    return this.db.transaction(async (tx) => {
      if (value.rejectionTemplateId !== null) {
        const [template] = await tx
          .select({ id: candidateEmailTemplates.id })
          .from(candidateEmailTemplates)
          .where(eq(candidateEmailTemplates.id, value.rejectionTemplateId))
          .for('share');
        if (!template) return 'template-missing';
      }
      await this.saveSettingsIn(tx, value);
      await audit(tx);
      return 'saved';
    });
  }

  private async settingsIn(executor: Pick<Database, 'select'>): Promise<CandidateEmailSettings> {
    const [row] = await executor.select({ value: settings.value }).from(settings).where(eq(settings.key, SETTINGS_KEY));
    return storedSettings(row?.value);
  }

  private async saveSettingsIn(executor: Pick<Database, 'insert'>, value: CandidateEmailSettings): Promise<void> {
    await executor
      .insert(settings)
      .values({ key: SETTINGS_KEY, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
  }

  /** An application's candidate mails (outbox rows), newest first, with the sender's name. */
  candidateEmails(applicationId: string): Promise<CandidateEmailRow[]> {
    return this.db
      .select({ ...getTableColumns(deliveries), sentByName: admins.name })
      .from(deliveries)
      .leftJoin(admins, sql`${admins.id} = (${deliveries.payload}->>'sentById')::uuid`)
      .where(and(eq(deliveries.subjectId, applicationId), eq(deliveries.topic, CANDIDATE_TOPIC)))
      .orderBy(desc(deliveries.createdAt));
  }

  /**
   * Queues one candidate mail to `recipient` (scheduled when `sendAt` is set), with its audit entry, in one
   * transaction; the application row is share-locked so an erasure cannot remove it meanwhile. Undefined when the
   * application is gone.
   */
  async queueCandidateMail(
    applicationId: string,
    mail: QueuedCandidateMail,
    audit: (tx: Executor, row: DeliveryRow) => Promise<void>,
  ): Promise<CandidateEmailRow | undefined> {
    return this.db.transaction(async (tx) => {
      const application = await ApplicationsRepository.lockedRecipient(tx, applicationId);
      if (!application) return undefined;
      const [row] = await HiringRepository.insertCandidateMails(tx, [application], mail);
      if (!row) throw new Error('the candidate mail was not queued');
      await audit(tx, row);
      return { ...row, sentByName: mail.payload.replyTo?.name ?? null };
    });
  }

  /**
   * Cancels a scheduled mail of the application: `'cancelled'`, `'not-scheduled'` (being sent, sent, failed or
   * cancelled already) or undefined when the application has no such mail. The update claims the row only while it
   * is still scheduled, so it cannot race the sender (which takes it with the same kind of row lock).
   */
  async cancelCandidateMail(
    applicationId: string,
    emailId: string,
    audit: (tx: Executor) => Promise<void>,
  ): Promise<'cancelled' | 'not-scheduled' | undefined> {
    return this.db.transaction(async (tx) => {
      const ofApplication = and(eq(deliveries.id, emailId), eq(deliveries.subjectId, applicationId), eq(deliveries.topic, CANDIDATE_TOPIC));
      const [cancelled] = await tx
        .update(deliveries)
        .set({ status: 'cancelled', leaseUntil: null })
        .where(and(ofApplication, eq(deliveries.status, 'scheduled')))
        .returning({ id: deliveries.id });
      if (cancelled) {
        await audit(tx);
        return 'cancelled';
      }
      const [existing] = await tx.select({ id: deliveries.id }).from(deliveries).where(ofApplication);
      return existing ? 'not-scheduled' : undefined;
    });
  }

  /** One candidate mail per application, to the address it was sent from, inside the caller's transaction. */
  static insertCandidateMails(tx: Executor, applications: { id: string; email: string }[], mail: QueuedCandidateMail): Promise<DeliveryRow[]> {
    return tx
      .insert(deliveries)
      .values(
        applications.map((application) => ({
          topic: CANDIDATE_TOPIC,
          subjectId: application.id,
          recipient: application.email,
          payload: { ...mail.payload },
          status: mail.sendAt ? ('scheduled' as const) : ('pending' as const),
          ...(mail.sendAt ? { nextAttemptAt: mail.sendAt, sendAt: mail.sendAt } : {}),
        })),
      )
      .returning();
  }

  /**
   * The soonest scheduled candidate mail of each of these applications that has one (a rejected card's rejection
   * mail): one range of the outbox's subject index.
   */
  async scheduledMails(applicationIds: string[]): Promise<Map<string, { id: string; subject: string; sendAt: Date }>> {
    if (applicationIds.length === 0) return new Map();
    const rows = await this.db
      .selectDistinctOn([deliveries.subjectId], {
        id: deliveries.id,
        applicationId: deliveries.subjectId,
        subject: sql<string>`${deliveries.payload}->>'subject'`,
        sendAt: deliveries.sendAt,
      })
      .from(deliveries)
      .where(and(inArray(deliveries.subjectId, applicationIds), eq(deliveries.topic, CANDIDATE_TOPIC), eq(deliveries.status, 'scheduled')))
      .orderBy(deliveries.subjectId, asc(deliveries.sendAt), asc(deliveries.id));
    return new Map(rows.flatMap((row) => (row.sendAt ? [[row.applicationId, { id: row.id, subject: row.subject, sendAt: row.sendAt }] as const] : [])));
  }

  /** The average score and count of ratings of each of these applications that has any. */
  async ratingStats(applicationIds: string[]): Promise<Map<string, { average: number; ratingCount: number }>> {
    if (applicationIds.length === 0) return new Map();
    const stats = await this.db
      .select({
        applicationId: applicationRatings.applicationId,
        average: sql<number>`avg(${applicationRatings.score})::float8`.mapWith(Number),
        ratingCount: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(applicationRatings)
      .where(inArray(applicationRatings.applicationId, applicationIds))
      .groupBy(applicationRatings.applicationId);
    return new Map(stats.map((row) => [row.applicationId, row]));
  }
}
