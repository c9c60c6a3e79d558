import { WORK_ITEM_KINDS, required, type EarlierPrivacyRequest, type ErasureCounts, type PrivacyData, type WorkItemKind } from '@brightwave/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PgTable } from 'drizzle-orm/pg-core';
import { loggableError } from '../common/loggable-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ErasedCalls } from '../booking/erased-calls';
import { confirmationQuota, deliveries, itemNotes } from '../database/schema';
import { ITEMS, type ItemRecord } from '../items/item-kinds';
import { outboxDirOf, removeOutboxMailsMentioning } from '../mail/dev-outbox';
import { AuditLog } from '../audit/audit-log';
import { ResumeStorage } from '../storage/resume-storage';
import { DataScrub } from './data-scrub';
import { emailHash } from './email-hash';
import { PrivacyRepository } from './privacy.repository';

/** The records of one kind as the privacy export shows them (its entry's `exported`). */
function exportedOf<Kind extends WorkItemKind>(kind: Kind, records: ItemRecord<Kind>[]): object[] {
  return records.map((record) => ITEMS[kind].exported(record));
}

/** Privacy requests: a person's copy of what is held about their e-mail address, and its erasure. */
@Injectable()
export class PrivacyService {
  private readonly logger = new Logger(PrivacyService.name);

  constructor(
    private readonly repository: PrivacyRepository,
    private readonly storage: ResumeStorage,
    private readonly audit: AuditLog,
    private readonly scrub: DataScrub,
    private readonly erasedCalls: ErasedCalls,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `email` is lower-cased (PrivacyEmailDto). Also answers the earlier requests about the address, recognised by the
   * keyed hash of their audit entries: an owner sees that a person asked before, or that data came back after an
   * erasure, without the address ever being stored.
   */
  async export(email: string): Promise<{ data: PrivacyData; earlierRequests: EarlierPrivacyRequest[] }> {
    const hash = emailHash(this.config.keys.privacyEmailHash, email);
    const earlierRequests = (await this.repository.requestsAbout(hash)).map((entry) => ({
      action: entry.action as EarlierPrivacyRequest['action'],
      createdAt: entry.createdAt.toISOString(),
      adminEmail: entry.adminEmail,
    }));
    const held = await this.repository.findByEmail(email);
    // Each kind's items under its list's key (`leads`…), as its entry exports them.
    const items = Object.fromEntries(WORK_ITEM_KINDS.map((kind) => [ITEMS[kind].list, exportedOf(kind, held.items[kind])])) as Pick<
      PrivacyData,
      (typeof ITEMS)[WorkItemKind]['list']
    >;
    const data: PrivacyData = {
      ...items,
      notes: held.notes.map((note) => {
        // A note names one item (the table's check), in the column of its kind.
        const kind = required(
          WORK_ITEM_KINDS.find((candidate) => note[ITEMS[candidate].noteKey] !== null),
          'the item of a note',
        );
        return {
          kind,
          itemId: note[ITEMS[kind].noteKey] ?? '',
          text: note.text,
          author: note.authorName,
          createdAt: note.createdAt.toISOString(),
        };
      }),
      ratings: held.ratings.map((rating) => ({
        applicationId: rating.applicationId,
        score: rating.score,
        comment: rating.comment,
        author: rating.authorName,
        updatedAt: rating.updatedAt.toISOString(),
      })),
      candidateEmails: held.candidateEmails.map((row) => ({
        applicationId: row.subjectId,
        subject: typeof row.payload?.subject === 'string' ? row.payload.subject : '',
        body: typeof row.payload?.body === 'string' ? row.payload.body : '',
        status: row.status,
        sendAt: (row.sendAt ?? row.createdAt).toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      })),
      meetings: held.meetings.map((meeting) => ({
        kind: meeting.leadId ? ('lead' as const) : meeting.contactId ? ('contact' as const) : ('application' as const),
        itemId: meeting.leadId ?? meeting.contactId ?? meeting.applicationId ?? '',
        start: meeting.startAt.toISOString(),
        end: meeting.endAt.toISOString(),
        with: meeting.withName,
        visitorName: meeting.visitorName,
        visitorEmail: meeting.visitorEmail,
        timeZone: meeting.visitorTimeZone,
        bookedAt: meeting.createdAt.toISOString(),
        cancelledAt: meeting.cancelledAt?.toISOString() ?? null,
      })),
    };
    await this.audit.record(
      'privacy.exported',
      { kind: 'person', id: hash },
      {
        emailHash: hash,
        ...Object.fromEntries(WORK_ITEM_KINDS.map((kind) => [ITEMS[kind].list, held.items[kind].length])),
        notes: data.notes.length,
        ratings: data.ratings.length,
        candidateEmails: data.candidateEmails.length,
        meetings: data.meetings.length,
      },
    );
    return { data, earlierRequests };
  }

  /**
   * Rows first, in one statement (a call not over yet is cancelled first: its cancellations are queued in the same
   * transaction, ErasedCalls); then the resume files and the development outbox's mails that mention the
   * address; then the tables are scrubbed (DataScrub), so the answer comes once no database file holds the rows. A
   * resume file whose removal fails is no longer referenced by any row, so the resume sweeper removes it within hours
   * (applications/resume-sweeper.ts); it is not counted here. A failed scrub fails the request after the erasure is recorded:
   * asking again (nothing left to delete) runs the scrub again.
   */
  async erase(email: string): Promise<ErasureCounts> {
    const hash = emailHash(this.config.keys.privacyEmailHash, email);
    const {
      items,
      fileKeys,
      deliveries: removedDeliveries,
      quotas,
      callsCancelled,
    } = await this.repository.eraseByEmail(email, hash, (tx, erased) => this.erasedCalls.before(tx, erased, new Date()));
    const removals = await Promise.allSettled(fileKeys.map((key) => this.storage.delete(key)));
    for (const removal of removals) {
      if (removal.status === 'rejected') this.logger.error(`resume file not removed (the sweeper retries): ${loggableError(removal.reason)}`);
    }
    const outboxMails = await removeOutboxMailsMentioning(outboxDirOf(this.config), email);
    if (outboxMails > 0) this.logger.log(`erasure: ${outboxMails} mail file(s) of the development outbox removed`);
    const erased = { ...items, resumes: removals.filter((removal) => removal.status === 'fulfilled').length };
    // After the files, to count them: the rows are already committed, so a failure to write is logged (AuditLog).
    await this.audit.record('privacy.erased', { kind: 'person', id: hash }, { emailHash: hash, ...erased, outboxMails, callsCancelled });
    const touched: [number, PgTable][] = [
      // Each kind's table, and those whose rows went with its items (notes, ratings: on delete cascade); their scheduled
      // mails went with the outbox rows.
      ...WORK_ITEM_KINDS.flatMap((kind) =>
        [ITEMS[kind].table, itemNotes, ...(ITEMS[kind].cascades ?? [])].map((table): [number, PgTable] => [items[ITEMS[kind].list], table]),
      ),
      [removedDeliveries, deliveries],
      [quotas, confirmationQuota],
    ];
    await this.scrub.after(touched.filter(([count]) => count > 0).map(([, table]) => table));
    return erased;
  }
}
