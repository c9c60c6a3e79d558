import { AUTHENTICATOR_CODE_PATTERN } from '@brightwave/common';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

/** Seconds per time step, as every authenticator app counts them by default (RFC 6238). */
export const TOTP_PERIOD_SECONDS = 30;
/** 160 bits, the length RFC 4226 recommends for an HMAC-SHA1 secret. */
const SECRET_BYTES = 20;

export function newTotpSecret(): string {
  return generateSecret({ length: SECRET_BYTES });
}

/** What the QR code holds: the issuer (the company) and the admin's e-mail are what the app shows beside the codes. */
export function totpUri(issuer: string, label: string, secret: string): string {
  return generateURI({ issuer, label, secret });
}

/** The QR code of `text` as an SVG document, drawn here so that the admin app carries no QR library. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * The time step whose code `code` is, when it is that of the current step or of the one just before or after (one step
 * of clock drift either way, RFC 6238 §5.2) and later than `afterStep` (a code of a step already used is a replay).
 * Compared in constant time by the library.
 */
export function stepOfCode(secret: string, code: string, now: Date, afterStep: number | null): number | undefined {
  if (!AUTHENTICATOR_CODE_PATTERN.test(code)) return undefined;
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // A TOTP result carries its step (the library's type also covers HOTP's, which has none).
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
