import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { loggableError } from '../common/loggable-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { DeliveryRow } from '../database/schema';
import { MailService } from '../mail/mail.service';
import { deliveryMail, type DeliveryTopic, type MailContext } from './delivery-mails';
import { OutboxRepository } from './outbox.repository';

const BATCH = 10;
/** A claimed row is taken again by any instance after this, if its sender died. */
export const LEASE_MS = 60_000;
const IDLE_POLL_MS = 1000;
const FIRST_RETRY_MS = 15_000;
const MAX_RETRY_MS = 10 * 60_000;
/** A message that could not be sent for this long is given up as failed. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** The wait before retry number `attempts` (1 = the first retry): doubling from 15 s, at most 10 min, ±20 %. */
export function retryDelayMs(attempts: number, random = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** An error for the deliveries table: no URL (an SMTP URL can carry a password), one line. */
export function describeFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<url>').replace(/\s+/g, ' ').slice(0, 500);
}

/** The display name of MAIL_FROM ("Brightwave Technologies <no-reply@…>"), for the signature of mails. */
function companyNameOf(mailFrom: string): string {
  return /^\s*"?([^"<]+?)"?\s*</.exec(mailFrom)?.[1] ?? 'Brightwave Technologies';
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
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly outbox: OutboxRepository,
    private readonly mail: MailService,
  ) {
    this.context = { publicUrl: config.publicUrl, companyName: companyNameOf(config.mailFrom) };
  }

  onApplicationBootstrap(): void {
    this.wake();
  }

  /** Runs a round now (a submission was just stored), or right after the one under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.round()
      .catch((error: unknown) => this.logger.error(`delivery round failed: ${loggableError(error)}`))
      .then((claimedFullBatch) => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again || claimedFullBatch === true) {
          this.again = false;
          this.wake();
          return;
        }
        this.timer = setTimeout(() => this.wake(), IDLE_POLL_MS);
        this.timer.unref();
      });
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Sends one batch of due rows; answers whether the batch was full (more may be due). */
  private async round(): Promise<boolean> {
    const rows = await this.outbox.claimDue(BATCH, LEASE_MS);
    for (const row of rows) await this.deliver(row);
    return rows.length === BATCH;
  }

  private async deliver(row: DeliveryRow): Promise<void> {
    const topic = row.topic as DeliveryTopic;
    try {
      const subject = await this.outbox.subjectOf(topic, row.subjectId);
      if (!subject) {
        await this.outbox.markFailed(row.id, 'what this message was about no longer exists', undefined);
        return;
      }
      const mail = deliveryMail(topic, subject, this.context);
      await this.mail.send({ ...mail, to: row.recipient, messageId: `<${row.id}@brightwave.outbox>` });
      await this.outbox.markSent(row.id);
    } catch (error) {
      const delay = retryDelayMs(row.attempts);
      const giveUp = Date.now() + delay - row.createdAt.getTime() > GIVE_UP_AFTER_MS;
      const reason = describeFailure(error);
      this.logger.warn(`${topic} to ${row.recipient} not sent (attempt ${row.attempts}): ${reason}`);
      await this.outbox.markFailed(row.id, reason, giveUp ? undefined : new Date(Date.now() + delay));
    }
  }
}
