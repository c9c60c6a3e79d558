import { APPLICATION_STATUSES, MESSAGES, type ApplicationStatus, type JobApplication } from '@brightwave/common';
import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { isId } from '../common/ids';
import { ListQueryDto, parseStatusFilter, toListPage } from '../common/list-query.dto';
import { ResumeStorage } from '../storage/resume-storage';
import { toJobApplication } from './application.mapper';
import { ApplicationsRepository } from './applications.repository';
import type { ApplyDto } from './dto/apply.dto';
import { JobsRepository } from './jobs.repository';
import { parseResumeDataUrl, resumeContentDisposition } from './resume-file';

export interface ResumeDownload {
  bytes: Buffer;
  mimeType: string;
  contentDisposition: string;
}

function jobNotOpen(): ApiError {
  return new ApiError(HttpStatus.CONFLICT, MESSAGES.jobNotOpen);
}

@Injectable()
export class ApplicationsService {
  private readonly logger = new Logger(ApplicationsService.name);

  constructor(
    private readonly applications: ApplicationsRepository,
    private readonly jobs: JobsRepository,
    private readonly storage: ResumeStorage,
  ) {}

  /** Files an application to an active job; the resume is checked by content and stored before the row. */
  async apply(dto: ApplyDto): Promise<JobApplication> {
    const job = isId(dto.job) ? await this.jobs.findById(dto.job) : undefined;
    if (!job) throw ApiError.notFound(MESSAGES.jobNotFound);
    if (job.status !== 'active') throw jobNotOpen();

    const resume = parseResumeDataUrl(dto.resume);
    if (!resume.ok) throw ApiError.badRequest(resume.message, { resume: resume.message });

    const resumeKey = await this.storage.save(resume.bytes);
    let result: Awaited<ReturnType<ApplicationsRepository['insertForActiveJob']>>;
    try {
      result = await this.applications.insertForActiveJob({
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
      });
    } catch (error) {
      await this.discardResume(resumeKey);
      throw error;
    }
    // The job was deleted or closed while the file was being stored.
    if (result.outcome !== 'inserted') {
      await this.discardResume(resumeKey);
      throw result.outcome === 'job-missing' ? ApiError.notFound(MESSAGES.jobNotFound) : jobNotOpen();
    }
    return toJobApplication(result.row);
  }

  async listForJob(jobId: string, query: ListQueryDto): Promise<{ applications: JobApplication[]; total: number }> {
    const status = parseStatusFilter(query.status, APPLICATION_STATUSES);
    const job = isId(jobId) ? await this.jobs.findById(jobId) : undefined;
    if (!job) throw ApiError.notFound(MESSAGES.jobNotFound);
    const { rows, total } = await this.applications.list(
      { jobId, status, q: query.q, sort: query.sort },
      toListPage(query),
    );
    return { applications: rows.map(toJobApplication), total };
  }

  async updateStatus(id: string, status: ApplicationStatus): Promise<JobApplication> {
    const row = isId(id) ? await this.applications.updateStatus(id, status) : undefined;
    if (!row) throw ApiError.notFound(MESSAGES.applicationNotFound);
    return toJobApplication(row);
  }

  async resume(id: string): Promise<ResumeDownload> {
    const row = isId(id) ? await this.applications.findById(id) : undefined;
    if (!row) throw ApiError.notFound(MESSAGES.applicationNotFound);
    const bytes = await this.storage.read(row.resumeKey);
    if (!bytes) throw ApiError.notFound(MESSAGES.resumeNotFound);
    // Type and extension were decided from the bytes when the file was received.
    return {
      bytes,
      mimeType: row.resumeMimeType,
      contentDisposition: resumeContentDisposition(row.fullName, row.resumeExtension),
    };
  }

  private async discardResume(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.logger.error(`resume file ${key} not removed after a failed application: ${String(error)}`);
    }
  }
}
