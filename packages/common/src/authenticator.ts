// Strong sign-in (docs/features/sign-in.md): an authenticator app (TOTP, RFC 6238) and recovery codes, beside the
// mailed code of the spec's sign-in.
import { OTP_LENGTH } from './limits';

/**
 * What the sign-in's second step takes for an admin, as the login step answers it (`factors`): the code mailed for
 * that login, the current code of the admin's authenticator app, or one of their recovery codes. An admin without an
 * authenticator app gets `['email-code']`, the spec's sign-in.
 */
export const SIGN_IN_FACTORS = ['email-code', 'authenticator', 'recovery-code'] as const;
export type SignInFactor = (typeof SIGN_IN_FACTORS)[number];

/** Recovery codes made when an authenticator app is turned on, and when the admin replaces them; each signs in once. */
export const RECOVERY_CODE_COUNT = 10;
/**
 * A recovery code: 10 characters of Crockford's base32 (50 bits), shown as two groups of five (`k7m2p-x9qrt`). Typed
 * in any letter case, with or without the hyphen and spaces; O is read as 0, I and L as 1.
 */
export const RECOVERY_CODE_LENGTH = 10;
export const RECOVERY_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** What the API takes as a recovery code, before it is normalized (normalizeRecoveryCode). */
export const RECOVERY_CODE_INPUT_PATTERN = /^[\s-]*(?:[0-9a-z][\s-]*){10}$/i;
/** The authenticator app's code: OTP_LENGTH digits. */
export const AUTHENTICATOR_CODE_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** A recovery code as stored (before hashing) and compared: lower case, no separators, O→0, I/L→1. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
}

/** GET /api/admin/me/totp: whether the signed-in admin's authenticator app is on, since when, and their unused recovery codes. */
export interface AuthenticatorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

/** POST /api/admin/me/totp: a new secret, pending until a code from the app confirms it. */
export interface AuthenticatorSetup {
  /** Base32, for typing into the app by hand. */
  secret: string;
  /** `otpauth://totp/<issuer>:<e-mail>?secret=…&issuer=…`, what the QR code holds. */
  otpauthUrl: string;
  /** The QR code of `otpauthUrl`, as an SVG document. */
  qrSvg: string;
}

export interface AuthenticatorCodePayload {
  code: string;
}

/**
 * The admin's password, asked again before a change to their sign-in (decision 088): POST /api/admin/me/totp (a setup;
 * its confirmation then takes the code of the app only that answer showed).
 */
export interface ReauthenticationPayload {
  password: string;
}

/**
 * The password, and a current code of the app or an unused recovery code: what turning the app off
 * (DELETE /api/admin/me/totp) and replacing the recovery codes (POST /api/admin/me/totp/recovery-codes) take.
 */
export interface PasswordAndCodePayload extends ReauthenticationPayload {
  code: string;
}

/** Every text a person reads about the authenticator app: the API's answers, the Account screen's and the sign-in's. */
export const AUTHENTICATOR_MESSAGES = {
  /** The login step's message when no code is mailed (its `factors` have no `email-code`). */
  codeAsked: 'Enter the code from your authenticator app',
  /** Resend, for an admin whose sign-in takes no mailed code. */
  mailedCodeNotOffered: 'No code is mailed for this account: enter the code from your authenticator app, or one of your recovery codes',
  codeOrRecoveryCode: 'Send either the verification code or a recovery code, not both',
  recoveryCodeFormat: 'A recovery code is 10 letters and digits, such as k7m2p-x9qrt',
  codeMissing: 'Please enter the code from your authenticator app',
  codeFormat: `The code is the ${OTP_LENGTH} digits your authenticator app shows`,
  codeWrong: 'That code is not right: enter the code your authenticator app shows now',
  appOrRecoveryCodeMissing: 'Please enter a code from your authenticator app, or a recovery code',
  appOrRecoveryCodeFormat: `Enter the ${OTP_LENGTH} digits your authenticator app shows, or one of your recovery codes`,
  appOrRecoveryCodeWrong: 'That is neither the code your authenticator app shows now nor an unused recovery code',
  passwordMissing: 'Please provide your password',
  passwordWrong: 'That is not your password: enter the password you sign in with',
  alreadyEnabled: 'An authenticator app is already turned on. Turn it off before setting up another one.',
  nothingPending: 'No authenticator app is being set up: start again with "Set up an authenticator app"',
  notEnabled: 'No authenticator app is turned on',
  setUpFailure: 'Failed to set up the authenticator app',
  enabled: 'Authenticator app turned on. Save your recovery codes now: they are shown only once.',
  enableFailure: 'Failed to turn on the authenticator app',
  removed: 'Authenticator app turned off: you sign in with a code sent by e-mail again',
  removeFailure: 'Failed to turn off the authenticator app',
  recoveryCodesReplaced: 'New recovery codes made; the old ones no longer work. Save the new ones now: they are shown only once.',
  replaceCodesFailure: 'Failed to replace the recovery codes',
  loadFailure: 'Failed to load your two-step sign-in',
  codesCopied: 'Recovery codes copied',
  copyFailure: 'The codes could not be copied: select them and copy them yourself',
} as const;
