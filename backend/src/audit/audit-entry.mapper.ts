import { AUDIT_NAMED_KINDS, type AuditAction, type AuditEntry } from '@brightwave/common';
import type { AuditEntryRow } from '../database/schema';
import { auditNameKey, type AuditNames, type AuditRef } from './audit.repository';

const isNamedKind = (kind: string | null): boolean => (AUDIT_NAMED_KINDS as readonly (string | null)[]).includes(kind);

/** The admins and named targets of `rows`, for AuditRepository.namesOf. */
export function auditRefsOf(rows: AuditEntryRow[]): AuditRef[] {
  return rows.flatMap((row) => [
    ...(row.adminId ? [{ kind: 'admin', id: row.adminId }] : []),
    ...(row.targetKind && row.targetId && isNamedKind(row.targetKind) ? [{ kind: row.targetKind, id: row.targetId }] : []),
  ]);
}

/** An entry as answered, with the names found (`names`, from AuditRepository.namesOf). */
export function toAuditEntry(row: AuditEntryRow, names: AuditNames): AuditEntry {
  const named = row.targetKind !== null && row.targetId !== null && isNamedKind(row.targetKind);
  const targetName = named ? (names.get(auditNameKey(row.targetKind ?? '', row.targetId ?? '')) ?? null) : null;
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: row.actor,
    adminId: row.adminId,
    adminEmail: row.adminEmail,
    adminName: row.adminId ? (names.get(auditNameKey('admin', row.adminId)) ?? null) : null,
    action: row.action as AuditAction,
    targetKind: row.targetKind,
    targetId: row.targetId,
    targetName,
    targetGone: named && targetName === null,
    address: row.address,
    userAgent: row.userAgent,
    details: row.details,
  };
}
