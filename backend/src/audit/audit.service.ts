import type { AuditEntry } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { toListPage } from '../common/list-query.dto';
import { toAuditEntry } from './audit-entry.mapper';
import { AuditLog } from './audit-log';
import { AuditRepository } from './audit.repository';
import type { AuditQueryDto } from './dto/audit-query.dto';

const DAY_MS = 24 * 60 * 60 * 1000;
const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Reading the audit log (recording is AuditLog's). */
@Injectable()
export class AuditService {
  constructor(
    private readonly repository: AuditRepository,
    private readonly audit: AuditLog,
  ) {}

  /** `to` as a date takes in that whole day (UTC); as a date-time, up to that moment. */
  async list(query: AuditQueryDto): Promise<{ entries: AuditEntry[]; total: number }> {
    const to = query.to === undefined ? undefined : isDateOnly(query.to) ? new Date(Date.parse(query.to) + DAY_MS) : new Date(query.to);
    const { rows, total } = await this.repository.list(
      {
        action: query.action,
        adminId: query.adminId,
        targetId: query.targetId,
        from: query.from === undefined ? undefined : new Date(query.from),
        to,
        toExclusive: query.to !== undefined && isDateOnly(query.to),
      },
      toListPage(query),
    );
    await this.audit.recordExport('audit', rows.length);
    return { entries: rows.map(toAuditEntry), total };
  }
}
