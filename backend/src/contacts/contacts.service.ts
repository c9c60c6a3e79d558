import { CONTACT_STATUSES, MESSAGES, type ContactQuery, type ContactStatus } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { isId } from '../common/ids';
import { ListQueryDto, parseStatusFilter, toListPage } from '../common/list-query.dto';
import { toContact } from './contact.mapper';
import { ContactsRepository } from './contacts.repository';
import type { CreateContactDto } from './dto/create-contact.dto';

@Injectable()
export class ContactsService {
  constructor(private readonly contacts: ContactsRepository) {}

  async create(dto: CreateContactDto): Promise<ContactQuery> {
    // An empty phone field is "not given", not an empty number.
    return toContact(await this.contacts.insert({ ...dto, phone: dto.phone || null, status: 'pending' }));
  }

  async list(query: ListQueryDto): Promise<{ contacts: ContactQuery[]; total: number }> {
    const status = parseStatusFilter(query.status, CONTACT_STATUSES);
    const { rows, total } = await this.contacts.list({ status, q: query.q, sort: query.sort }, toListPage(query));
    return { contacts: rows.map(toContact), total };
  }

  async updateStatus(id: string, status: ContactStatus): Promise<ContactQuery> {
    const row = isId(id) ? await this.contacts.updateStatus(id, status) : undefined;
    if (!row) throw ApiError.notFound(MESSAGES.contactNotFound);
    return toContact(row);
  }
}
