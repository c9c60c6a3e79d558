import { HOUR_MS, DAY_MS, CONFIRMATION_QUOTA_WINDOW_HOURS, required, type RetentionPeriods } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { eq, lt, ne, not, or, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { AnalyticsRepository } from '../analytics/analytics.repository';
import { AuditRepository } from '../audit/audit.repository';
import { DATABASE, type Database } from '../database/database';
import { confirmationQuota, contacts, deliveries, formTokenUses, jobApplications, jobs, leads, settings } from '../database/schema';
import { ADVISORY_LOCK_KEYS } from '../database/advisory-locks';
import type { BeforeErasure } from './privacy.repository';

/** Every condition holds. */
const all = (...conditions: SQL[]) => sql`(${sql.join(conditions, sql`) and (`)})`;

/** What one purge removed. */
export interface PurgeCounts {
  applications: number;
  resumes: number;
  leads: number;
  contacts: number;
  spamLeads: number;
  spamContacts: number;
  deliveries: number;
  /** Spent form tokens past their expiry (form_token_uses). */
  spentFormTokens: number;
  /** Confirmation quotas of addresses sent nothing for a whole window (confirmation_quota). */
  confirmationQuotas: number;
  /** Audit entries older than the audit retention: the only way an entry is ever removed. */
  audit: number;
  /** Rows of the site analytics' daily counts of days older than their retention. */
  analytics: number;
  /** Mails of the development outbox (DATA_DIR/outbox) older than the deliveries' retention. */
  outboxMails: number;
  /** Booked calls not over yet that went with purged items: their cancellations were queued (ErasedCalls). */
  callsCancelled: number;
}

/** The settings row where each round's outcome is kept, for every instance's dashboard. */
export const PURGE_STATUS_KEY = 'retention_purge';

/** The outcome of the last rounds (ISO times); `failingSince` is set from a failed round until a good one. */
export interface PurgeStatus {
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  failingSince: string | null;
  lastError: string | null;
}

@Injectable()
export class RetentionRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Deletes, in one transaction, every row older than its retention period at `now`, and the outbox rows about
   * them; answers the counts (`resumes`: the files the caller removes after the commit), or undefined when another
   * instance holds the purge lock (a transaction-level advisory lock: it is let go at commit, or when a crashed
   * instance's connection closes). The calls not over yet of the purged items are cancelled first (`beforePurge`, as
   * an erasure does).
   */
  purge(
    periods: RetentionPeriods,
    now: Date,
    beforePurge: BeforeErasure,
  ): Promise<(Omit<PurgeCounts, 'resumes' | 'outboxMails'> & { resumeKeys: string[] }) | undefined> {
    const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
    return this.db.transaction(async (tx) => {
      const [lock] = await tx
        .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${ADVISORY_LOCK_KEYS.retentionPurge})` })
        .from(sql`(values (1)) as one(x)`);
      if (!required(lock, 'the purge lock attempt').locked) return undefined;

      // One statement of data-modifying CTEs: the outbox rows about the purged rows are matched by a subquery on
      // them, never by a list of ids in the SQL (a statement holds at most 65,535 parameters).
      const deleted = (name: string, table: PgTable, where: SQL, returning: SQL = sql`1`) =>
        tx.$with(name, {}).as(sql`delete from ${table} where ${where} returning ${returning}`);
      const closedJobs = sql`select ${jobs.id} from ${jobs} where ${all(ne(jobs.status, 'active'), lt(jobs.inactiveSince, before(periods.applications)))}`;
      const applications = deleted(
        'purged_applications',
        jobApplications,
        sql`${jobApplications.jobId} in (${closedJobs})`,
        sql`${jobApplications.id} as id, ${jobApplications.resumeKey} as resume_key`,
      );
      const expired = {
        spamLeads: all(sql`${leads.spam}`, lt(leads.updatedAt, before(periods.spam))),
        oldLeads: all(not(leads.spam), lt(leads.updatedAt, before(periods.leads))),
        spamContacts: all(sql`${contacts.spam}`, lt(contacts.updatedAt, before(periods.spam))),
        oldContacts: all(not(contacts.spam), lt(contacts.updatedAt, before(periods.contacts))),
      };
      const cancelCalls = await beforePurge(tx, {
        lead: sql`select ${leads.id} from ${leads} where ${expired.spamLeads} or ${expired.oldLeads}`,
        contact: sql`select ${contacts.id} from ${contacts} where ${expired.spamContacts} or ${expired.oldContacts}`,
        application: sql`select ${jobApplications.id} from ${jobApplications} where ${jobApplications.jobId} in (${closedJobs})`,
      });
      const spamLeads = deleted('purged_spam_leads', leads, expired.spamLeads, sql`${leads.id} as id`);
      const oldLeads = deleted('purged_leads', leads, expired.oldLeads, sql`${leads.id} as id`);
      const spamContacts = deleted('purged_spam_contacts', contacts, expired.spamContacts, sql`${contacts.id} as id`);
      const oldContacts = deleted('purged_contacts', contacts, expired.oldContacts, sql`${contacts.id} as id`);
      const purgedSubjects = sql`select id from ${applications} union all select id from ${spamLeads} union all select id from ${oldLeads}
        union all select id from ${spamContacts} union all select id from ${oldContacts}`;
      // Sent ones count from their sending; failed ones from their last attempt (a Retry now starts it again);
      // cancelled ones never went out, and count from when they were written.
      const doneLongAgo = or(
        all(eq(deliveries.status, 'sent'), lt(deliveries.sentAt, before(periods.deliveries))),
        all(eq(deliveries.status, 'failed'), lt(deliveries.nextAttemptAt, before(periods.deliveries))),
        all(eq(deliveries.status, 'cancelled'), lt(deliveries.createdAt, before(periods.deliveries))),
      );
      const removedDeliveries = deleted('purged_deliveries', deliveries, sql`${doneLongAgo} or ${deliveries.subjectId} in (${purgedSubjects})`);
      // A spent form token's nonce is needed only until the token would have expired anyway.
      const spentTokens = deleted('purged_form_token_uses', formTokenUses, lt(formTokenUses.expiresAt, now));
      // A quota row unchanged for a whole window holds no confirmation time that still counts.
      const quotas = deleted(
        'purged_confirmation_quota',
        confirmationQuota,
        lt(confirmationQuota.updatedAt, new Date(now.getTime() - CONFIRMATION_QUOTA_WINDOW_HOURS * HOUR_MS)),
      );
      const count = (cte: WithSubquery) => sql<number>`(select count(*) from ${cte})`.mapWith(Number);
      const [purged] = await tx
        .with(applications, spamLeads, oldLeads, spamContacts, oldContacts, removedDeliveries, spentTokens, quotas)
        .select({
          applications: count(applications),
          leads: count(oldLeads),
          contacts: count(oldContacts),
          spamLeads: count(spamLeads),
          spamContacts: count(spamContacts),
          deliveries: count(removedDeliveries),
          spentFormTokens: count(spentTokens),
          confirmationQuotas: count(quotas),
          resumeKeys: sql<string[]>`(select coalesce(array_agg(resume_key), '{}') from ${applications})`,
        })
        .from(sql`(values (1)) as purge(one)`);

      const audit = await AuditRepository.deleteOlderThan(tx, before(periods.audit));
      // Whole days (UTC): a day is kept until all of it is older than the period.
      const analytics = await AnalyticsRepository.deleteBefore(tx, before(periods.analytics).toISOString().slice(0, 10));

      const callsCancelled = await cancelCalls(tx);
      return { ...required(purged, 'the counts of purged rows'), audit, analytics, callsCancelled };
    });
  }

  /**
   * Keeps the outcome of a round (`error`: why it failed; none when it succeeded) in the settings row: a failure keeps
   * the time of the first failure since the last success, a success clears it.
   */
  async recordRound(error?: string): Promise<void> {
    const at = new Date().toISOString();
    const first: PurgeStatus = error
      ? { lastSuccessAt: null, lastFailureAt: at, failingSince: at, lastError: error }
      : { lastSuccessAt: at, lastFailureAt: null, failingSince: null, lastError: null };
    const merged = error
      ? sql`${settings.value} || jsonb_build_object('lastFailureAt', ${at}::text, 'lastError', ${error}::text,
          'failingSince', coalesce(${settings.value} ->> 'failingSince', ${at}::text))`
      : sql`${settings.value} || jsonb_build_object('lastSuccessAt', ${at}::text, 'failingSince', null, 'lastError', null)`;
    await this.db
      .insert(settings)
      .values({ key: PURGE_STATUS_KEY, value: first })
      .onConflictDoUpdate({ target: settings.key, set: { value: merged, updatedAt: sql`now()` } });
  }
}
