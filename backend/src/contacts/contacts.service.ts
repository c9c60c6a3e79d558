import { CONTACT_STATUSES, MESSAGES, type ContactQuery, type ContactStatus } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { InboxQueryDto, parseStatusFilter, toListPage } from '../common/list-query.dto';
import { DeliveryWorker } from '../deliveries/delivery-worker';
import { NotificationPlan } from '../deliveries/notification-plan';
import { FormTokens, type FormSignals } from '../spam-triage/form-tokens';
import { toContact } from './contact.mapper';
import { ContactsRepository } from './contacts.repository';
import type { CreateContactDto } from './dto/create-contact.dto';

@Injectable()
export class ContactsService {
  constructor(
    private readonly contacts: ContactsRepository,
    private readonly notifications: NotificationPlan,
    private readonly deliveries: DeliveryWorker,
    private readonly formTokens: FormTokens,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Stores the message with its notifications (staff, confirmation) and sends them at once. Suspected spam is
   * stored apart and tells nobody; its sender gets the same answer (a bot learns nothing).
   */
  async create(dto: CreateContactDto, signals: FormSignals): Promise<ContactQuery> {
    // An empty phone field is "not given", not an empty number.
    const values = { ...dto, phone: dto.phone || null, status: 'pending' as const };
    if (this.formTokens.isSuspect(signals)) return toContact(await this.contacts.insert({ ...values, spam: true }, []));
    const row = await this.contacts.insert(values, await this.notifications.for(`contact.${dto.department}`, dto.email));
    this.deliveries.wake();
    return toContact(row);
  }

  async list(query: InboxQueryDto): Promise<{ contacts: ContactQuery[]; total: number }> {
    const status = parseStatusFilter(query.status, CONTACT_STATUSES);
    const filter = { status, q: query.q, sort: query.sort, spam: query.spam ?? false };
    const { rows, total } = await this.contacts.list(filter, toListPage(query));
    await this.audit.recordExport(query.spam ? 'contacts-spam' : 'contacts', rows.length);
    return { contacts: rows.map(toContact), total };
  }

  /** Changes the status; webhooks that want `contact.status_changed` are called (written with the change). */
  async updateStatus(id: string, status: ContactStatus): Promise<ContactQuery> {
    if (!isId(id)) throw DomainError.notFound(MESSAGES.contactNotFound);
    const calls = await this.notifications.webhookCalls('contact.status_changed');
    const row = await this.contacts.updateStatus(id, status, calls, (tx, from) =>
      this.audit.record('contact.status_changed', { kind: 'contact', id }, { from, to: status }, { tx }),
    );
    if (!row) throw DomainError.notFound(MESSAGES.contactNotFound);
    if (calls.length > 0) this.deliveries.wake();
    return toContact(row);
  }

  /** Into suspected spam, or out of it: a message leaving spam notifies then, as it would have when it arrived. */
  async setSpam(id: string, spam: boolean): Promise<ContactQuery> {
    const current = isId(id) ? await this.contacts.findById(id) : undefined;
    if (!current) throw DomainError.notFound(MESSAGES.contactNotFound);
    const messages = current.spam && !spam ? await this.notifications.for(`contact.${current.department}`, current.email) : [];
    const row = await this.contacts.setSpam(id, spam, messages, (tx, from) =>
      this.audit.record('contact.spam_changed', { kind: 'contact', id }, { from, to: spam }, { tx }),
    );
    if (!row) throw DomainError.notFound(MESSAGES.contactNotFound);
    if (messages.length > 0) this.deliveries.wake();
    return toContact(row);
  }
}
