import { LEAD_STATUSES, MESSAGES, type Lead, type LeadStatus } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { InboxQueryDto, parseStatusFilter, toListPage } from '../common/list-query.dto';
import type { CreateLeadDto } from './dto/create-lead.dto';
import { DeliveryWorker } from '../deliveries/delivery-worker';
import { NotificationPlan } from '../deliveries/notification-plan';
import { FormTokens, type FormSignals } from '../spam-triage/form-tokens';
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
   * Stores the quote request with its notifications (staff, confirmation) and sends them at once. Suspected spam
   * is stored apart and tells nobody; its sender gets the same answer (a bot learns nothing).
   */
  async create(dto: CreateLeadDto, signals: FormSignals): Promise<Lead> {
    if (this.formTokens.isSuspect(signals)) return toLead(await this.leads.insert({ ...dto, status: 'new', spam: true }, []));
    const row = await this.leads.insert({ ...dto, status: 'new' }, await this.notifications.for('lead', dto.email));
    this.deliveries.wake();
    return toLead(row);
  }

  async list(query: InboxQueryDto): Promise<{ leads: Lead[]; total: number }> {
    const status = parseStatusFilter(query.status, LEAD_STATUSES);
    const filter = { status, q: query.q, sort: query.sort, spam: query.spam ?? false };
    const { rows, total } = await this.leads.list(filter, toListPage(query));
    await this.audit.recordExport(query.spam ? 'leads-spam' : 'leads', rows.length);
    return { leads: rows.map(toLead), total };
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

  /** Into suspected spam, or out of it: a lead leaving spam notifies then, as it would have when it arrived. */
  async setSpam(id: string, spam: boolean): Promise<Lead> {
    const current = isId(id) ? await this.leads.findById(id) : undefined;
    if (!current) throw DomainError.notFound(MESSAGES.leadNotFound);
    const messages = current.spam && !spam ? await this.notifications.for('lead', current.email) : [];
    const row = await this.leads.setSpam(id, spam, messages, (tx, from) =>
      this.audit.record('lead.spam_changed', { kind: 'lead', id }, { from, to: spam }, { tx }),
    );
    if (!row) throw DomainError.notFound(MESSAGES.leadNotFound);
    if (messages.length > 0) this.deliveries.wake();
    return toLead(row);
  }
}
