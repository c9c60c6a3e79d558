import {
  DAY_MS,
  APPLICATION_STATUSES,
  MESSAGES,
  isOpenOn,
  knockoutAnswer,
  type ApplicationStatus,
  type JobApplication,
  type ListedApplication,
  type StoredAnswer,
  type WorkFields,
} from '@brightwave/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AttributionReader } from '../attribution/attribution-reader';
import { AuditLog, auditedFilter } from '../audit/audit-log';
import { csvExport, CSV_PAGE_SIZE, type CsvFile } from '../common/csv';
import { DomainError } from '../common/domain-error';
import type { DownloadFile } from '../common/download-answer';
import { isId } from '../common/ids';
import { loggableError } from '../common/loggable-error';
import { ApplicationListQueryDto } from './dto/application-list-query.dto';
import { ApplicationsExportQueryDto } from './dto/applications-export-query.dto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DeliveryWorker } from '../deliveries/delivery-worker';
import { NotificationPlan } from '../deliveries/notification-plan';
import { withAnswerColumns } from '../items/item-csv';
import { ItemStatuses, type AlsoWritten } from '../items/item-statuses';
import { FormTokens } from '../spam-triage/form-tokens';
import { ResumeStorage } from '../storage/resume-storage';
import { workFieldsOf } from '../workspace/work-fields';
import { APPLICATION_KIND } from './application-kind';
import { toJobApplication } from './application.mapper';
import { ApplicationsRepository, type KnockedOutWrites } from './applications.repository';
import type { ApplyDto } from './dto/apply.dto';
import { JobsRepository } from '../jobs/jobs.repository';
import { AuditRepository } from '../audit/audit.repository';
import { submittedAnswers } from '../forms/submitted-answers';
import { CandidateMails } from '../hiring/candidate-mails';
import { HiringRepository, type QueuedCandidateMail } from '../hiring/hiring.repository';
import { parseResumeDataUrl, resumeFileName } from './resume-file';
import { answerFilterOf, channelFilterOf, parseStatusFilter, toListPage, workFilterOf } from '../common/list-filter';

// Caps and low disk space are a state of the whole service: try again after an hour.
const PAUSED_RETRY_AFTER_SECONDS = 60 * 60;

function jobNotOpen(): DomainError {
  return DomainError.conflict(MESSAGES.jobNotOpen);
}

function alreadyApplied(): DomainError {
  return DomainError.conflict(MESSAGES.alreadyApplied, { email: MESSAGES.alreadyApplied });
}

@Injectable()
export class ApplicationsService {
  private readonly logger = new Logger(ApplicationsService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly applications: ApplicationsRepository,
    private readonly jobs: JobsRepository,
    private readonly storage: ResumeStorage,
    private readonly notifications: NotificationPlan,
    private readonly deliveries: DeliveryWorker,
    private readonly audit: AuditLog,
    private readonly formTokens: FormTokens,
    private readonly attribution: AttributionReader,
    private readonly statuses: ItemStatuses,
    private readonly candidateMails: CandidateMails,
  ) {}

  /**
   * Files an application to an active job; the resume is checked by content and stored before the row.
   * Nothing is written for a second application of the same e-mail to the same job, beyond the daily caps, or
   * while the disk is nearly full. The applicant is confirmed only when the form token (FORM_TOKEN_HEADER) is fresh
   * and spent here first; applications are never filed as spam, so any other token only costs the confirmation. The
   * X-Attribution header (`attribution`) says where the applicant came from. The answers to the job's questions are
   * checked before anything is stored (a refusal leaves no file behind); a knockout answer files the application as
   * rejected, with the rejection mail scheduled as a recruiter's rejection schedules it (docs/features/form-questions.md).
   */
  async apply(dto: ApplyDto, token?: string, attribution?: string): Promise<JobApplication> {
    const verdict = this.formTokens.judge({ token });
    const fresh = verdict.kind === 'fresh' ? verdict.use : undefined;
    const job = isId(dto.job) ? await this.jobs.findById(dto.job) : undefined;
    if (!job) throw DomainError.notFound(MESSAGES.jobNotFound);
    if (job.status !== 'active' || !isOpenOn(job.closesAt)) throw jobNotOpen();
    const answers = submittedAnswers(job.questions, dto.answers);
    const knockout = knockoutAnswer(job.questions, answers);
    if (await this.applications.hasApplied(job.id, dto.email)) throw alreadyApplied();

    const resume = parseResumeDataUrl(dto.resume);
    if (!resume.ok) throw DomainError.invalid(resume.message, { resume: resume.message });
    await this.assertRoomFor(resume.bytes.length);

    // Read before the transaction that writes it: the rejection template and settings.
    const knockedOut = knockout ? this.knockedOutWrites(knockout, await this.candidateMails.scheduledRejection()) : undefined;
    const resumeKey = await this.storeResume(resume.bytes);
    let result: Awaited<ReturnType<ApplicationsRepository['insertForActiveJob']>>;
    try {
      result = await this.applications.insertForActiveJob(
        {
          jobId: job.id,
          fullName: dto.fullName,
          email: dto.email,
          phone: dto.phone,
          experience: dto.experience,
          coverLetter: dto.coverLetter ?? null,
          portfolio: dto.portfolio ?? null,
          resumeKey,
          resumeMimeType: resume.type.mimeType,
          resumeExtension: resume.type.extension,
          resumeSize: resume.bytes.length,
          answers,
          knockout,
          ...this.attribution.read(attribution),
        },
        await this.notifications.for(APPLICATION_KIND.route({ job }), dto.email, fresh !== undefined),
        fresh,
        knockedOut,
      );
    } catch (error) {
      await this.discardResume(resumeKey);
      throw error;
    }
    // The job was deleted or closed, or the same applicant got in first, while the file was being stored.
    if (result.outcome !== 'inserted') {
      await this.discardResume(resumeKey);
      if (result.outcome === 'already-applied') throw alreadyApplied();
      throw result.outcome === 'job-missing' ? DomainError.notFound(MESSAGES.jobNotFound) : jobNotOpen();
    }
    this.deliveries.wake();
    return toJobApplication(result.row);
  }

  /**
   * What a knocked-out application writes with it: an audit entry naming the question (never the answer: the log
   * outlives an erasure), and the rejection mail (`rejection`, if any) scheduled with its own entry, as a recruiter's
   * is. The product acts here, not the visitor: no admin, address or user agent is recorded.
   */
  private knockedOutWrites(knockout: StoredAnswer, rejection: QueuedCandidateMail | undefined): KnockedOutWrites {
    const byTheProduct = { actor: 'system', adminId: null, adminEmail: null, address: null, userAgent: null, targetKind: 'application' } as const;
    return async (tx, row) => {
      await AuditRepository.insert(tx, {
        ...byTheProduct,
        action: 'application.knocked_out',
        targetId: row.id,
        details: { question: knockout.id, label: knockout.label },
      });
      if (!rejection) return;
      const [mail] = await HiringRepository.insertCandidateMails(tx, [row], rejection);
      if (!mail) return;
      const details = { emailId: mail.id, templateId: rejection.payload.templateId, sendAt: mail.sendAt?.toISOString() ?? null };
      await AuditRepository.insert(tx, { ...byTheProduct, action: 'application.email_scheduled', targetId: row.id, details });
    };
  }

  /** The daily caps over every visitor, and the free space of the resume storage. */
  private async assertRoomFor(resumeBytes: number): Promise<void> {
    const received = await this.applications.receivedSince(new Date(Date.now() - DAY_MS));
    const overCap =
      received.count + 1 > this.config.limits.applyDailyMaxApplications || received.resumeBytes + resumeBytes > this.config.limits.applyDailyMaxResumeBytes;
    if (overCap) {
      this.logger.warn(
        `application refused: ${received.count} applications and ${received.resumeBytes} resume bytes in 24 h ` +
          `reach the daily caps (APPLY_DAILY_MAX_APPLICATIONS, APPLY_DAILY_MAX_RESUME_MB)`,
      );
      throw this.paused();
    }
    const free = await this.storage.freeBytes();
    if (free !== undefined && free - resumeBytes < this.config.storage.uploadsMinFreeBytes) {
      this.logger.error(`application refused: only ${free} bytes free for resumes (UPLOADS_MIN_FREE_MB)`);
      throw this.paused();
    }
  }

  /** A storage that refuses the write (disk full, bucket unreachable or refusing) pauses applications too. */
  private async storeResume(bytes: Buffer): Promise<string> {
    try {
      return await this.storage.save(bytes);
    } catch (error) {
      this.logger.error(`application refused: the resume could not be stored: ${loggableError(error)}`);
      throw this.paused();
    }
  }

  private paused(): DomainError {
    return DomainError.unavailable(MESSAGES.applicationsPaused, PAUSED_RETRY_AFTER_SECONDS);
  }

  /**
   * A page of a job's applications, each with its owner, follow-up and overdue flag; `me` in the owner filter is
   * `adminId`. All of them (no page asked for) is a bulk read, recorded in the audit log.
   */
  async listForJob(
    jobId: string,
    query: ApplicationListQueryDto,
    adminId: string,
  ): Promise<{ applications: (JobApplication & WorkFields)[]; total: number; totalEstimated?: true }> {
    const status = parseStatusFilter(query.status, APPLICATION_STATUSES);
    const job = isId(jobId) ? await this.jobs.findById(jobId) : undefined;
    if (!job) throw DomainError.notFound(MESSAGES.jobNotFound);
    const now = new Date();
    const filter = { jobId, ...applicationFilterOf(query, status, adminId, now) };
    const page = toListPage(query);
    const { rows, ...total } = await this.applications.list(filter, page);
    if (page.limit === undefined) await this.audit.recordWholeList(APPLICATION_KIND.list, auditedFilter(filter), rows.length);
    return { applications: rows.map((row) => ({ ...toJobApplication(row), ...workFieldsOf('application', row, row.ownerName, now) })), ...total };
  }

  /**
   * Every job's applications, newest first unless sorted, each with its job's title: the recruiters' one queue and the
   * command palette's search (`q`: the name and the e-mail). Without `page` and `limit`, every row, recorded in the
   * audit log as the per-job list is.
   */
  async listAll(query: ApplicationListQueryDto, adminId: string): Promise<{ applications: ListedApplication[]; total: number; totalEstimated?: true }> {
    const status = parseStatusFilter(query.status, APPLICATION_STATUSES);
    const now = new Date();
    const filter = applicationFilterOf(query, status, adminId, now);
    const page = toListPage(query);
    const { rows, ...total } = await this.applications.list(filter, page);
    if (page.limit === undefined) await this.audit.recordWholeList(APPLICATION_KIND.list, auditedFilter(filter), rows.length);
    const titles = await this.applications.jobTitles([...new Set(rows.map((row) => row.jobId))]);
    return {
      applications: rows.map((row) => ({
        ...toJobApplication(row),
        ...workFieldsOf('application', row, row.ownerName, now),
        jobTitle: titles.get(row.jobId) ?? '',
      })),
      ...total,
    };
  }

  /** Every application of a job (and filter) as CSV, streamed; recorded (`export.csv`) with the rows sent once it ends. */
  async export(query: ApplicationsExportQueryDto, adminId: string): Promise<CsvFile> {
    const status = parseStatusFilter(query.status, APPLICATION_STATUSES);
    const job = isId(query.job) ? await this.jobs.findById(query.job) : undefined;
    if (!job) throw DomainError.notFound(MESSAGES.jobNotFound);
    const filter = {
      jobId: query.job,
      status,
      q: query.q,
      sort: query.sort,
      ...workFilterOf(query, adminId, new Date()),
      ...channelFilterOf(query),
      ...answerFilterOf(query),
      knockedOut: query.knockedOut,
    };
    // A column per custom question: the job's now, and those it no longer has that these applications answered.
    const columns = withAnswerColumns(APPLICATION_KIND.csv, job.questions, await this.applications.answeredQuestions(filter));
    return csvExport(APPLICATION_KIND.list, columns, {
      timeZone: query.tz,
      pages: this.applications.pages(filter, CSV_PAGE_SIZE),
      onEnd: this.audit.exportRecorder(APPLICATION_KIND.list, auditedFilter(filter)),
    });
  }

  /** Changes the status (the one status change of every kind, ItemStatuses): the route's PUT and the board's moves. */
  async updateStatus(id: string, status: ApplicationStatus): Promise<JobApplication> {
    return toJobApplication(await this.statuses.changeOne('application', id, status));
  }

  /**
   * Sets several applications' status, all or nothing (`missing`: one does not exist); `also` writes what goes with
   * the change in its transaction (hiring's bulk change: the candidate mails).
   */
  changeStatuses<Also>(ids: string[], status: ApplicationStatus, also: AlsoWritten<'application', Also>) {
    return this.statuses.change('application', ids, status, { also });
  }

  async resume(id: string): Promise<DownloadFile> {
    const row = isId(id) ? await this.applications.findById(id) : undefined;
    if (!row) throw DomainError.notFound(APPLICATION_KIND.texts.notFound);
    const bytes = await this.storage.read(row.resumeKey);
    if (!bytes) throw DomainError.notFound(MESSAGES.resumeNotFound);
    // The job, not the applicant: an erasure must leave nothing of the person in the audit log.
    await this.audit.record('resume.downloaded', { kind: 'application', id }, { jobId: row.jobId });
    // Type and extension were decided from the bytes when the file was received.
    return { bytes, mimeType: row.resumeMimeType, fileName: resumeFileName(row.fullName, row.resumeExtension) };
  }

  private async discardResume(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.logger.error(`resume file ${key} not removed after a failed application: ${loggableError(error)}`);
    }
  }
}

/** The filters of an applications list (one job's or every job's) as the repository takes them, besides the job. */
function applicationFilterOf(query: ApplicationListQueryDto, status: ApplicationStatus | undefined, adminId: string, now: Date) {
  return {
    status,
    q: query.q,
    sort: query.sort,
    ...workFilterOf(query, adminId, now),
    ...channelFilterOf(query),
    ...answerFilterOf(query),
    knockedOut: query.knockedOut,
  };
}
