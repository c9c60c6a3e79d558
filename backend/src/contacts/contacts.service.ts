import { CONTACT_STATUSES, MESSAGES, type ContactQuery, type ContactStatus } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AuditLog, auditedFilter } from '../audit/audit-log';
import { csvExport, CSV_PAGE_SIZE, type CsvFile } from '../common/csv';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { InboxExportQueryDto, InboxQueryDto, parseStatusFilter, toListPage } from '../common/list-query.dto';
import { DeliveryWorker } from '../deliveries/delivery-worker';
import { NotificationPlan } from '../deliveries/notification-plan';
import { FormTokens, type FormSignals } from '../spam-triage/form-tokens';
import { CONTACT_CSV } from './contact-csv';
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
   * Stores the message with its notifications and sends them at once: staff and webhooks, and the visitor's
   * confirmation only for a fresh form token spent for the first time (FormVerdict). Suspected spam, a spent token
   * included, is stored apart and tells nobody; its sender gets the same answer (a bot learns nothing).
   */
  async create(dto: CreateContactDto, signals: FormSignals): Promise<ContactQuery> {
    // An empty phone field is "not given", not an empty number.
    const values = { ...dto, phone: dto.phone || null, status: 'pending' as const };
    const verdict = this.formTokens.judge(signals);
    if (verdict.kind === 'spam') return toContact(await this.contacts.insert({ ...values, spam: true }, { messages: [] }));
    const fresh = verdict.kind === 'fresh' ? verdict.use : undefined;
    const notifications = await this.notifications.for(`contact.${dto.department}`, dto.email, fresh !== undefined);
    const row = await this.contacts.insert(values, notifications, fresh);
    if (!row.spam) this.deliveries.wake();
    return toContact(row);
  }

  /** A page of the list; the whole list (no page asked for) is a bulk read, recorded in the audit log. */
  async list(query: InboxQueryDto): Promise<{ contacts: ContactQuery[]; total: number }> {
    const filter = { status: parseStatusFilter(query.status, CONTACT_STATUSES), q: query.q, sort: query.sort, spam: query.spam ?? false };
    const page = toListPage(query);
    const { rows, total } = await this.contacts.list(filter, page);
    if (page.limit === undefined) await this.audit.recordWholeList(filter.spam ? 'contacts-spam' : 'contacts', auditedFilter(filter), rows.length);
    return { contacts: rows.map(toContact), total };
  }

  /** Every message of the list's filter as CSV, streamed; recorded (`export.csv`) with the rows sent once it ends. */
  async export(query: InboxExportQueryDto): Promise<CsvFile> {
    const filter = { status: parseStatusFilter(query.status, CONTACT_STATUSES), q: query.q, sort: query.sort, spam: query.spam ?? false };
    const list = filter.spam ? 'contacts-spam' : 'contacts';
    return csvExport(list, CONTACT_CSV, {
      timeZone: query.tz,
      pages: this.contacts.pages(filter, CSV_PAGE_SIZE),
      onEnd: this.audit.exportRecorder(list, auditedFilter(filter)),
    });
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

  /**
   * Into suspected spam, or out of it: a message leaving spam tells the staff and the webhooks then. Not the
   * visitor: no valid form token vouched for it when it arrived (that is why it was suspected), so it gets no
   * confirmation.
   */
  async setSpam(id: string, spam: boolean): Promise<ContactQuery> {
    const current = isId(id) ? await this.contacts.findById(id) : undefined;
    if (!current) throw DomainError.notFound(MESSAGES.contactNotFound);
    const messages = current.spam && !spam ? (await this.notifications.for(`contact.${current.department}`, current.email, false)).messages : [];
    const row = await this.contacts.setSpam(id, spam, messages, (tx, from) =>
      this.audit.record('contact.spam_changed', { kind: 'contact', id }, { from, to: spam }, { tx }),
    );
    if (!row) throw DomainError.notFound(MESSAGES.contactNotFound);
    if (messages.length > 0) this.deliveries.wake();
    return toContact(row);
  }
}
