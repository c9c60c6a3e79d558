import {
  CANDIDATE_EMAIL_MAX_DAYS_AHEAD,
  DAY_MS,
  MESSAGES,
  RATING_SCORES,
  type ApplicationRatings,
  type ApplicationStatus,
  type CandidateEmail,
  type CandidateEmailPreview,
  type CandidateEmailSettings,
  type CandidateEmailStatus,
  type CandidateEmailTemplate,
  type CandidateEmailTemplatePayload,
  type Job,
  type PipelineColumn,
  type RatingScore,
  APPLICATION_STATUSES,
} from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import type { CandidateEmailTemplateRow, DeliveryRow } from '../database/schema';
import { DeliveryWorker } from '../deliveries/delivery-worker';
import { ApplicationsRepository } from '../applications/applications.repository';
import { ApplicationsService } from '../applications/applications.service';
import { toJob } from '../jobs/job.mapper';
import { JobsRepository } from '../jobs/jobs.repository';
import { candidateMail, type CandidateMailPayload } from './candidate-mail';
import { assertKnownPlaceholders, CandidateMails } from './candidate-mails';
import type { CandidateEmailDto } from './dto/hiring.dto';
import { toInterviewSummary } from '../booking/interview.mapper';
import { InterviewsRepository } from '../booking/interviews.repository';
import { HiringRepository, type CandidateEmailRow, type QueuedCandidateMail } from './hiring.repository';

function toTemplate(row: CandidateEmailTemplateRow): CandidateEmailTemplate {
  return { _id: row.id, name: row.name, subject: row.subject, body: row.body, updatedAt: row.updatedAt.toISOString() };
}

/** A candidate mail's state, from its outbox row's. */
function candidateStatus(row: DeliveryRow): CandidateEmailStatus {
  return row.status === 'pending' ? 'queued' : row.status;
}

function toCandidateEmail(row: CandidateEmailRow): CandidateEmail {
  const payload = (row.payload ?? {}) as Partial<CandidateMailPayload>;
  return {
    _id: row.id,
    subject: payload.subject ?? '',
    body: payload.body ?? '',
    status: candidateStatus(row),
    sendAt: (row.sendAt ?? row.createdAt).toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    sentBy: payload.sentById && row.sentByName !== null ? { _id: payload.sentById, name: row.sentByName } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Hiring (docs/features/hiring.md): ratings of applications, the candidate mail templates and their settings,
 * candidate mails sent now or at a time through the outbox (and cancelled while scheduled), bulk status changes,
 * and each job's pipeline board.
 */
@Injectable()
export class HiringService {
  constructor(
    private readonly repository: HiringRepository,
    private readonly mails: CandidateMails,
    private readonly applications: ApplicationsRepository,
    private readonly applicationsService: ApplicationsService,
    private readonly jobs: JobsRepository,
    private readonly deliveries: DeliveryWorker,
    private readonly audit: AuditLog,
    private readonly interviews: InterviewsRepository,
  ) {}

  async ratings(applicationId: string): Promise<ApplicationRatings> {
    await this.application(applicationId);
    return this.ratingsOf(applicationId);
  }

  /** The admin's rating (one per admin: a second replaces the first), audited without its comment. */
  async rate(applicationId: string, score: RatingScore, comment: string, admin: AuthenticatedAdmin): Promise<ApplicationRatings> {
    await this.application(applicationId);
    await this.repository.rate(applicationId, admin.id, score, comment, (tx) =>
      this.audit.record('application.rated', { kind: 'application', id: applicationId }, { score }, { tx }),
    );
    return this.ratingsOf(applicationId);
  }

  private async ratingsOf(applicationId: string): Promise<ApplicationRatings> {
    const rows = await this.repository.ratings(applicationId);
    const ratings = rows.map((row) => ({
      author: row.authorId && row.authorName !== null ? { _id: row.authorId, name: row.authorName } : null,
      score: (RATING_SCORES as readonly number[]).includes(row.score) ? row.score : (RATING_SCORES[0] as RatingScore),
      comment: row.comment,
      updatedAt: row.updatedAt.toISOString(),
    }));
    const average = ratings.length === 0 ? null : Math.round((ratings.reduce((sum, rating) => sum + rating.score, 0) / ratings.length) * 100) / 100;
    return { ratings, average };
  }

  async templatesAndSettings(): Promise<{ templates: CandidateEmailTemplate[]; settings: CandidateEmailSettings }> {
    const [templates, settings] = await Promise.all([this.repository.templates(), this.repository.settings()]);
    return { templates: templates.map(toTemplate), settings };
  }

  async createTemplate(payload: CandidateEmailTemplatePayload): Promise<CandidateEmailTemplate> {
    const values = this.templateValues(payload);
    const row = await this.repository.createTemplate(values, (tx, id) =>
      this.audit.record('candidate_template.created', { kind: 'template', id }, { name: values.name }, { tx }),
    );
    if (row === 'name-taken') throw DomainError.conflict(MESSAGES.templateNameTaken, { name: MESSAGES.templateNameTaken });
    return toTemplate(row);
  }

  async updateTemplate(id: string, payload: CandidateEmailTemplatePayload): Promise<CandidateEmailTemplate> {
    if (!isId(id)) throw DomainError.notFound(MESSAGES.templateNotFound);
    const values = this.templateValues(payload);
    const row = await this.repository.updateTemplate(id, values, (tx) =>
      this.audit.record('candidate_template.updated', { kind: 'template', id }, { name: values.name }, { tx }),
    );
    if (row === 'name-taken') throw DomainError.conflict(MESSAGES.templateNameTaken, { name: MESSAGES.templateNameTaken });
    if (!row) throw DomainError.notFound(MESSAGES.templateNotFound);
    return toTemplate(row);
  }

  async deleteTemplate(id: string): Promise<void> {
    const deleted =
      isId(id) && (await this.repository.deleteTemplate(id, (tx) => this.audit.record('candidate_template.deleted', { kind: 'template', id }, {}, { tx })));
    if (!deleted) throw DomainError.notFound(MESSAGES.templateNotFound);
  }

  private templateValues(payload: CandidateEmailTemplatePayload) {
    const values = { name: payload.name.trim(), subject: payload.subject.trim(), body: payload.body };
    assertKnownPlaceholders(values);
    return values;
  }

  async saveSettings(value: CandidateEmailSettings): Promise<CandidateEmailSettings> {
    const settings = { bookingLink: value.bookingLink?.trim() || null, rejectionTemplateId: value.rejectionTemplateId };
    const saved = await this.repository.saveSettings(settings, (tx) =>
      this.audit.record('settings.candidate_emails_changed', { kind: 'settings', id: 'candidate_emails' }, { ...settings }, { tx }),
    );
    if (saved === 'template-missing') throw DomainError.invalid(MESSAGES.templateNotFound, { rejectionTemplateId: MESSAGES.templateNotFound });
    return settings;
  }

  async candidateEmails(applicationId: string): Promise<CandidateEmail[]> {
    await this.application(applicationId);
    return (await this.repository.candidateEmails(applicationId)).map(toCandidateEmail);
  }

  /** The mail as the candidate would read it if it were sent now. */
  async preview(applicationId: string, dto: CandidateEmailDto, admin: AuthenticatedAdmin): Promise<CandidateEmailPreview> {
    const application = await this.application(applicationId);
    const mail = await this.queuedMail(dto, dto.sendAt, admin);
    const rendered = candidateMail({ fullName: application.fullName, jobTitle: application.jobTitle }, mail.payload);
    return { subject: rendered.subject, text: rendered.text, html: rendered.html };
  }

  /** Queues a mail to the candidate (now, or scheduled for `sendAt`), through the outbox. */
  async sendCandidateEmail(
    applicationId: string,
    dto: CandidateEmailDto,
    admin: AuthenticatedAdmin,
  ): Promise<Pick<CandidateEmail, '_id' | 'status' | 'sendAt'>> {
    await this.application(applicationId);
    const mail = await this.queuedMail(dto, dto.sendAt, admin);
    const row = await this.repository.queueCandidateMail(applicationId, mail, (tx, queued) =>
      this.audit.record('application.email_scheduled', { kind: 'application', id: applicationId }, this.mailAudit(queued), { tx }),
    );
    if (!row) throw DomainError.notFound(MESSAGES.applicationNotFound);
    if (!mail.sendAt) this.deliveries.wake();
    const email = toCandidateEmail(row);
    return { _id: email._id, status: email.status, sendAt: email.sendAt };
  }

  async cancelCandidateEmail(applicationId: string, emailId: string): Promise<void> {
    await this.application(applicationId);
    const outcome = isId(emailId)
      ? await this.repository.cancelCandidateMail(applicationId, emailId, (tx) =>
          this.audit.record('application.email_cancelled', { kind: 'application', id: applicationId }, { emailId }, { tx }),
        )
      : undefined;
    if (outcome === undefined) throw DomainError.notFound(MESSAGES.candidateEmailNotFound);
    if (outcome === 'not-scheduled') throw DomainError.conflict(MESSAGES.candidateEmailNotCancellable);
  }

  /**
   * Sets every application's status and, with a template, queues its mail to each; all or nothing. Answers how many
   * changed status and how many mails were queued or scheduled.
   */
  async bulkUpdate(
    ids: string[],
    status: ApplicationStatus,
    templateId: string | null | undefined,
    sendAt: string | null | undefined,
    admin: AuthenticatedAdmin,
  ): Promise<{ updated: number; scheduled: number }> {
    const mail = templateId ? await this.queuedMail({ templateId }, sendAt, admin) : undefined;
    // The status change of every route (ItemStatuses), with the mails written in its transaction.
    const result = await this.applicationsService.changeStatuses(ids, status, async (tx, items) => {
      const mails = mail ? await HiringRepository.insertCandidateMails(tx, items, mail) : [];
      for (const row of mails) {
        await this.audit.record('application.email_scheduled', { kind: 'application', id: row.subjectId }, this.mailAudit(row), { tx });
      }
      return mails.length;
    });
    if (result.outcome === 'missing') throw DomainError.notFound(MESSAGES.bulkApplicationMissing);
    const scheduled = result.also ?? 0;
    if (scheduled > 0 && !mail?.sendAt) this.deliveries.wake();
    return { updated: result.changed.length, scheduled };
  }

  /** A job's pipeline board: a column per application status, in the SPEC's order; `knockedOut`: see ApplicationFilter. */
  async pipeline(jobId: string, knockedOut?: boolean): Promise<{ job: Job; columns: PipelineColumn[] }> {
    const job = isId(jobId) ? await this.jobs.findById(jobId) : undefined;
    if (!job) throw DomainError.notFound(MESSAGES.jobNotFound);
    const { cards, totals } = await this.applications.board(jobId, knockedOut);
    // The ratings are averaged, and the scheduled mails found, for the cards shown only.
    const ids = cards.map((card) => card.id);
    const [ratings, mails, interviews] = await Promise.all([
      this.repository.ratingStats(ids),
      this.repository.scheduledMails(ids),
      this.interviews.latestOf(ids),
    ]);
    const now = new Date();
    const columns = APPLICATION_STATUSES.map((status) => ({
      status,
      total: totals.get(status) ?? 0,
      cards: cards
        .filter((card) => card.status === status)
        .map((card) => {
          const rated = ratings.get(card.id);
          const mail = mails.get(card.id);
          const latest = interviews.get(card.id);
          return {
            _id: card.id,
            fullName: card.fullName,
            status: card.status,
            createdAt: card.createdAt.toISOString(),
            statusChangedAt: card.statusChangedAt.toISOString(),
            owner: card.ownerId && card.ownerName !== null ? { _id: card.ownerId, name: card.ownerName } : null,
            average: rated ? Math.round(rated.average * 100) / 100 : null,
            ratingCount: rated?.ratingCount ?? 0,
            scheduledEmail: mail ? { _id: mail.id, subject: mail.subject, sendAt: mail.sendAt.toISOString() } : null,
            knockout: card.knockoutLabel,
            interview: latest ? toInterviewSummary(latest, now) : null,
          };
        }),
    }));
    return { job: toJob(job), columns };
  }

  /** What the audit log keeps of a candidate mail: its id, template and time, never its text (it may name the candidate). */
  private mailAudit(row: DeliveryRow): Record<string, unknown> {
    const payload = (row.payload ?? {}) as Partial<CandidateMailPayload>;
    return { emailId: row.id, templateId: payload.templateId ?? null, sendAt: row.sendAt?.toISOString() ?? null };
  }

  /** The mail to queue, from the recruiter (`admin`), at `sendAt` (CandidateMails: the one way a candidate mail is composed). */
  private async queuedMail(
    dto: Pick<CandidateEmailDto, 'templateId' | 'subject' | 'body'>,
    sendAt: string | null | undefined,
    admin: AuthenticatedAdmin,
  ): Promise<QueuedCandidateMail> {
    const mail = await this.mails.compose(dto, null, admin);
    // The time is checked after the text, as it always was: a body wrong in both is refused for its text.
    return { ...mail, sendAt: this.sendTime(sendAt) };
  }

  /** Null (now) for no time or a time already past; refused beyond CANDIDATE_EMAIL_MAX_DAYS_AHEAD. */
  private sendTime(sendAt: string | null | undefined): Date | null {
    if (!sendAt) return null;
    const at = new Date(sendAt);
    if (Number.isNaN(at.getTime()) || at.getTime() > Date.now() + CANDIDATE_EMAIL_MAX_DAYS_AHEAD * DAY_MS) {
      throw DomainError.invalid(MESSAGES.candidateEmailSendAtInvalid, { sendAt: MESSAGES.candidateEmailSendAtInvalid });
    }
    return at.getTime() <= Date.now() ? null : at;
  }

  /** The application with its job's title, or 404. */
  private async application(id: string): Promise<{ fullName: string; jobTitle: string }> {
    const found = isId(id) ? await this.applications.findWithJob(id) : undefined;
    if (!found) throw DomainError.notFound(MESSAGES.applicationNotFound);
    return { fullName: found.fullName, jobTitle: found.job.title };
  }
}
