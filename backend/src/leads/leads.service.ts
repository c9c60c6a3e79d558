import { LEAD_STATUSES, MESSAGES, type Lead, type LeadStatus } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { ListQueryDto, parseStatusFilter, toListPage } from '../common/list-query.dto';
import type { CreateLeadDto } from './dto/create-lead.dto';
import { DeliveryWorker } from '../deliveries/delivery-worker';
import { NotificationPlan } from '../deliveries/notification-plan';
import { toLead } from './lead.mapper';
import { LeadsRepository } from './leads.repository';

@Injectable()
export class LeadsService {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly notifications: NotificationPlan,
    private readonly deliveries: DeliveryWorker,
  ) {}

  /** Stores the quote request with its notifications (staff, confirmation) and sends them at once. */
  async create(dto: CreateLeadDto): Promise<Lead> {
    const row = await this.leads.insert({ ...dto, status: 'new' }, await this.notifications.for('lead', dto.email));
    this.deliveries.wake();
    return toLead(row);
  }

  async list(query: ListQueryDto): Promise<{ leads: Lead[]; total: number }> {
    const status = parseStatusFilter(query.status, LEAD_STATUSES);
    const { rows, total } = await this.leads.list({ status, q: query.q, sort: query.sort }, toListPage(query));
    return { leads: rows.map(toLead), total };
  }

  async updateStatus(id: string, status: LeadStatus): Promise<Lead> {
    const row = isId(id) ? await this.leads.updateStatus(id, status) : undefined;
    if (!row) throw DomainError.notFound(MESSAGES.leadNotFound);
    return toLead(row);
  }
}
