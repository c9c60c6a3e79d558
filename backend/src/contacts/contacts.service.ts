import { CONTACT_STATUSES, MESSAGES, type ContactQuery, type ContactStatus } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { ListQueryDto, parseStatusFilter, toListPage } from '../common/list-query.dto';
import { DeliveryWorker } from '../deliveries/delivery-worker';
import { NotificationPlan } from '../deliveries/notification-plan';
import { toContact } from './contact.mapper';
import { ContactsRepository } from './contacts.repository';
import type { CreateContactDto } from './dto/create-contact.dto';

@Injectable()
export class ContactsService {
  constructor(
    private readonly contacts: ContactsRepository,
    private readonly notifications: NotificationPlan,
    private readonly deliveries: DeliveryWorker,
  ) {}

  /** Stores the message with its notifications (staff, confirmation) and sends them at once. */
  async create(dto: CreateContactDto): Promise<ContactQuery> {
    // An empty phone field is "not given", not an empty number.
    const values = { ...dto, phone: dto.phone || null, status: 'pending' as const };
    const row = await this.contacts.insert(values, await this.notifications.for(`contact.${dto.department}`, dto.email));
    this.deliveries.wake();
    return toContact(row);
  }

  async list(query: ListQueryDto): Promise<{ contacts: ContactQuery[]; total: number }> {
    const status = parseStatusFilter(query.status, CONTACT_STATUSES);
    const { rows, total } = await this.contacts.list({ status, q: query.q, sort: query.sort }, toListPage(query));
    return { contacts: rows.map(toContact), total };
  }

  async updateStatus(id: string, status: ContactStatus): Promise<ContactQuery> {
    const row = isId(id) ? await this.contacts.updateStatus(id, status) : undefined;
    if (!row) throw DomainError.notFound(MESSAGES.contactNotFound);
    return toContact(row);
  }
}
