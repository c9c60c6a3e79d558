import type { JobApplication } from '@brightwave/common';
import { attributionOf } from '../attribution/attribution';
import type { JobApplicationRow } from '../database/schema';

/** Path of the admin-only resume download; the API never sends the file's bytes inline. */
export function resumePath(applicationId: string): string {
  return `/api/jobs/applications/${applicationId}/resume`;
}

export function toJobApplication(row: JobApplicationRow): JobApplication {
  return {
    _id: row.id,
    id: row.id,
    job: row.jobId,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    experience: row.experience,
    ...(row.coverLetter !== null ? { coverLetter: row.coverLetter } : {}),
    ...(row.portfolio !== null ? { portfolio: row.portfolio } : {}),
    resume: resumePath(row.id),
    answers: row.answers,
    knockout: row.knockout,
    status: row.status,
    attribution: attributionOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}
