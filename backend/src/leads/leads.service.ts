import { LEAD_STATUSES, MESSAGES, type Lead, type LeadStatus } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AuditLog, auditedFilter } from '../audit/audit-log';
import { csvExport, CSV_PAGE_SIZE, type CsvFile } from '../common/csv';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { InboxExportQueryDto, InboxQueryDto, parseStatusFilter, toListPage } from '../common/list-query.dto';
import type { CreateLeadDto } from './dto/create-lead.dto';
import { DeliveryWorker } from '../deliveries/delivery-worker';
import { NotificationPlan } from '../deliveries/notification-plan';
import { FormTokens, type FormSignals } from '../spam-triage/form-tokens';
import { LEAD_CSV } from './lead-csv';
import { toLead } from './lead.mapper';
import { LeadsRepository } from './leads.repository';

@Injectable()
export class LeadsService {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly notifications: NotificationPlan,
    private readonly deliveries: DeliveryWorker,
    private readonly formTokens: FormTokens,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Stores the quote request with its notifications and sends them at once: staff and webhooks, and the visitor's
   * confirmation only for a fresh form token spent for the first time (FormVerdict). Suspected spam, a spent token
   * included, is stored apart and tells nobody; its sender gets the same answer (a bot learns nothing).
   */
  async create(dto: CreateLeadDto, signals: FormSignals): Promise<Lead> {
    const verdict = this.formTokens.judge(signals);
    if (verdict.kind === 'spam') return toLead(await this.leads.insert({ ...dto, status: 'new', spam: true }, { messages: [] }));
    const fresh = verdict.kind === 'fresh' ? verdict.use : undefined;
    const row = await this.leads.insert({ ...dto, status: 'new' }, await this.notifications.for('lead', dto.email, fresh !== undefined), fresh);
    if (!row.spam) this.deliveries.wake();
    return toLead(row);
  }

  /** A page of the list; the whole list (no page asked for) is a bulk read, recorded in the audit log. */
  async list(query: InboxQueryDto): Promise<{ leads: Lead[]; total: number }> {
    const filter = { status: parseStatusFilter(query.status, LEAD_STATUSES), q: query.q, sort: query.sort, spam: query.spam ?? false };
    const page = toListPage(query);
    const { rows, total } = await this.leads.list(filter, page);
    if (page.limit === undefined) await this.audit.recordWholeList(filter.spam ? 'leads-spam' : 'leads', auditedFilter(filter), rows.length);
    return { leads: rows.map(toLead), total };
  }

  /** Every lead of the list's filter as CSV, streamed; recorded (`export.csv`) with the rows sent once it ends. */
  async export(query: InboxExportQueryDto): Promise<CsvFile> {
    const filter = { status: parseStatusFilter(query.status, LEAD_STATUSES), q: query.q, sort: query.sort, spam: query.spam ?? false };
    const list = filter.spam ? 'leads-spam' : 'leads';
    return csvExport(list, LEAD_CSV, {
      timeZone: query.tz,
      pages: this.leads.pages(filter, CSV_PAGE_SIZE),
      onEnd: this.audit.exportRecorder(list, auditedFilter(filter)),
    });
  }

  /** Changes the status; webhooks that want `lead.status_changed` are called (written with the change). */
  async updateStatus(id: string, status: LeadStatus): Promise<Lead> {
    if (!isId(id)) throw DomainError.notFound(MESSAGES.leadNotFound);
    const calls = await this.notifications.webhookCalls('lead.status_changed');
    const row = await this.leads.updateStatus(id, status, calls, (tx, from) =>
      this.audit.record('lead.status_changed', { kind: 'lead', id }, { from, to: status }, { tx }),
    );
    if (!row) throw DomainError.notFound(MESSAGES.leadNotFound);
    if (calls.length > 0) this.deliveries.wake();
    return toLead(row);
  }

  /**
   * Into suspected spam, or out of it: a lead leaving spam tells the staff and the webhooks then. Not the visitor:
   * no valid form token vouched for it when it arrived (that is why it was suspected), so it gets no confirmation.
   */
  async setSpam(id: string, spam: boolean): Promise<Lead> {
    const current = isId(id) ? await this.leads.findById(id) : undefined;
    if (!current) throw DomainError.notFound(MESSAGES.leadNotFound);
    const messages = current.spam && !spam ? (await this.notifications.for('lead', current.email, false)).messages : [];
    const row = await this.leads.setSpam(id, spam, messages, (tx, from) =>
      this.audit.record('lead.spam_changed', { kind: 'lead', id }, { from, to: spam }, { tx }),
    );
    if (!row) throw DomainError.notFound(MESSAGES.leadNotFound);
    if (messages.length > 0) this.deliveries.wake();
    return toLead(row);
  }
}
