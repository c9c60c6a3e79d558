import { ADMIN_PASSWORD_MAX_LENGTH, ADMIN_PASSWORD_MIN_LENGTH, MESSAGES } from '@brightwave/common';
import { DomainError } from '../common/domain-error';
import { COMMON_PASSWORDS } from './common-passwords';

/**
 * Checked against the 1,000 most common passwords shipped with the code (common-passwords.ts). None is 12
 * characters long, so a password counts as common also when it is one of them with digits or symbols around it
 * ("password1234!"), separators inside it ("pass-word") or repeated ("monkeymonkey"): what people do to pass a
 * length rule.
 */
const COMMON = new Set(COMMON_PASSWORDS);
const SHORTEST_CORE = 4;

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  // Digits and symbols around it, and separators inside it ("pass-word", "dragon-dragon"), do not count.
  const core = lower.replace(/^[\d\W_]+|(?<![\d\W_])[\d\W_]+$/g, '').replace(/[\W_]+/g, '');
  if (core.length >= SHORTEST_CORE && COMMON.has(core)) return true;
  for (let size = SHORTEST_CORE; size <= core.length / 2; size++) {
    const unit = core.slice(0, size);
    if (core.length % size === 0 && unit.repeat(core.length / size) === core && COMMON.has(unit)) return true;
  }
  return false;
}

/**
 * The password policy of every admin: ADMIN_PASSWORD_MIN_LENGTH to ADMIN_PASSWORD_MAX_LENGTH characters, and not
 * one of the most common passwords (isCommonPassword); otherwise a 400 saying what is wrong.
 */
export function checkPassword(password: string): void {
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    throw DomainError.invalid(`The admin password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters long`);
  }
  if (password.length > ADMIN_PASSWORD_MAX_LENGTH) {
    throw DomainError.invalid(`The admin password must be at most ${ADMIN_PASSWORD_MAX_LENGTH} characters long`);
  }
  if (isCommonPassword(password)) throw DomainError.invalid(MESSAGES.passwordTooCommon);
}
