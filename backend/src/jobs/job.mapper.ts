import type { FormQuestion, Job } from '@brightwave/common';
import type { JobRow } from '../database/schema';

/** The job as the admin reads it: its questions with their knockout answers. */
export function toJob(row: JobRow): Job {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    department: row.department,
    location: row.location,
    type: row.type,
    experience: row.experience,
    description: row.description,
    requirements: row.requirements,
    status: row.status,
    closesAt: row.closesAt ?? null,
    questions: row.questions,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A question as the site shows it: never which answers knock an applicant out (they would learn what to say). */
export function publicQuestion({ knockout: _knockout, ...question }: FormQuestion): FormQuestion {
  return question;
}

/** The job as the site reads it (GET /api/jobs, the job's page). */
export function toPublicJob(row: JobRow): Job {
  return { ...toJob(row), questions: row.questions.map(publicQuestion) };
}
