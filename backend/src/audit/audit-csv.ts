import { AUDIT_ACTION_LABELS, auditActorName, type AuditAction } from '@brightwave/common';
import type { CsvColumns } from '../common/csv';
import type { AuditEntryRow } from '../database/schema';

/** The audit log's CSV export: the columns the admin app's export has always had; times in ISO 8601 (UTC). */
export const AUDIT_CSV: CsvColumns<AuditEntryRow> = {
  headers: ['Time', 'Admin', 'Admin ID', 'Action', 'Target kind', 'Target ID', 'IP address', 'Browser', 'Details'],
  cells: (row) => [
    row.createdAt.toISOString(),
    auditActorName(row),
    row.adminId,
    AUDIT_ACTION_LABELS[row.action as AuditAction] ?? row.action,
    row.targetKind,
    row.targetId,
    row.address,
    row.userAgent,
    JSON.stringify(row.details),
  ],
};
