import { MESSAGES, type BookingLink, type NotificationRouteKey, type QuestionForm, type StoredAnswer, type WorkFields } from '@brightwave/common';
import { Inject } from '@nestjs/common';
import { AttributionReader } from '../attribution/attribution-reader';
import { AuditLog, auditedFilter } from '../audit/audit-log';
import { BookingService } from '../booking/booking.service';
import { csvExport, CSV_PAGE_SIZE, type CsvColumns, type CsvFile } from '../common/csv';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { DeliveryWorker } from '../deliveries/delivery-worker';
import { FormQuestionsRepository } from '../forms/form-questions.repository';
import { submittedAnswers } from '../forms/submitted-answers';
import { withAnswerColumns } from '../items/item-csv';
import { NotificationPlan } from '../deliveries/notification-plan';
import { ItemStatuses } from '../items/item-statuses';
import { FormTokens, type FormSignals } from '../spam-triage/form-tokens';
import { workFieldsOf } from '../workspace/work-fields';
import type { InboxExportQueryDto, InboxQueryDto } from './dto/inbox-query.dto';
import type { InboxFilter, InboxRepository, Submission } from './inbox.repository';
import type { InboxTable, Row } from './inbox-table';
import { answerFilterOf, channelFilterOf, parseStatusFilter, toListPage, workFilterOf } from '../common/list-filter';

/**
 * What tells one inbox from the other: the part of its kind's entry in the registry (items/item-kinds.ts) an inbox
 * reads. Everything else an inbox does is InboxService's.
 */
export interface InboxEntry<Table extends InboxTable, Item, List extends string> {
  /** What the audit log and the webhook events call one item: `lead.status_changed`, `contact.spam_changed`. */
  kind: 'lead' | 'contact';
  /** The list: the key of its answer, its name in the audit log (`<list>-spam`: the suspected spam) and its CSV file's. */
  list: List;
  statuses: readonly Row<Table>['status'][];
  /** `form`: the site's form it comes from, whose custom questions its submissions answer. */
  texts: { notFound: string; form: QuestionForm };
  toItem: (row: Row<Table>) => Item;
  csv: CsvColumns<Row<Table>>;
  /** The notification route whose staff is told of a submission (Settings → Notifications). */
  route: (item: Submission<Table> | Row<Table>) => NotificationRouteKey;
}

/** A submission as the form's answer tells of it: the item, and its booking link when its owner can be booked. */
export interface Submitted<Item> {
  data: Item;
  booking?: BookingLink;
}

/** The message of a spam change's answer. */
export function spamChangedMessage(spam: boolean): string {
  return spam ? MESSAGES.markedSpam : MESSAGES.markedNotSpam;
}

/**
 * An inbox (leads, contact messages): the public form's submission with its notifications, the list and its CSV
 * export, the status, and suspected spam. The shared services come by property injection so that the inboxes,
 * which extend this class, pass only their repository and their kind's entry.
 */
export abstract class InboxService<Table extends InboxTable, Item, List extends string> {
  @Inject(NotificationPlan) private readonly notifications: NotificationPlan;
  @Inject(DeliveryWorker) private readonly deliveries: DeliveryWorker;
  @Inject(FormTokens) private readonly formTokens: FormTokens;
  @Inject(AuditLog) private readonly audit: AuditLog;
  @Inject(ItemStatuses) private readonly statuses: ItemStatuses;
  @Inject(FormQuestionsRepository) private readonly questions: FormQuestionsRepository;
  @Inject(BookingService) private readonly booking: BookingService;
  /** Reads the form's X-Attribution header into the submission's attribution columns. */
  @Inject(AttributionReader) protected readonly attribution: AttributionReader;

  protected constructor(
    private readonly repository: InboxRepository<Table>,
    private readonly inbox: InboxEntry<Table, Item, List>,
  ) {}

  /** A submission of the site's form (its DTO), with the form's signals and the X-Attribution header: see `submit`. */
  abstract create(dto: object, signals: FormSignals, attribution?: string): Promise<Submitted<Item>>;

  /**
   * The submission's answers to its form's custom questions, as stored; a 400 with a message per question
   * (`answers.<id>`) when any is refused, before anything is written.
   */
  protected async answersOf(raw: unknown): Promise<StoredAnswer[]> {
    return submittedAnswers(await this.questions.questionsOf(this.inbox.texts.form), raw);
  }

  /**
   * Stores the submission with its notifications and sends them at once: staff and webhooks, and the visitor's
   * confirmation only for a fresh form token spent for the first time (FormVerdict). Suspected spam, a spent token
   * included, is stored apart and tells nobody; its sender gets the same answer, but for a booking link (spam has no
   * owner to book). The link comes when the round-robin gave the item an owner who can be booked.
   */
  protected async submit(submission: Submission<Table>, signals: FormSignals): Promise<Submitted<Item>> {
    const verdict = this.formTokens.judge(signals);
    if (verdict.kind === 'spam') return { data: this.inbox.toItem(await this.repository.insert({ ...submission, spam: true }, { messages: [] })) };
    const fresh = verdict.kind === 'fresh' ? verdict.use : undefined;
    const notifications = await this.notifications.for(this.inbox.route(submission), submission.email, fresh !== undefined);
    const row = await this.repository.insert(submission, notifications, fresh);
    if (!row.spam) this.deliveries.wake();
    const booking = await this.booking.linkFor(this.inbox.kind, row);
    return { data: this.inbox.toItem(row), ...(booking ? { booking } : {}) };
  }

  /**
   * A page of the list, each item with its owner, follow-up and overdue flag; `me` in the owner filter is `adminId`.
   * The whole list (no page asked for) is a bulk read, recorded in the audit log.
   */
  async list(query: InboxQueryDto, adminId: string): Promise<Record<List, (Item & WorkFields)[]> & { total: number; totalEstimated?: true }> {
    const now = new Date();
    const filter = this.filterOf(query, adminId, now);
    const page = toListPage(query);
    const { rows, ...total } = await this.repository.list(filter, page);
    if (page.limit === undefined) await this.audit.recordWholeList(this.auditedList(filter), auditedFilter(filter), rows.length);
    const items = rows.map((row) => ({ ...this.inbox.toItem(row), ...workFieldsOf(this.inbox.kind, row, row.ownerName, now) }));
    return { [this.inbox.list]: items, ...total } as Record<List, (Item & WorkFields)[]> & { total: number; totalEstimated?: true };
  }

  /** Every item of the list's filter as CSV, streamed; recorded (`export.csv`) with the rows sent once it ends. */
  async export(query: InboxExportQueryDto, adminId: string): Promise<CsvFile> {
    const filter = this.filterOf(query, adminId, new Date());
    const list = this.auditedList(filter);
    // A column per custom question: the form's now, and those it no longer has that these rows answered.
    const [current, answered] = await Promise.all([this.questions.questionsOf(this.inbox.texts.form), this.repository.answeredQuestions(filter)]);
    return csvExport(list, withAnswerColumns(this.inbox.csv, current, answered), {
      timeZone: query.tz,
      pages: this.repository.pages(filter, CSV_PAGE_SIZE),
      onEnd: this.audit.exportRecorder(list, auditedFilter(filter)),
    });
  }

  /** Changes the status (the one status change of every kind, ItemStatuses). */
  async updateStatus(id: string, status: Row<Table>['status']): Promise<Item> {
    // The row of this inbox's kind.
    return this.inbox.toItem((await this.statuses.changeOne(this.inbox.kind, id, status)) as Row<Table>);
  }

  /**
   * Into suspected spam, or out of it: an item leaving spam tells the staff and the webhooks then. Not the visitor:
   * no valid form token vouched for it when it arrived (that is why it was suspected), so it gets no confirmation.
   */
  async setSpam(id: string, spam: boolean): Promise<Item> {
    const { kind } = this.inbox;
    const current = isId(id) ? await this.repository.findById(id) : undefined;
    if (!current) throw DomainError.notFound(this.inbox.texts.notFound);
    const messages = current.spam && !spam ? (await this.notifications.for(this.inbox.route(current), current.email, false)).messages : [];
    const row = await this.repository.setSpam(id, spam, messages, (tx, from) =>
      this.audit.record(`${kind}.spam_changed`, { kind, id }, { from, to: spam }, { tx }),
    );
    if (!row) throw DomainError.notFound(this.inbox.texts.notFound);
    if (messages.length > 0) this.deliveries.wake();
    return this.inbox.toItem(row);
  }

  private filterOf(query: InboxQueryDto | InboxExportQueryDto, adminId: string, now: Date): InboxFilter {
    return {
      status: parseStatusFilter(query.status, this.inbox.statuses),
      q: query.q,
      sort: query.sort,
      ...workFilterOf(query, adminId, now),
      ...channelFilterOf(query),
      ...answerFilterOf(query),
      spam: query.spam ?? false,
    };
  }

  /** The list's name in the audit log and the CSV file's: `leads`, or `leads-spam` for the suspected spam. */
  private auditedList(filter: InboxFilter): string {
    return filter.spam ? `${this.inbox.list}-spam` : this.inbox.list;
  }
}
