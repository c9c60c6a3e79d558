import type { Lead } from '@brightwave/common';
import { attributionOf } from '../attribution/attribution';
import type { LeadRow } from '../database/schema';

export function toLead(row: LeadRow): Lead {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    service: row.service,
    message: row.message,
    answers: row.answers,
    status: row.status,
    attribution: attributionOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}
