import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@brightwave/common';

/** A code of OTP_LENGTH digits from the operating system's CSPRNG. */
export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * Codes are stored as an HMAC keyed with a key derived from the server secret and bound to their challenge: a leaked table row
 * cannot be brute-forced offline (a million codes) without the secret, nor replayed on another challenge.
 */
export function hashOtp(secret: Buffer, challengeId: string, code: string): string {
  return createHmac('sha256', secret).update(`${challengeId}:${code}`).digest('hex');
}

export function otpMatches(secret: Buffer, challengeId: string, code: string, storedHash: string): boolean {
  const actual = Buffer.from(hashOtp(secret, challengeId, code), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
