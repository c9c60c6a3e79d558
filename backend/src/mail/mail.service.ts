import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool';
import { isDeliverableAddress } from '../common/email-address';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { outboxDirOf } from './dev-outbox';

/**
 * A calendar invitation a mail carries (RFC 5545 text): sent as the `text/calendar; method=…` alternative that mail
 * clients show as an invitation with its answers, and as an `.ics` attachment for the others. `method` is the text's
 * own METHOD, which the part's type repeats.
 */
export interface CalendarPart {
  method: 'REQUEST' | 'CANCEL';
  content: string;
}

export interface MailMessage {
  /** What the mail is (`sign-in code`, an outbox topic such as `lead.staff`): the log names it by this and its id. */
  topic: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes (the visitor, on staff notifications). */
  replyTo?: { name: string; address: string };
  /** A stable id per outbox row, so mail clients fold the rare duplicate of an at-least-once delivery. */
  messageId?: string;
  /** A booked call's invitation or cancellation; none for every other mail. */
  calendar?: CalendarPart;
}

/** Connections kept open to the mail server: the outbox worker's senders, and one for a login code meanwhile. */
const SMTP_CONNECTIONS = 4;

// A sign-in should fail within seconds, not minutes, when the mail server does not answer.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * Sends mail through SMTP_URL, or (development and tests, without SMTP_URL) writes each message as an .eml file
 * under DATA_DIR/outbox, so the product runs with nothing else installed. Production without SMTP_URL is refused
 * by the configuration.
 */
@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  private readonly outboxDir: string | undefined;
  // Keep the outbox names of one process in send order, even within one millisecond or if the clock steps back.
  private sequence = 0;
  private lastTime = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (config.mail.smtpUrl) {
      // A pool of open connections: a new connection per mail costs a full handshake (and many servers pause
      // before greeting), which limited the outbox to a few mails a second.
      this.transport = nodemailer.createTransport(
        new SMTPPool({ url: config.mail.smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS, maxMessages: 100, ...SMTP_TIMEOUTS }),
      );
    } else {
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.outboxDir = outboxDirOf(config);
    }
  }

  /**
   * Sends one message to one recipient. An address the mailer would read as more than one mailbox (stored before
   * the intake checks, or set by hand in the database) is refused, and such a reply-to is left out.
   */
  async send({ calendar, ...message }: MailMessage): Promise<void> {
    if (!isDeliverableAddress(message.to)) throw new Error('refused: the recipient is not one plain e-mail address');
    const replyTo = message.replyTo && isDeliverableAddress(message.replyTo.address) ? message.replyTo : undefined;
    // Nodemailer adds the calendar as an alternative part and as an attachment (invite.ics) beside the text and HTML.
    const icalEvent = calendar && { icalEvent: { method: calendar.method, content: calendar.content } };
    const info = await this.transport.sendMail({ from: this.config.mail.from, ...message, replyTo, ...icalEvent });
    if (this.outboxDir === undefined) {
      // Never the subject (it may hold a visitor's name) nor the recipient: the id and the topic find the row.
      this.logger.log(`Sent ${info.messageId} (${message.topic})`);
      return;
    }
    const file = path.join(this.outboxDir, this.nextOutboxName());
    await fs.mkdir(this.outboxDir, { recursive: true, mode: 0o700 });
    // Codes are secrets: only the owner of the data folder may read them.
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
    this.logger.log(`Mail ${info.messageId} (${message.topic}) written to ${file}`);
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }

  /** `<ISO time>-<sequence>-<random>.eml`: names sort in the order the mails were sent. */
  private nextOutboxName(): string {
    this.lastTime = Math.max(Date.now(), this.lastTime);
    const time = new Date(this.lastTime).toISOString().replace(/:/g, '-');
    this.sequence += 1;
    return `${time}-${String(this.sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
  }
}
