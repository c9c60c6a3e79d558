import { performance } from 'node:perf_hooks';
import { ITEM_KINDS, canUse, isChatTopic, isWebhookEvent, type AdminRole } from '@brightwave/common';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { isMeetingMailPayload, isMeetingTopic, meetingMail, type MeetingMailPayload } from '../booking/meeting-mails';
import { loggableError } from '../common/loggable-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OUTBOX_FIRST_RETRY_SECONDS } from '../config/timings';
import type { DeliveryRow } from '../database/schema';
import { MailService } from '../mail/mail.service';
import { WebhookRefused, WebhookSender } from '../webhooks/webhook-sender';
import { ChatSender } from './chat-sender';
import { deliveryMail, type MailContext } from './delivery-mails';
import { DeliverySubjectsRepository, workspaceMailKind, type StoredSubject } from './delivery-subjects.repository';
import { OutboxRepository } from './outbox.repository';

/** Rows claimed per round: large enough that the claim and the mark-sent statements are paid once per many mails. */
const BATCH = 50;
/** Messages of a round in flight at once (the SMTP transport keeps as many connections open). */
const SENDERS = 3;
const IDLE_POLL_MS = 1000;
/** Above this share of time the event loop was busy, the next round waits BUSY_PAUSE_MS. */
const BUSY_UTILIZATION = 0.8;
const BUSY_PAUSE_MS = 250;
const MAX_RETRY_MS = 10 * 60_000;
/** A message that could not be sent for this long is given up as failed. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** Why a workspace mail was cancelled when its time came (the Deliveries screen and the item's timeline say it). */
export const NO_LONGER_THEIRS = 'not sent: the recipient is no longer an active admin whose role covers this item';

/**
 * The wait before retry number `attempts` (1 = the first retry): doubling from `firstRetryMs` (OUTBOX_FIRST_RETRY_SECONDS,
 * 15 s by default), at most 10 min, ±20 %.
 */
export function retryDelayMs(attempts: number, random = Math.random, firstRetryMs = OUTBOX_FIRST_RETRY_SECONDS * 1000): number {
  const base = Math.min(MAX_RETRY_MS, firstRetryMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** An error for the deliveries table: no URL (an SMTP URL can carry a password), one line. */
export function describeFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // A scheme starts at the first letter of its run of scheme characters; the pattern starts only at a run's start (a
  // start at each letter of a long run was quadratic) and keeps what comes before that letter.
  return text
    .replace(/(?<![a-z0-9+.-])([0-9+.-]*)[a-z][a-z0-9+.-]*:\/\/\S+/gi, '$1<url>')
    .replace(/\s+/g, ' ')
    .slice(0, 500);
}

/** A failure's reason for the log: a mail server's refusal often quotes the recipient ("550 <ann@…>: unknown"). */
export function withoutAddresses(reason: string): string {
  // Only from the start of a word: a start at each character of a long word without `@` was quadratic.
  return reason.replace(/(?<![^\s<>()[\]",;:])[^\s<>()[\]",;:]+@[^\s<>()[\]",;:]+/g, '<address>');
}

/** The display name of MAIL_FROM ("Brightwave Technologies <no-reply@…>"), for the signature of mails. */
export function companyNameOf(mailFrom: string): string {
  const end = mailFrom.indexOf('<');
  let name = end === -1 ? '' : mailFrom.slice(0, end).trim();
  if (name.startsWith('"')) name = name.slice(1);
  if (name.endsWith('"')) name = name.slice(0, -1);
  return name.trim() === '' || name.includes('"') ? 'Brightwave Technologies' : name;
}

/**
 * Sends the outbox in every instance: first try right after the submission is stored, then retries with backoff
 * until a day has passed. Delivery is at least once: a crash after the mail server accepted a message and before
 * the row is marked sent sends it again after the lease (the stable Message-ID lets mail clients fold the copy).
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Deliveries');
  private readonly context: MailContext;
  private readonly timings: AppConfig['timings'];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Waiting out a busy pause: submissions meanwhile do not start a round early. */
  private pausing = false;
  private loopSince = performance.eventLoopUtilization();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly outbox: OutboxRepository,
    private readonly subjects: DeliverySubjectsRepository,
    private readonly mail: MailService,
    private readonly webhooks: WebhookSender,
    private readonly chat: ChatSender,
  ) {
    this.context = { publicUrl: config.server.publicUrl, companyName: companyNameOf(config.mail.from) };
    this.timings = config.timings;
  }

  onApplicationBootstrap(): void {
    this.wake();
  }

  /**
   * Runs a round now (a submission was just stored), or right after the one under way. While the server is busy
   * answering requests, rounds are spaced out instead (see `pauseAfterRound`): a submission does not cut the pause.
   */
  wake(): void {
    if (this.stopped) return;
    if (this.running || this.pausing) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.round()
      .catch((error: unknown) => this.logger.error(`delivery round failed: ${loggableError(error)}`))
      .then((claimedFullBatch) => {
        this.running = undefined;
        if (this.stopped) return;
        const more = this.again || claimedFullBatch === true;
        this.again = false;
        const pause = more ? this.pauseAfterRound() : IDLE_POLL_MS;
        if (pause === 0) return this.wake();
        this.pausing = more;
        this.timer = setTimeout(() => {
          this.pausing = false;
          this.wake();
        }, pause);
        this.timer.unref();
      });
  }

  /**
   * Mail is background work: when the event loop was nearly always busy since the last round (a burst of
   * requests), the next round waits BUSY_PAUSE_MS so the forms keep their speed; the messages wait in the table
   * and go out as soon as the burst is over. Otherwise rounds follow each other at once.
   */
  private pauseAfterRound(): number {
    const utilization = performance.eventLoopUtilization(this.loopSince).utilization;
    this.loopSince = performance.eventLoopUtilization();
    return utilization > BUSY_UTILIZATION ? BUSY_PAUSE_MS : 0;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Sends one batch of due rows; answers whether the batch was full (more may be due). The database work of a
   * batch is three statements whatever its size (claim, read the subjects, mark the sent rows), so the outbox
   * costs the forms little under load.
   */
  private async round(): Promise<boolean> {
    const claimedAt = Date.now();
    const leaseMs = this.timings.outboxLeaseMs;
    const rows = await this.outbox.claimDue(BATCH, leaseMs);
    if (rows.length === 0) return false;
    const subjects = await this.subjects.subjectsOf(rows);
    // Read once per round, and only when the round holds a mail to an admin about an item.
    const staff = rows.some((row) => workspaceMailKind(row.topic)) ? await this.subjects.staffRolesOf(rows) : new Map<string, AdminRole>();
    const waiting = [...rows];
    const sent: string[] = [];
    const untried: string[] = [];
    // A few messages at a time, each over its own connection from the mail transport's pool.
    const sender = async () => {
      for (let row = waiting.shift(); row; row = waiting.shift()) {
        // A slow mail server (timeouts) must not let the lease run out under rows still to send: another instance
        // would take them and send twice. Past half the lease, the rest go back to the queue untried.
        if (Date.now() - claimedAt > leaseMs / 2) {
          untried.push(row.id, ...waiting.splice(0).map((rest) => rest.id));
          return;
        }
        if (await this.deliver(row, subjects.get(row.subjectId), staff)) sent.push(row.id);
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, sender));
    await this.outbox.release(untried);
    await this.outbox.markSent(sent);
    return rows.length === BATCH;
  }

  /**
   * Sends one message; answers true when it went out (the caller marks it sent), else records why not. A mail to an
   * admin about an item (assigned, reminder) goes only to an active admin whose role covers the item, as they are
   * now (`staff`): one demoted or disabled since it was queued is not told, whatever the mail waited for (decision 062).
   */
  private async deliver(row: DeliveryRow, subject: StoredSubject | undefined, staff: Map<string, AdminRole>): Promise<boolean> {
    const topic = row.topic;
    if (isWebhookEvent(topic)) return this.call(row, () => this.webhooks.send(row, subject));
    if (isChatTopic(topic)) return this.call(row, () => this.chat.send(row, subject));
    const workKind = workspaceMailKind(topic);
    const role = staff.get(row.recipient.toLowerCase());
    if (workKind && !(role && canUse(role, ITEM_KINDS[workKind].area))) {
      await this.outbox.markCancelled(row.id, NO_LONGER_THEIRS);
      return false;
    }
    if (!subject && isCancellationOfErasedCall(row)) return this.sendCancellationOfErasedCall(row, row.payload);
    // A mail's topic names a submission (`lead.staff`…): a job is the subject of webhook calls only.
    if (!subject || subject.kind === 'job') {
      await this.outbox.markFailed(row.id, 'what this message was about no longer exists', undefined);
      return false;
    }
    try {
      const mail = deliveryMail(topic, subject, this.context, row.payload);
      const calendar = row.calendar ?? undefined;
      await this.mail.send({ ...mail, topic, to: row.recipient, messageId: `<${row.id}@brightwave.outbox>`, calendar });
      return true;
    } catch (error) {
      await this.retryLater(row, describeFailure(error));
      return false;
    }
  }

  /**
   * The cancellation of a call whose item was erased or purged (queued by that erasure, booking/erased-calls.ts): the
   * one mail about an item that is gone that still goes out, said by its payload alone. Once sent, or given up, its row
   * is deleted: nothing of the erased item is kept. Answers false: there is no row left to mark sent.
   */
  private async sendCancellationOfErasedCall(row: DeliveryRow, payload: MeetingMailPayload): Promise<boolean> {
    try {
      const calendar = row.calendar ?? undefined;
      await this.mail.send({ ...meetingMail(payload), topic: row.topic, to: row.recipient, messageId: `<${row.id}@brightwave.outbox>`, calendar });
      await this.outbox.forget(row.id);
    } catch (error) {
      await this.retryLater(row, describeFailure(error), { forgetOnGiveUp: true });
    }
    return false;
  }

  /**
   * Calls a webhook or posts to a chat channel (`send`); a refused call (endpoint gone or disabled, forbidden
   * address) fails at once, without retries.
   */
  private async call(row: DeliveryRow, send: () => Promise<void>): Promise<boolean> {
    try {
      await send();
      return true;
    } catch (error) {
      const reason = describeFailure(error);
      if (!(error instanceof WebhookRefused)) await this.retryLater(row, reason);
      else {
        this.logger.warn(`${row.topic} call ${row.id} refused: ${reason}`);
        await this.outbox.markFailed(row.id, reason, undefined);
      }
      return false;
    }
  }

  /**
   * Backs off for another try, or gives up as failed once a day has passed since the row, its scheduled time or its
   * Retry now, whichever is last (`forgetOnGiveUp`: then the row is deleted instead).
   */
  private async retryLater(row: DeliveryRow, reason: string, { forgetOnGiveUp = false } = {}): Promise<void> {
    const delay = retryDelayMs(row.attempts, Math.random, this.timings.outboxFirstRetryMs);
    const since = Math.max(row.createdAt.getTime(), row.sendAt?.getTime() ?? 0, row.retriedAt?.getTime() ?? 0);
    const giveUp = Date.now() + delay - since > GIVE_UP_AFTER_MS;
    // The row id, never the recipient: a visitor's address must not reach the log (nor through the server's reason).
    this.logger.warn(`${row.topic} ${row.id} not sent (attempt ${row.attempts}): ${withoutAddresses(reason)}`);
    if (giveUp && forgetOnGiveUp) await this.outbox.forget(row.id);
    else await this.outbox.markFailed(row.id, reason, giveUp ? undefined : new Date(Date.now() + delay));
  }
}

/** A meeting's cancellation mail (the only mail sent when what it is about is gone: see sendCancellationOfErasedCall). */
function isCancellationOfErasedCall(row: DeliveryRow): row is DeliveryRow & { payload: MeetingMailPayload } {
  return isMeetingTopic(row.topic) && isMeetingMailPayload(row.payload) && row.payload.kind === 'cancelled';
}
