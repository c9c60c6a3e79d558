import {
  AUTHENTICATOR_MESSAGES,
  CODE_FAILURES_PER_ADDRESS,
  CODE_FAILURES_PER_ADMIN,
  KNOWN_ADDRESS_DAYS,
  MESSAGES,
  OTP_CHALLENGE_MAX_AGE_SECONDS,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_MAX_PER_WINDOW,
  OTP_RESEND_WINDOW_SECONDS,
  OTP_TTL_SECONDS,
  SIGN_IN_POLICY_MESSAGES,
  SSO_MESSAGES,
  type AdminDetails,
  type SignInFactor,
} from '@brightwave/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AdminsRepository } from '../accounts/admins.repository';
import { AuditLog } from '../audit/audit-log';
import { AuthenticatorService } from '../authenticator/authenticator.service';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { AdminRow, LoginChallengeRow } from '../database/schema';
import { loginCodeMail } from '../mail/login-code.mail';
import { MailService } from '../mail/mail.service';
import { SignInRequirement } from '../sign-in-policy/sign-in-requirement';
import { toAdminDetails } from './admin.mapper';
import { Clock } from './clock';
import { LoginChallengesRepository } from './login-challenges.repository';
import { generateOtp, hashOtp, otpMatches } from './otp';
import { failureWindowStart, lockedOut, PasswordCheck } from './password-check';
import { SessionTokensService } from './session-tokens.service';
import { SignInAlerts } from './sign-in-alerts';
import { SignInAttemptsRepository } from './sign-in-attempts.repository';

const toMs = (seconds: number) => seconds * 1000;
const DAY_SECONDS = 24 * 60 * 60;
// Sign-in attempts are kept as long as they can make an address a known one.
const ATTEMPTS_KEPT_SECONDS = KNOWN_ADDRESS_DAYS * DAY_SECONDS;
/** Whether the code step's answer is right for the login attempt (as it stands after its try was counted), and which factor it was. */
type AnswerCheck = (challenge: LoginChallengeRow) => Promise<SignInFactor | undefined>;

/** What the code step was given: the mailed or the authenticator app's code (`otp`), or a recovery code. */
export interface SecondStepAnswer {
  otp?: string;
  recoveryCode?: string;
}

/** Where a sign-in step comes from, and which login attempt it continues (the login step's `challenge`). */
export interface SignInContext {
  address: string;
  userAgent?: string;
  challenge?: string;
}

/**
 * Admin sign-in (SPEC §4): password, then a code e-mailed for that login attempt, then a session token. An admin with
 * an authenticator app gives its code (or a recovery code) instead, and is mailed none (AuthenticatorService.factorsOf).
 * Every failure of the first step gives the same answer, and every code rule (expiry, single use, attempts, resend
 * spacing, the lockouts) is enforced here against the server clock, whatever the code.
 */
@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly admins: AdminsRepository,
    private readonly challenges: LoginChallengesRepository,
    private readonly attempts: SignInAttemptsRepository,
    private readonly passwordCheck: PasswordCheck,
    private readonly alerts: SignInAlerts,
    private readonly tokens: SessionTokensService,
    private readonly mail: MailService,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly authenticator: AuthenticatorService,
    private readonly requirement: SignInRequirement,
  ) {}

  /**
   * Checks the password and mails a code; a new login voids every earlier code of the admin. Only failures count
   * against an account (PasswordCheck), so a stranger guessing cannot lock the real admin out. An admin whose code step
   * takes no mailed code is mailed none; their login attempt has the same lifetime and tries. One whom the sign-in
   * policy no longer lets in with a mailed code, and who has no authenticator app, is refused past the password.
   */
  async login(email: string, password: string, context: SignInContext): Promise<{ adminId: string; challenge: string; factors: SignInFactor[] }> {
    const admin = await this.admins.findByEmail(email);
    const valid = await this.passwordCheck.verify(email, admin, password, context.address, { step: 'password' });
    // An unknown e-mail takes as long and counts the same: one answer for both.
    if (!valid || !admin) throw DomainError.unauthorized(MESSAGES.invalidCredentials);
    const now = this.clock.now();
    // Only past the password: a disabled account is not revealed to someone who does not know it.
    if (admin.disabledAt) {
      await this.audit.record('auth.sign_in_failed', null, { step: 'password', reason: 'disabled' }, { admin: { id: admin.id, email } });
      throw DomainError.forbidden(MESSAGES.accountDisabled);
    }

    // Only owners keep the password when single sign-on is the way in (OIDC_PASSWORD_SIGN_IN=owners, decision 093).
    const sso = this.config.sso.provider;
    if (sso && this.config.sso.passwordSignIn === 'owners' && admin.role !== 'owner') {
      await this.audit.record('auth.sign_in_failed', null, { step: 'password', reason: 'sso-only' }, { admin: { id: admin.id, email } });
      throw DomainError.forbidden(SSO_MESSAGES.passwordRefused(sso.name));
    }

    const factors = await this.authenticator.factorsOf(admin.id);
    if (factors.length === 0) {
      await this.audit.record('auth.sign_in_failed', null, { step: 'password', reason: 'sign-in-policy' }, { admin: { id: admin.id, email } });
      throw await this.refusedByPolicy(admin.id);
    }
    const id = randomUUID();
    // Made even when not mailed: the attempt's row is the same, and no code is known to anyone.
    const code = generateOtp();
    await this.challenges.replaceFor(admin.id, {
      id,
      codeHash: hashOtp(this.config.keys.loginCodeHash, id, code),
      expiresAt: new Date(now.getTime() + toMs(OTP_TTL_SECONDS)),
      lastSentAt: now,
      sendCount: 1,
      sendWindowStartedAt: now,
      createdAt: now,
    });
    if (factors.includes('email-code')) await this.sendCode(admin, code);
    return { adminId: admin.id, challenge: id, factors };
  }

  /**
   * The code step. Sent with the login's `challenge`, a wrong code counts against that login attempt only
   * (OTP_MAX_ATTEMPTS, then log in again) and against the admin's wrong codes sent with a challenge in any login
   * (CODE_FAILURES_PER_ADMIN): only someone who passed the password step can add to either. Sent with the admin id
   * alone (SPEC §7), it takes none of the attempt's tries: it counts per client address (CODE_FAILURES_PER_ADDRESS)
   * and per admin among such calls (CODE_FAILURES_PER_ADMIN), so someone who learnt the id can neither lock out the
   * holder of the challenge nor guess the code from many addresses. The same counts hold for the authenticator app's
   * codes and recovery codes.
   */
  async verify(adminId: string, answer: SecondStepAnswer, context: SignInContext): Promise<{ token: string; admin: AdminDetails; mustEnrol?: true }> {
    if (answer.otp !== undefined && answer.recoveryCode !== undefined) {
      throw DomainError.invalid(AUTHENTICATOR_MESSAGES.codeOrRecoveryCode, { recoveryCode: AUTHENTICATOR_MESSAGES.codeOrRecoveryCode });
    }
    const { admin, open } = await this.openChallenge(adminId, context);
    const now = this.clock.now();
    const factors = await this.authenticator.factorsOf(admin.id);
    // The policy changed since the password step (a grace period ended, a passkey added): the mailed code no longer signs them in.
    if (factors.length === 0) throw await this.refusedByPolicy(admin.id);
    const matches: AnswerCheck = (challenge) => this.answerMatches(admin, challenge, factors, answer, now);
    const factor =
      context.challenge === undefined
        ? await this.checkCodeByIdAlone(admin, open, matches, context.address, now)
        : await this.checkCodeOfChallenge(admin, open, matches, context.address, now);
    await this.attempts.deleteOlderThan(new Date(now.getTime() - toMs(ATTEMPTS_KEPT_SECONDS)));
    // Disabled between the password and the code: no session.
    if (admin.disabledAt) throw DomainError.forbidden(MESSAGES.accountDisabled);
    await this.admins.markSignedIn(admin.id, now);
    const token = await this.tokens.issue(admin.id, { address: context.address, userAgent: context.userAgent });
    const mustEnrol = await this.requirement.mustEnrol(admin.id);
    await this.audit.record(
      'auth.sign_in',
      { kind: 'admin', id: admin.id },
      { with: factor, ...(mustEnrol ? { mustEnrol: true } : {}) },
      { admin: { id: admin.id, email: admin.email } },
    );
    // Said only to an admin who must set up a strong factor: everyone else gets the spec's answer, unchanged.
    return { token, admin: toAdminDetails(admin), ...(mustEnrol ? { mustEnrol: true as const } : {}) };
  }

  /** Mails a new code for the same login attempt; the previous code stops working. */
  async resend(adminId: string, context: SignInContext): Promise<void> {
    const { admin, open } = await this.openChallenge(adminId, context);
    const factors = await this.authenticator.factorsOf(admin.id);
    if (factors.length === 0) throw await this.refusedByPolicy(admin.id);
    if (!factors.includes('email-code')) throw DomainError.conflict(AUTHENTICATOR_MESSAGES.mailedCodeNotOffered);
    const now = this.clock.now();
    this.assertUsable(open, now);

    const interval = this.config.timings.codeResendIntervalSeconds;
    const sinceLastSend = now.getTime() - open.lastSentAt.getTime();
    if (sinceLastSend < toMs(interval)) {
      throw DomainError.rateLimited(MESSAGES.resendTooSoon, Math.ceil((toMs(interval) - sinceLastSend) / 1000));
    }
    const windowEnd = open.sendWindowStartedAt.getTime() + toMs(OTP_RESEND_WINDOW_SECONDS);
    const windowOver = now.getTime() >= windowEnd;
    // sendCount counts the first code too: OTP_RESEND_MAX_PER_WINDOW resends on top of it.
    if (!windowOver && open.sendCount > OTP_RESEND_MAX_PER_WINDOW) {
      throw DomainError.rateLimited(MESSAGES.resendTooSoon, Math.ceil((windowEnd - now.getTime()) / 1000));
    }

    const code = generateOtp();
    const replaced = await this.challenges.replaceCode(open.id, open.lastSentAt, {
      codeHash: hashOtp(this.config.keys.loginCodeHash, open.id, code),
      // A resend never takes the attempt past its absolute lifetime.
      expiresAt: new Date(Math.min(now.getTime() + toMs(OTP_TTL_SECONDS), this.challengeEnd(open))),
      lastSentAt: now,
      sendCount: windowOver ? 1 : open.sendCount + 1,
      sendWindowStartedAt: windowOver ? now : open.sendWindowStartedAt,
    });
    // A parallel resend got there first and mailed its own code.
    if (!replaced) throw DomainError.rateLimited(MESSAGES.resendTooSoon, interval);
    await this.sendCode(admin, code);
  }

  async logout(sessionId: string): Promise<void> {
    await this.tokens.revoke(sessionId);
    await this.audit.record('auth.logout', { kind: 'session', id: sessionId });
  }

  /**
   * What the answer is, when it is right for one of the admin's factors: the code mailed for this challenge, a code of
   * the app not used before, or an unused recovery code (each of the last two is then used).
   */
  private async answerMatches(
    admin: AdminRow,
    challenge: LoginChallengeRow,
    factors: SignInFactor[],
    answer: SecondStepAnswer,
    now: Date,
  ): Promise<SignInFactor | undefined> {
    if (answer.recoveryCode !== undefined) {
      return factors.includes('recovery-code') && (await this.authenticator.acceptRecoveryCode(admin, answer.recoveryCode, now)) ? 'recovery-code' : undefined;
    }
    const otp = answer.otp;
    if (otp === undefined) return undefined;
    if (factors.includes('authenticator') && (await this.authenticator.acceptCode(admin, otp, now))) return 'authenticator';
    if (factors.includes('email-code') && otpMatches(this.config.keys.loginCodeHash, challenge.id, otp, challenge.codeHash)) return 'email-code';
    return undefined;
  }

  /** A code sent with the login's challenge: answers its factor when it is right (the challenge is then used), else throws. */
  private async checkCodeOfChallenge(admin: AdminRow, open: LoginChallengeRow, matches: AnswerCheck, address: string, now: Date): Promise<SignInFactor> {
    if ((await this.attempts.challengeCodeFailuresSince(admin.id, failureWindowStart(now))) >= CODE_FAILURES_PER_ADMIN) {
      throw lockedOut(MESSAGES.codeLocked);
    }
    this.assertUsable(open, now);
    const challenge = await this.challenges.takeAttempt(open.id, OTP_MAX_ATTEMPTS, now);
    // Another request used the last attempt, the code, or the time in between.
    if (!challenge) throw DomainError.invalid(MESSAGES.verifyInvalidCode);
    const factor = await matches(challenge);
    if (factor === undefined) {
      await this.attempts.record({ step: 'code', adminId: admin.id, address, challengeId: challenge.id, succeeded: false });
      await this.codeFailed(admin, 'challenge');
      const failuresNow = await this.attempts.challengeCodeFailuresSince(admin.id, failureWindowStart(now));
      if (failuresNow === CODE_FAILURES_PER_ADMIN) await this.alerts.send(admin, 'code-failures');
      const attemptsLeft = OTP_MAX_ATTEMPTS - (challenge.failedAttempts + 1);
      throw DomainError.invalid(attemptsLeft > 0 ? MESSAGES.verifyInvalidCode : MESSAGES.tooManyAttempts);
    }
    // The code hash is compared again so a resend that replaced the code meanwhile wins.
    if (!(await this.challenges.consume(challenge.id, challenge.codeHash, now, true))) {
      throw DomainError.invalid(MESSAGES.verifyInvalidCode);
    }
    await this.attempts.record({ step: 'code', adminId: admin.id, address, challengeId: challenge.id, succeeded: true });
    return factor;
  }

  /** A code sent with the admin id alone: answers its factor when it is right (the challenge is then used), else throws. */
  private async checkCodeByIdAlone(admin: AdminRow, open: LoginChallengeRow, matches: AnswerCheck, address: string, now: Date): Promise<SignInFactor> {
    this.assertUsable(open, now);
    const attempt = await this.attempts.reserveIdOnlyCodeAttempt({ adminId: admin.id, address }, failureWindowStart(now));
    if (attempt.fromAddress > CODE_FAILURES_PER_ADDRESS || attempt.ofAdmin > CODE_FAILURES_PER_ADMIN) {
      await this.attempts.deleteAttempt(attempt.id);
      throw lockedOut(MESSAGES.codeLocked);
    }
    const factor = await matches(open);
    if (factor === undefined) {
      // The reserved attempt stays, as this failure.
      await this.codeFailed(admin, 'admin-id');
      if (attempt.ofAdmin === CODE_FAILURES_PER_ADMIN) await this.alerts.send(admin, 'code-guesses');
      throw DomainError.invalid(MESSAGES.verifyInvalidCode);
    }
    if (!(await this.challenges.consume(open.id, open.codeHash, now, false))) {
      throw DomainError.invalid(MESSAGES.verifyInvalidCode);
    }
    await this.attempts.markSucceeded(attempt.id);
    return factor;
  }

  /** The 403 of an admin whom the sign-in policy no longer lets in with a mailed code, saying why. */
  private async refusedByPolicy(adminId: string): Promise<DomainError> {
    return DomainError.forbidden((await this.requirement.mailedCodeRefusal(adminId)) ?? SIGN_IN_POLICY_MESSAGES.mailedCodeRefused);
  }

  private async codeFailed(admin: AdminRow, via: 'challenge' | 'admin-id'): Promise<void> {
    await this.audit.record('auth.code_failed', { kind: 'admin', id: admin.id }, { via }, { admin: { id: admin.id, email: admin.email } });
  }

  /**
   * The admin and their open login attempt. Ids are UUIDs, so any letter case names the same admin. A `challenge`
   * that is not the open attempt's (an older login, another browser) is answered like an expired code.
   */
  private async openChallenge(adminId: string, context: SignInContext): Promise<{ admin: AdminRow; open: LoginChallengeRow }> {
    const normalizedId = adminId.trim().toLowerCase();
    const admin = isId(normalizedId) ? await this.admins.findById(normalizedId) : undefined;
    const open = admin ? await this.challenges.findOpen(admin.id) : undefined;
    if (!admin || !open) throw DomainError.invalid(MESSAGES.verificationExpired);
    if (context.challenge !== undefined && context.challenge.toLowerCase() !== open.id) {
      throw DomainError.invalid(MESSAGES.verificationExpired);
    }
    return { admin, open };
  }

  /** Expired codes, codes out of attempts and attempts past their lifetime cannot be verified or resent. */
  private assertUsable(challenge: LoginChallengeRow, now: Date): void {
    if (challenge.failedAttempts >= OTP_MAX_ATTEMPTS) throw DomainError.invalid(MESSAGES.tooManyAttempts);
    const expiresAt = Math.min(challenge.expiresAt.getTime(), this.challengeEnd(challenge));
    if (expiresAt <= now.getTime()) throw DomainError.invalid(MESSAGES.verificationExpired);
  }

  private challengeEnd(challenge: LoginChallengeRow): number {
    return challenge.createdAt.getTime() + toMs(OTP_CHALLENGE_MAX_AGE_SECONDS);
  }

  private async sendCode(admin: AdminRow, code: string): Promise<void> {
    try {
      await this.mail.send(loginCodeMail(admin, code));
    } catch (error) {
      this.logger.error(`The verification code for ${admin.email} could not be sent: ${(error as Error).message}`);
      throw DomainError.unavailable(MESSAGES.codeSendFailure);
    }
  }
}
