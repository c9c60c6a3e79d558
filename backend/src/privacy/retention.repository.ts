import type { RetentionPeriods } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, lt, ne, not, or, sql } from 'drizzle-orm';
import { AuditRepository } from '../audit/audit.repository';
import { DATABASE, type Database } from '../database/database';
import { contacts, deliveries, jobApplications, jobs, leads } from '../database/schema';

// Any fixed number other than the migration's and the seed's: every instance takes the same one.
const PURGE_LOCK_KEY = 727_115_010;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What one purge removed. */
export interface PurgeCounts {
  applications: number;
  resumes: number;
  leads: number;
  contacts: number;
  spamLeads: number;
  spamContacts: number;
  deliveries: number;
  /** Audit entries older than the audit retention: the only way an entry is ever removed. */
  audit: number;
}

@Injectable()
export class RetentionRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Deletes, in one transaction, every row older than its retention period at `now`, and the outbox rows about
   * them; answers the counts (`resumes`: the files the caller removes after the commit), or undefined when another
   * instance holds the purge lock (a transaction-level advisory lock: it is let go at commit, or when a crashed
   * instance's connection closes).
   */
  purge(periods: RetentionPeriods, now: Date): Promise<(Omit<PurgeCounts, 'resumes'> & { resumeKeys: string[] }) | undefined> {
    const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
    return this.db.transaction(async (tx) => {
      const [{ locked }] = await tx
        .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${PURGE_LOCK_KEY})` })
        .from(sql`(values (1)) as one(x)`);
      if (!locked) return undefined;

      const closedJobs = tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(ne(jobs.status, 'active'), lt(jobs.inactiveSince, before(periods.applications))));
      const applications = await tx
        .delete(jobApplications)
        .where(inArray(jobApplications.jobId, closedJobs))
        .returning({ id: jobApplications.id, resumeKey: jobApplications.resumeKey });
      const spamLeads = await tx.delete(leads).where(and(leads.spam, lt(leads.updatedAt, before(periods.spam)))).returning({ id: leads.id });
      const oldLeads = await tx.delete(leads).where(and(not(leads.spam), lt(leads.updatedAt, before(periods.leads)))).returning({ id: leads.id });
      const spamContacts = await tx
        .delete(contacts)
        .where(and(contacts.spam, lt(contacts.updatedAt, before(periods.spam))))
        .returning({ id: contacts.id });
      const oldContacts = await tx
        .delete(contacts)
        .where(and(not(contacts.spam), lt(contacts.updatedAt, before(periods.contacts))))
        .returning({ id: contacts.id });

      const subjectIds = [...applications, ...spamLeads, ...oldLeads, ...spamContacts, ...oldContacts].map((row) => row.id);
      const sentLongAgo = and(eq(deliveries.status, 'sent'), lt(deliveries.sentAt, before(periods.deliveries)));
      const removedDeliveries = await tx
        .delete(deliveries)
        .where(subjectIds.length > 0 ? or(sentLongAgo, inArray(deliveries.subjectId, subjectIds)) : sentLongAgo)
        .returning({ id: deliveries.id });

      const audit = await AuditRepository.deleteOlderThan(tx, before(periods.audit));

      return {
        applications: applications.length,
        leads: oldLeads.length,
        contacts: oldContacts.length,
        spamLeads: spamLeads.length,
        spamContacts: spamContacts.length,
        deliveries: removedDeliveries.length,
        audit,
        resumeKeys: applications.map((row) => row.resumeKey),
      };
    });
  }
}
