import type { AuditEntry } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { csvExport, CSV_PAGE_SIZE, type CsvFile } from '../common/csv';
import { AUDIT_CSV } from './audit-csv';
import { auditRefsOf, toAuditEntry } from './audit-entry.mapper';
import { AuditLog, auditedFilter } from './audit-log';
import { AuditRepository, type AuditFilter } from './audit.repository';
import type { AuditExportQueryDto, AuditQueryDto } from './dto/audit-query.dto';
import { DAY_MS } from '@brightwave/common';
import { toListPage } from '../common/list-filter';

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** `to` as a date takes in that whole day (UTC); as a date-time, up to that moment. */
function filterOf(query: AuditExportQueryDto): AuditFilter {
  const to = query.to === undefined ? undefined : isDateOnly(query.to) ? new Date(Date.parse(query.to) + DAY_MS) : new Date(query.to);
  return {
    action: query.action,
    actor: query.actor,
    adminId: query.adminId,
    targetId: query.targetId,
    from: query.from === undefined ? undefined : new Date(query.from),
    to,
    toExclusive: query.to !== undefined && isDateOnly(query.to),
    hideSystem: query.hideSystem === true,
  };
}

/** Reading the audit log (recording is AuditLog's). */
@Injectable()
export class AuditService {
  constructor(
    private readonly repository: AuditRepository,
    private readonly audit: AuditLog,
  ) {}

  /** A page of entries, each with the names of its admin and its target as they are now (the owner's screen reads them). */
  async list(query: AuditQueryDto): Promise<{ entries: AuditEntry[]; total: number }> {
    const { rows, total } = await this.repository.list(filterOf(query), toListPage(query));
    const names = await this.repository.namesOf(auditRefsOf(rows));
    return { entries: rows.map((row) => toAuditEntry(row, names)), total };
  }

  /** Every entry of the filter as CSV, streamed; the export is itself recorded (`export.csv`, list `audit`). */
  export({ tz, ...query }: AuditExportQueryDto): Promise<CsvFile> {
    return csvExport('audit-log', AUDIT_CSV, {
      timeZone: tz,
      pages: this.repository.pages(filterOf(query), CSV_PAGE_SIZE),
      onEnd: this.audit.exportRecorder('audit', auditedFilter(query)),
    });
  }
}
