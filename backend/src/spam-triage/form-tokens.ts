import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** `<issued at, ms, base 36>.<random nonce>.<HMAC of the two>`, all URL-safe. */
const TOKEN_PATTERN = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{12})\.([A-Za-z0-9_-]{22})$/;
/** Instances' clocks may differ a little; a token from further in the future than this was not issued by us. */
const CLOCK_SKEW_MS = 60_000;

/** What a submission of a public form tells about its sender, from the request headers the site sets. */
export interface FormSignals {
  /** FORM_TOKEN_HEADER: the token the site fetched when the person started filling the form. */
  token?: string;
  /** FORM_TRAP_HEADER: set by the site when the hidden honeypot field holds anything. */
  trap?: string;
}

/**
 * Spam triage of the quote and contact forms. The site fetches a signed, time-stamped token when a person starts
 * filling a form and sends it with the form; a filled honeypot, a forged token or a form sent sooner than
 * FORM_MIN_FILL_SECONDS after its token makes the submission suspected spam. A submission without any of these
 * headers (an API client of SPEC §7) is not suspected: the signals only ever come from our own site.
 */
@Injectable()
export class FormTokens {
  private readonly key: Buffer;
  private readonly minFillMs: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = config.keys.formToken;
    this.minFillMs = config.formMinFillMs;
  }

  issue(now = Date.now()): string {
    const payload = `${now.toString(36)}.${randomBytes(9).toString('base64url')}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /** Whether a submission with these signals is suspected spam. */
  isSuspect(signals: FormSignals, now = Date.now()): boolean {
    if (signals.trap) return true;
    if (signals.token === undefined) return false;
    const issuedAt = this.issuedAt(signals.token);
    if (issuedAt === undefined || issuedAt > now + CLOCK_SKEW_MS) return true;
    return now - issuedAt < this.minFillMs;
  }

  /** When the token was issued, or undefined when it is not one of ours. */
  private issuedAt(token: string): number | undefined {
    const match = TOKEN_PATTERN.exec(token);
    if (!match) return undefined;
    const expected = Buffer.from(this.sign(`${match[1]}.${match[2]}`));
    const given = Buffer.from(match[3]);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return parseInt(match[1], 36);
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, 16).toString('base64url');
  }
}
