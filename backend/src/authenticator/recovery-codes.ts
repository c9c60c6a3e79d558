import { createHmac, randomInt } from 'node:crypto';
import { normalizeRecoveryCode, RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '@brightwave/common';

/** RECOVERY_CODE_COUNT new codes from the operating system's CSPRNG, as shown to the admin: `k7m2p-x9qrt`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join('');
    const half = RECOVERY_CODE_LENGTH / 2;
    return `${characters.slice(0, half)}-${characters.slice(half)}`;
  });
}

/**
 * A recovery code as stored: HMAC-SHA256 under a server key, bound to its admin (decision 085). The codes are random
 * (50 bits), so a slow hash would add nothing that the key does not: without it a copied table cannot be searched
 * offline, and with one hash per code a sign-in finds the code in one indexed query.
 */
export function hashRecoveryCode(key: Buffer, adminId: string, typed: string): string {
  return createHmac('sha256', key)
    .update(`${adminId}:${normalizeRecoveryCode(typed)}`)
    .digest('hex');
}
