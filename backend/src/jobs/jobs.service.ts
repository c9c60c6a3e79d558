import {
  JOB_STATUSES,
  MESSAGES,
  isOpenOn,
  jobSlug,
  jobSlugId,
  normalizedQuestions,
  questionListProblems,
  slugIdOf,
  todayUtc,
  type AnswerOf,
  type FormQuestion,
  type Job,
  type JobStatus,
} from '@brightwave/common';
import { Injectable, Logger } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { changedFields, givenFields } from '../audit/changed-fields';
import { DomainError } from '../common/domain-error';
import { jsonBytes, ok, type JsonBytes } from '../common/answer';
import { PUBLIC_LIST_TTL_MS, TtlCache } from '../common/ttl-cache';
import { isId } from '../common/ids';
import { ListQueryDto } from '../common/list-query.dto';
import { DeliveryWorker } from '../deliveries/delivery-worker';
import { NotificationPlan } from '../deliveries/notification-plan';
import { ResumeStorage } from '../storage/resume-storage';
import type { SaveJobDto } from './dto/save-job.dto';
import { toJob, toPublicJob } from './job.mapper';
import { JobsRepository } from './jobs.repository';
import { parseStatusFilter, toListPage } from '../common/list-filter';

/**
 * What /careers/<slug> shows: an open job (with the copy of the public list it was found in, which the page's
 * cache is kept for), a redirect to its current slug, a closed position, or nothing.
 */
export type JobPageLookup =
  { kind: 'open'; job: Job; list: Buffer } | { kind: 'moved'; slug: string } | { kind: 'closed'; shortId: string; list: Buffer } | { kind: 'unknown' };

function assertNotPast(closesAt: string | null | undefined): void {
  if (closesAt && closesAt < todayUtc()) throw DomainError.invalid(MESSAGES.jobClosesAtPast, { closesAt: MESSAGES.jobClosesAtPast });
}

/**
 * The job's questions as stored (absent: none, like `requirements`), or a 400 with a message per field
 * (`questions.2.knockout.answers`): the rules of docs/features/form-questions.md, knockouts allowed.
 */
function checkedQuestions(questions: unknown): FormQuestion[] {
  if (questions === undefined) return [];
  const problems = questionListProblems(questions, { job: true });
  if (Object.keys(problems).length > 0) throw DomainError.invalid(MESSAGES.validationFailed, problems);
  return normalizedQuestions(questions as FormQuestion[]);
}

@Injectable()
export class JobsService {
  private readonly logger = new Logger(JobsService.name);
  private readonly publicList = new TtlCache<JsonBytes<AnswerOf<'GET /api/jobs'>>>(PUBLIC_LIST_TTL_MS);
  private parsedList?: { bytes: Buffer; jobs: Job[] };
  private openSlugs?: { list: { bytes: Buffer; jobs: Job[] }; slugs: ReadonlySet<string> };

  constructor(
    private readonly jobs: JobsRepository,
    private readonly storage: ResumeStorage,
    private readonly notifications: NotificationPlan,
    private readonly deliveries: DeliveryWorker,
    private readonly audit: AuditLog,
  ) {}

  /** What visitors see: active jobs only, newest first. */
  async listActive(): Promise<Job[]> {
    const { rows } = await this.jobs.list({ status: 'active', openToday: true }, {});
    return rows.map(toPublicJob);
  }

  /** The public answer of GET /api/jobs as JSON, cached briefly (the busiest call of the careers page). */
  publicListJson(): Promise<JsonBytes<AnswerOf<'GET /api/jobs'>>> {
    return this.publicList.get(async () => jsonBytes(ok({ jobs: await this.listActive() })));
  }

  /** The public answer while its cache is fresh, else undefined (the route then loads it). */
  freshPublicListJson(): JsonBytes<AnswerOf<'GET /api/jobs'>> | undefined {
    return this.publicList.fresh();
  }

  /**
   * The job of a page slug, from the public list (so a job that closes leaves its page when it leaves the list:
   * within the list's cache time on every instance). Among jobs sharing the short id, the newest answers.
   */
  async jobPage(slug: string): Promise<JobPageLookup> {
    const shortId = slugIdOf(slug);
    if (!shortId) return { kind: 'unknown' };
    const list = await this.openJobs();
    const job = list.jobs.find((item) => jobSlugId(item._id) === shortId);
    if (job) return jobSlug(job) === slug ? { kind: 'open', job, list: list.bytes } : { kind: 'moved', slug: jobSlug(job) };
    return (await this.jobs.existedWithShortId(shortId)) ? { kind: 'closed', shortId, list: list.bytes } : { kind: 'unknown' };
  }

  /** The slugs of the open jobs' pages, from the cached public list (no query while it is fresh): what the analytics count as job pages. */
  async openJobSlugs(): Promise<ReadonlySet<string>> {
    const list = await this.openJobs();
    if (this.openSlugs?.list !== list) this.openSlugs = { list, slugs: new Set(list.jobs.map(jobSlug)) };
    return this.openSlugs.slugs;
  }

  /** The open jobs of the cached public list, parsed once per new copy of it. */
  private async openJobs(): Promise<{ bytes: Buffer; jobs: Job[] }> {
    const bytes = await this.publicListJson();
    if (this.parsedList?.bytes !== bytes) {
      const answer = JSON.parse(bytes.toString('utf8')) as AnswerOf<'GET /api/jobs'>;
      this.parsedList = { bytes, jobs: answer.jobs ?? [] };
    }
    return this.parsedList;
  }

  async list(query: ListQueryDto): Promise<{ jobs: Job[]; total: number }> {
    const status = parseStatusFilter(query.status, JOB_STATUSES);
    const { rows, total } = await this.jobs.list({ status, q: query.q, sort: query.sort }, toListPage(query));
    return { jobs: rows.map(toJob), total };
  }

  /** A new job is open for applications (until its closing date, when it has one). */
  async create(dto: SaveJobDto): Promise<Job> {
    assertNotPast(dto.closesAt);
    const questions = checkedQuestions(dto.questions);
    const row = await this.jobs.insert({ ...dto, requirements: dto.requirements ?? [], closesAt: dto.closesAt ?? null, questions, status: 'active' });
    this.publicList.clear();
    await this.audit.record('job.created', { kind: 'job', id: row.id }, { fields: givenFields(dto), title: row.title });
    return toJob(row);
  }

  /** Replaces the job's fields; its status is changed only through updateStatus. */
  async update(id: string, dto: SaveJobDto): Promise<Job> {
    const current = isId(id) ? await this.jobs.findById(id) : undefined;
    if (!current) throw DomainError.notFound(MESSAGES.jobNotFound);
    // A job that already closed keeps its (past) closing date through an edit of its other fields.
    if (dto.closesAt !== current.closesAt) assertNotPast(dto.closesAt);
    const values = { ...dto, requirements: dto.requirements ?? [], closesAt: dto.closesAt ?? null, questions: checkedQuestions(dto.questions) };
    const row = await this.jobs.update(id, values);
    this.publicList.clear();
    if (!row) throw DomainError.notFound(MESSAGES.jobNotFound);
    await this.audit.record('job.updated', { kind: 'job', id }, { fields: changedFields(current, values) });
    return toJob(row);
  }

  /** Changes the status; webhooks that want `job.status_changed` are called (written with the change). */
  async updateStatus(id: string, status: JobStatus): Promise<Job> {
    if (!isId(id)) throw DomainError.notFound(MESSAGES.jobNotFound);
    if (status === 'active') {
      const current = await this.jobs.findById(id);
      if (!current) throw DomainError.notFound(MESSAGES.jobNotFound);
      if (!isOpenOn(current.closesAt)) throw DomainError.conflict(MESSAGES.jobReopenClosed);
    }
    const calls = await this.notifications.webhookCalls('job.status_changed');
    // Without a request (the minute check expiring closed jobs) the entry has no admin: the system changed it.
    const row = await this.jobs.updateStatus(id, status, calls, (tx, from) =>
      this.audit.record('job.status_changed', { kind: 'job', id }, { from, to: status }, { tx }),
    );
    this.publicList.clear();
    if (!row) throw DomainError.notFound(MESSAGES.jobNotFound);
    if (calls.length > 0) this.deliveries.wake();
    return toJob(row);
  }

  /**
   * Expires the active jobs whose closing day has passed, as an admin would (inactive_since, webhook calls of
   * `job.status_changed`); answers how many. The public list and the apply route already leave them out.
   */
  async expireClosed(now = new Date()): Promise<number> {
    const ids = await this.jobs.closedButActive(now);
    for (const id of ids) await this.updateStatus(id, 'expired');
    return ids.length;
  }

  /** Deletes the job, its applications, the mails to its candidates not sent yet, and the resume files. */
  async delete(id: string): Promise<void> {
    const { deleted, resumeKeys } = isId(id)
      ? await this.jobs.deleteWithApplications(id, (tx, { title, candidateMailsRemoved }) =>
          this.audit.record('job.deleted', { kind: 'job', id }, { title, ...(candidateMailsRemoved > 0 ? { candidateMailsRemoved } : {}) }, { tx }),
        )
      : { deleted: false, resumeKeys: [] };
    if (!deleted) throw DomainError.notFound(MESSAGES.jobNotFound);
    this.publicList.clear();
    // The rows are gone whatever happens here; a file that cannot be removed is logged for the operator.
    const results = await Promise.allSettled(resumeKeys.map((key) => this.storage.delete(key)));
    for (const result of results) {
      if (result.status === 'rejected') this.logger.error(`resume file not removed: ${String(result.reason)}`);
    }
  }
}
