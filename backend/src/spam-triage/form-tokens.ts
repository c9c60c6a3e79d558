import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { FORM_TOKEN_VALID_SECONDS } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** `<issued at, ms, base 36>.<random nonce>.<HMAC of the two>`, all URL-safe. */
const TOKEN_PATTERN = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{12})\.([A-Za-z0-9_-]{22})$/;
/** Instances' clocks may differ a little; a token from further in the future than this was not issued by us. */
const CLOCK_SKEW_MS = 60_000;
const VALID_MS = FORM_TOKEN_VALID_SECONDS * 1000;

/** What a submission of a public form tells about its sender, from the request headers the site sets. */
export interface FormSignals {
  /** FORM_TOKEN_HEADER: the token the site fetched when the person started filling the form. */
  token?: string;
  /** FORM_TRAP_HEADER: set by the site when the hidden honeypot field holds anything. */
  trap?: string;
}

/** A genuine, unexpired token: its nonce is spent by the first submission that uses it (FormTokenUsesRepository). */
export interface TokenUse {
  nonce: string;
  /** When the token expires anyway: its spent nonce need not be kept longer. */
  expiresAt: Date;
}

/**
 * What the signals say, before the database is asked whether the token was used already:
 * - `spam`: a filled honeypot, a token that is not ours (forged, edited, garbled, from the future), or one sent
 *   sooner than FORM_MIN_FILL_SECONDS after it was issued;
 * - `unverified`: no token at all (an API client of SPEC §7) or a genuine one past FORM_TOKEN_VALID_SECONDS: taken
 *   and notified, but nothing vouches that our own form was filled, so the visitor is sent no confirmation;
 * - `fresh`: a genuine, unexpired token sent at a person's pace; `verified` once its nonce is spent for the first
 *   time, suspected spam when it was spent before.
 */
export type FormVerdict = { kind: 'spam' } | { kind: 'unverified' } | { kind: 'fresh'; use: TokenUse };

/**
 * Spam triage of the public forms. The site fetches a signed, time-stamped token when a person starts filling a
 * form and sends it with the form; `judge` reads the signals. The signals only ever come from our own site, so a
 * submission without them is not suspected, only unverified.
 */
@Injectable()
export class FormTokens {
  private readonly key: Buffer;
  private readonly minFillMs: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = config.keys.formToken;
    this.minFillMs = config.spam.formMinFillMs;
  }

  issue(now = Date.now()): string {
    const payload = `${now.toString(36)}.${randomBytes(9).toString('base64url')}`;
    return `${payload}.${this.sign(payload)}`;
  }

  judge(signals: FormSignals, now = Date.now()): FormVerdict {
    if (signals.trap) return { kind: 'spam' };
    if (signals.token === undefined) return { kind: 'unverified' };
    const read = this.read(signals.token);
    if (!read || read.issuedAt > now + CLOCK_SKEW_MS || now - read.issuedAt < this.minFillMs) return { kind: 'spam' };
    if (now - read.issuedAt > VALID_MS) return { kind: 'unverified' };
    return { kind: 'fresh', use: { nonce: read.nonce, expiresAt: new Date(read.issuedAt + VALID_MS) } };
  }

  /** When the token was issued and its nonce, or undefined when it is not one of ours. */
  private read(token: string): { issuedAt: number; nonce: string } | undefined {
    const [, issued, nonce, signature] = TOKEN_PATTERN.exec(token) ?? [];
    if (issued === undefined || nonce === undefined || signature === undefined) return undefined;
    const expected = Buffer.from(this.sign(`${issued}.${nonce}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { issuedAt: parseInt(issued, 36), nonce };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, 16).toString('base64url');
  }
}
