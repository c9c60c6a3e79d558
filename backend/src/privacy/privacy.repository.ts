import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, or, sql, type AnyColumn } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { auditEntries, contacts, deliveries, jobApplications, jobs, leads, type ContactRow, type JobApplicationRow, type LeadRow } from '../database/schema';

/** The address compared without regard to case: rows stored before addresses were lower-cased are found too. */
const sameEmail = (column: AnyColumn, email: string) => sql`lower(${column}) = ${email}`;

/** An outbox row addressed to `email`: alone or as one of a comma-separated list. */
const addressedTo = (email: string) =>
  sql`position(${`,${email},`} in ',' || replace(lower(${deliveries.recipient}), ' ', '') || ',') > 0`;

export interface HeldRows {
  leads: LeadRow[];
  contacts: ContactRow[];
  applications: (JobApplicationRow & { jobTitle: string })[];
}

@Injectable()
export class PrivacyRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Every lead, contact query and application with this (lower-cased) address, oldest first. */
  /** The privacy requests recorded about a person, by the keyed hash of their address (newest first). */
  async requestsAbout(emailHash: string): Promise<{ action: string; createdAt: Date; adminEmail: string | null }[]> {
    return this.db
      .select({ action: auditEntries.action, createdAt: auditEntries.createdAt, adminEmail: auditEntries.adminEmail })
      .from(auditEntries)
      .where(and(eq(auditEntries.targetKind, 'person'), eq(auditEntries.targetId, emailHash)))
      .orderBy(desc(auditEntries.createdAt));
  }

  async findByEmail(email: string): Promise<HeldRows> {
    const [leadRows, contactRows, applicationRows] = await Promise.all([
      this.db.select().from(leads).where(sameEmail(leads.email, email)).orderBy(leads.createdAt),
      this.db.select().from(contacts).where(sameEmail(contacts.email, email)).orderBy(contacts.createdAt),
      this.db
        .select({ application: jobApplications, jobTitle: jobs.title })
        .from(jobApplications)
        .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
        .where(sameEmail(jobApplications.email, email))
        .orderBy(jobApplications.createdAt),
    ]);
    return {
      leads: leadRows,
      contacts: contactRows,
      applications: applicationRows.map((row) => ({ ...row.application, jobTitle: row.jobTitle })),
    };
  }

  /**
   * Deletes, in one transaction, every row of this (lower-cased) address and every outbox row about those rows or
   * addressed to it; answers the counts and the resume keys, whose files the caller removes after the commit.
   */
  async eraseByEmail(email: string): Promise<{ leads: number; contacts: number; applications: number; resumeKeys: string[] }> {
    return this.db.transaction(async (tx) => {
      const removedApplications = await tx
        .delete(jobApplications)
        .where(sameEmail(jobApplications.email, email))
        .returning({ id: jobApplications.id, resumeKey: jobApplications.resumeKey });
      const removedLeads = await tx.delete(leads).where(sameEmail(leads.email, email)).returning({ id: leads.id });
      const removedContacts = await tx.delete(contacts).where(sameEmail(contacts.email, email)).returning({ id: contacts.id });
      const subjectIds = [...removedApplications, ...removedLeads, ...removedContacts].map((row) => row.id);
      await tx
        .delete(deliveries)
        .where(subjectIds.length > 0 ? or(inArray(deliveries.subjectId, subjectIds), addressedTo(email)) : addressedTo(email));
      return {
        leads: removedLeads.length,
        contacts: removedContacts.length,
        applications: removedApplications.length,
        resumeKeys: removedApplications.map((row) => row.resumeKey),
      };
    });
  }
}
