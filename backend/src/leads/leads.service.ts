import { LEAD_STATUSES, MESSAGES, type Lead, type LeadStatus } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { isId } from '../common/ids';
import { ListQueryDto, parseStatusFilter, toListPage } from '../common/list-query.dto';
import type { CreateLeadDto } from './dto/create-lead.dto';
import { toLead } from './lead.mapper';
import { LeadsRepository } from './leads.repository';

@Injectable()
export class LeadsService {
  constructor(private readonly leads: LeadsRepository) {}

  async create(dto: CreateLeadDto): Promise<Lead> {
    return toLead(await this.leads.insert({ ...dto, status: 'new' }));
  }

  async list(query: ListQueryDto): Promise<{ leads: Lead[]; total: number }> {
    const status = parseStatusFilter(query.status, LEAD_STATUSES);
    const { rows, total } = await this.leads.list({ status, q: query.q, sort: query.sort }, toListPage(query));
    return { leads: rows.map(toLead), total };
  }

  async updateStatus(id: string, status: LeadStatus): Promise<Lead> {
    const row = isId(id) ? await this.leads.updateStatus(id, status) : undefined;
    if (!row) throw ApiError.notFound(MESSAGES.leadNotFound);
    return toLead(row);
  }
}
