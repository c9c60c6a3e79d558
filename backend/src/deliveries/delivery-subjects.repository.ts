import { Inject, Injectable } from '@nestjs/common';
import { eq, inArray } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import {
  contacts,
  jobApplications,
  jobs,
  leads,
  type ContactRow,
  type DeliveryRow,
  type JobApplicationRow,
  type JobRow,
  type LeadRow,
} from '../database/schema';

/**
 * What an outbox row is about (`subject_id`; the topic's first word names the table), as stored when the row is
 * sent: a mail shows it (DeliverySubject is the part a mail reads), a webhook call carries it.
 */
export type StoredSubject =
  | ({ kind: 'lead' } & LeadRow)
  | ({ kind: 'contact' } & ContactRow)
  | ({ kind: 'application'; job: Pick<JobRow, 'id' | 'title' | 'department'> } & JobApplicationRow)
  | ({ kind: 'job' } & JobRow);

/** The one reader of what outbox rows are about, for the mails and the webhook calls of a round alike. */
@Injectable()
export class DeliverySubjectsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * The subjects of `rows`, read now (so a message shows the row as it is when it goes out): one query per kind of
   * subject among them, keyed by subject id. A subject that no longer exists is missing from the map.
   */
  async subjectsOf(rows: Pick<DeliveryRow, 'topic' | 'subjectId'>[]): Promise<Map<string, StoredSubject>> {
    const idsOf = (kind: StoredSubject['kind']) => [...new Set(rows.filter((row) => row.topic.startsWith(`${kind}.`)).map((row) => row.subjectId))];
    const subjects = new Map<string, StoredSubject>();
    const [leadIds, contactIds, applicationIds, jobIds] = [idsOf('lead'), idsOf('contact'), idsOf('application'), idsOf('job')];
    if (leadIds.length > 0) {
      for (const row of await this.db.select().from(leads).where(inArray(leads.id, leadIds))) subjects.set(row.id, { kind: 'lead', ...row });
    }
    if (contactIds.length > 0) {
      for (const row of await this.db.select().from(contacts).where(inArray(contacts.id, contactIds))) subjects.set(row.id, { kind: 'contact', ...row });
    }
    if (applicationIds.length > 0) {
      const found = await this.db
        .select({ application: jobApplications, job: { id: jobs.id, title: jobs.title, department: jobs.department } })
        .from(jobApplications)
        .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
        .where(inArray(jobApplications.id, applicationIds));
      for (const row of found) subjects.set(row.application.id, { kind: 'application', ...row.application, job: row.job });
    }
    if (jobIds.length > 0) {
      for (const row of await this.db.select().from(jobs).where(inArray(jobs.id, jobIds))) subjects.set(row.id, { kind: 'job', ...row });
    }
    return subjects;
  }
}
