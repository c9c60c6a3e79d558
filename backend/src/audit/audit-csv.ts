import { AUDIT_ACTION_LABELS, auditActorName } from '@brightwave/common';
import type { CsvColumns } from '../common/csv';
import type { AuditEntryRow } from '../database/schema';
import { toAuditEntry } from './audit-entry.mapper';

/** The audit log's CSV export: the columns the admin app's export has always had; times in ISO 8601 (UTC). */
export const AUDIT_CSV: CsvColumns<AuditEntryRow> = {
  headers: ['Time', 'Admin', 'Admin ID', 'Action', 'Target kind', 'Target ID', 'IP address', 'Browser', 'Details'],
  cells: (row) => {
    const entry = toAuditEntry(row);
    return [
      entry.createdAt,
      auditActorName(entry),
      entry.adminId,
      AUDIT_ACTION_LABELS[entry.action] ?? entry.action,
      entry.targetKind,
      entry.targetId,
      entry.address,
      entry.userAgent,
      JSON.stringify(entry.details),
    ];
  },
};
