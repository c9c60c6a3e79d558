import {
  MESSAGES,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_MAX_PER_WINDOW,
  OTP_RESEND_MIN_INTERVAL_SECONDS,
  OTP_RESEND_WINDOW_SECONDS,
  OTP_TTL_SECONDS,
  type AdminDetails,
} from '@brightwave/common';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ApiError } from '../common/api-error';
import { isId } from '../common/ids';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { AdminRow, LoginChallengeRow } from '../database/schema';
import { loginCodeMail } from '../mail/login-code.mail';
import { MailService } from '../mail/mail.service';
import { toAdminDetails } from './admin.mapper';
import { AdminsRepository } from './admins.repository';
import { Clock } from './clock';
import { LoginChallengesRepository } from './login-challenges.repository';
import { generateOtp, hashOtp, otpMatches } from './otp';
import { PasswordHasher } from './password-hasher';
import { RetryLaterError } from './retry-later.error';
import { SessionTokensService } from './session-tokens.service';

const toMs = (seconds: number) => seconds * 1000;

/**
 * Admin sign-in (SPEC §4): password, then a code e-mailed for that login attempt, then a session token.
 * Every failure of the first step gives the same answer, and every code rule (expiry, single use, attempts,
 * resend spacing) is enforced here against the server clock.
 */
@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly admins: AdminsRepository,
    private readonly challenges: LoginChallengesRepository,
    private readonly passwords: PasswordHasher,
    private readonly tokens: SessionTokensService,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  /** Checks the password and mails a code; a new login voids every earlier code of the admin. */
  async login(email: string, password: string): Promise<{ adminId: string }> {
    const admin = await this.admins.findByEmail(email);
    const valid = admin
      ? await this.passwords.verify(admin.passwordHash, password)
      : await this.passwords.verifyNothing(password);
    if (!admin || !valid) throw ApiError.unauthorized(MESSAGES.invalidCredentials);

    const now = this.clock.now();
    const id = randomUUID();
    const code = generateOtp();
    await this.challenges.replaceFor(admin.id, {
      id,
      codeHash: hashOtp(this.config.jwtSecret, id, code),
      expiresAt: new Date(now.getTime() + toMs(OTP_TTL_SECONDS)),
      lastSentAt: now,
      sendCount: 1,
      sendWindowStartedAt: now,
    });
    await this.sendCode(admin, code);
    return { adminId: admin.id };
  }

  async verify(adminId: string, otp: string): Promise<{ token: string; admin: AdminDetails }> {
    const admin = isId(adminId) ? await this.admins.findById(adminId) : undefined;
    const open = admin ? await this.challenges.findOpen(admin.id) : undefined;
    if (!admin || !open) throw ApiError.badRequest(MESSAGES.verificationExpired);
    const now = this.clock.now();
    this.assertUsable(open, now);

    const challenge = await this.challenges.takeAttempt(open.id, OTP_MAX_ATTEMPTS, now);
    // Another request used the last attempt, the code, or the time in between.
    if (!challenge) throw ApiError.badRequest(MESSAGES.verifyInvalidCode);
    if (!otpMatches(this.config.jwtSecret, challenge.id, otp, challenge.codeHash)) {
      const attemptsLeft = OTP_MAX_ATTEMPTS - (challenge.failedAttempts + 1);
      throw ApiError.badRequest(attemptsLeft > 0 ? MESSAGES.verifyInvalidCode : MESSAGES.tooManyAttempts);
    }
    // The code hash is compared again so a resend that replaced the code meanwhile wins.
    if (!(await this.challenges.consume(challenge.id, challenge.codeHash, now))) {
      throw ApiError.badRequest(MESSAGES.verifyInvalidCode);
    }
    return { token: await this.tokens.issue(admin.id), admin: toAdminDetails(admin) };
  }

  /** Mails a new code for the same login attempt; the previous code stops working. */
  async resend(adminId: string): Promise<void> {
    const admin = isId(adminId) ? await this.admins.findById(adminId) : undefined;
    const open = admin ? await this.challenges.findOpen(admin.id) : undefined;
    if (!admin || !open) throw ApiError.badRequest(MESSAGES.verificationExpired);
    const now = this.clock.now();
    this.assertUsable(open, now);

    const sinceLastSend = now.getTime() - open.lastSentAt.getTime();
    if (sinceLastSend < toMs(OTP_RESEND_MIN_INTERVAL_SECONDS)) {
      throw new RetryLaterError(
        MESSAGES.resendTooSoon,
        Math.ceil((toMs(OTP_RESEND_MIN_INTERVAL_SECONDS) - sinceLastSend) / 1000),
      );
    }
    const windowEnd = open.sendWindowStartedAt.getTime() + toMs(OTP_RESEND_WINDOW_SECONDS);
    const windowOver = now.getTime() >= windowEnd;
    // sendCount counts the first code too: OTP_RESEND_MAX_PER_WINDOW resends on top of it.
    if (!windowOver && open.sendCount > OTP_RESEND_MAX_PER_WINDOW) {
      throw new RetryLaterError(MESSAGES.resendTooSoon, Math.ceil((windowEnd - now.getTime()) / 1000));
    }

    const code = generateOtp();
    const replaced = await this.challenges.replaceCode(open.id, open.lastSentAt, {
      codeHash: hashOtp(this.config.jwtSecret, open.id, code),
      expiresAt: new Date(now.getTime() + toMs(OTP_TTL_SECONDS)),
      lastSentAt: now,
      sendCount: windowOver ? 1 : open.sendCount + 1,
      sendWindowStartedAt: windowOver ? now : open.sendWindowStartedAt,
    });
    // A parallel resend got there first and mailed its own code.
    if (!replaced) throw new RetryLaterError(MESSAGES.resendTooSoon, OTP_RESEND_MIN_INTERVAL_SECONDS);
    await this.sendCode(admin, code);
  }

  logout(sessionId: string): Promise<void> {
    return this.tokens.revoke(sessionId);
  }

  /** Expired codes and codes out of attempts cannot be verified or resent: the admin logs in again. */
  private assertUsable(challenge: LoginChallengeRow, now: Date): void {
    if (challenge.failedAttempts >= OTP_MAX_ATTEMPTS) throw ApiError.badRequest(MESSAGES.tooManyAttempts);
    if (challenge.expiresAt.getTime() <= now.getTime()) throw ApiError.badRequest(MESSAGES.verificationExpired);
  }

  private async sendCode(admin: AdminRow, code: string): Promise<void> {
    try {
      await this.mail.send(loginCodeMail(admin, code));
    } catch (error) {
      this.logger.error(`The verification code for ${admin.email} could not be sent: ${(error as Error).message}`);
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, MESSAGES.codeSendFailure);
    }
  }
}
