import { required } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, or, sql, type AnyColumn } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import {
  admins,
  applicationRatings,
  auditEntries,
  itemNotes,
  confirmationQuota,
  contacts,
  deliveries,
  jobApplications,
  jobs,
  leads,
  type ApplicationRatingRow,
  type ContactRow,
  type DeliveryRow,
  type JobApplicationRow,
  type ItemNoteRow,
  type LeadRow,
} from '../database/schema';

/** The address compared without regard to case: rows stored before addresses were lower-cased are found too. */
const sameEmail = (column: AnyColumn, email: string) => sql`lower(${column}) = ${email}`;

/** An outbox row addressed to `email`: alone or as one of a comma-separated list. */
const addressedTo = (email: string) => sql`position(${`,${email},`} in ',' || replace(lower(${deliveries.recipient}), ' ', '') || ',') > 0`;

export interface HeldRows {
  leads: LeadRow[];
  contacts: ContactRow[];
  applications: (JobApplicationRow & { jobTitle: string })[];
  notes: (ItemNoteRow & { authorName: string | null })[];
  ratings: (ApplicationRatingRow & { authorName: string | null })[];
  candidateEmails: DeliveryRow[];
}

/** What an erasure deleted: the answer's counts, the outbox and quota rows, and the resume files to remove. */
export interface ErasedRows {
  leads: number;
  contacts: number;
  applications: number;
  deliveries: number;
  quotas: number;
  resumeKeys: string[];
}

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

  /** Every lead, contact query and application with this (lower-cased) address, oldest first. */
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
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
    const of = (column: AnyColumn, itemIds: string[]) => (itemIds.length > 0 ? inArray(column, itemIds) : undefined);
    const noteConditions = [
      of(itemNotes.leadId, ids(leadRows)),
      of(itemNotes.contactId, ids(contactRows)),
      of(itemNotes.applicationId, ids(applicationRows.map((row) => row.application))),
    ].filter((condition) => condition !== undefined);
    const notes =
      noteConditions.length === 0
        ? []
        : await this.db
            .select({ note: itemNotes, authorName: admins.name })
            .from(itemNotes)
            .leftJoin(admins, eq(admins.id, itemNotes.authorId))
            .where(or(...noteConditions))
            .orderBy(itemNotes.createdAt);
    const applicationIds = ids(applicationRows.map((row) => row.application));
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
      leads: leadRows,
      contacts: contactRows,
      applications: applicationRows.map((row) => ({ ...row.application, jobTitle: row.jobTitle })),
      notes: notes.map((row) => ({ ...row.note, authorName: row.authorName })),
      ratings: ratings.map((row) => ({ ...row.rating, authorName: row.authorName })),
      candidateEmails,
    };
  }

  /**
   * Deletes, in one statement (atomic like a transaction), every row of this (lower-cased) address, every outbox row
   * about those rows or addressed to it, and the address's confirmation quota (`quotaKey`, its keyed hash); answers
   * the counts and the resume keys, whose files the caller removes after the commit. The outbox rows are matched by
   * a subquery on the deleted rows, never by a list of ids in the SQL (whose size a statement limits).
   */
  async eraseByEmail(email: string, quotaKey: string): Promise<ErasedRows> {
    const removedApplications = this.db
      .$with('removed_applications', {})
      .as(
        sql`delete from ${jobApplications} where ${sameEmail(jobApplications.email, email)} returning ${jobApplications.id} as id, ${jobApplications.resumeKey} as resume_key`,
      );
    const removedLeads = this.db.$with('removed_leads', {}).as(sql`delete from ${leads} where ${sameEmail(leads.email, email)} returning ${leads.id} as id`);
    const removedContacts = this.db
      .$with('removed_contacts', {})
      .as(sql`delete from ${contacts} where ${sameEmail(contacts.email, email)} returning ${contacts.id} as id`);
    const removedDeliveries = this.db.$with('removed_deliveries', {}).as(
      sql`delete from ${deliveries}
          where ${deliveries.subjectId} in (select id from ${removedApplications} union all select id from ${removedLeads} union all select id from ${removedContacts})
            or ${addressedTo(email)}
          returning 1`,
    );
    const removedQuota = this.db
      .$with('removed_quota', {})
      .as(sql`delete from ${confirmationQuota} where ${confirmationQuota.addressHash} = ${quotaKey} returning 1`);
    const [row] = await this.db
      .with(removedApplications, removedLeads, removedContacts, removedDeliveries, removedQuota)
      .select({
        leads: sql<number>`(select count(*) from ${removedLeads})`.mapWith(Number),
        contacts: sql<number>`(select count(*) from ${removedContacts})`.mapWith(Number),
        applications: sql<number>`(select count(*) from ${removedApplications})`.mapWith(Number),
        deliveries: sql<number>`(select count(*) from ${removedDeliveries})`.mapWith(Number),
        quotas: sql<number>`(select count(*) from ${removedQuota})`.mapWith(Number),
        resumeKeys: sql<string[]>`(select coalesce(array_agg(resume_key), '{}') from ${removedApplications})`,
      })
      .from(sql`(values (1)) as erase(one)`);
    return required(row, 'the counts of erased rows');
  }
}
