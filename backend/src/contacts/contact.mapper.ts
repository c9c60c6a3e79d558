import type { ContactQuery } from '@brightwave/common';
import { attributionOf } from '../attribution/attribution';
import type { ContactRow } from '../database/schema';

export function toContact(row: ContactRow): ContactQuery {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    ...(row.phone ? { phone: row.phone } : {}),
    department: row.department,
    message: row.message,
    answers: row.answers,
    status: row.status,
    attribution: attributionOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}
