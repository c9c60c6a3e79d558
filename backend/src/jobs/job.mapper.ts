import type { Job } from '@brightwave/common';
import type { JobRow } from '../database/schema';

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
    createdAt: row.createdAt.toISOString(),
  };
}
