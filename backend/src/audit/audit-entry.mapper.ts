import type { AuditAction, AuditEntry } from '@brightwave/common';
import type { AuditEntryRow } from '../database/schema';

export function toAuditEntry(row: AuditEntryRow): AuditEntry {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: row.actor,
    adminId: row.adminId,
    adminEmail: row.adminEmail,
    action: row.action as AuditAction,
    targetKind: row.targetKind,
    targetId: row.targetId,
    address: row.address,
    userAgent: row.userAgent,
    details: row.details,
  };
}
