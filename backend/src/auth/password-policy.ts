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
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/g, '').replace(/[\W_]+/g, '');
  if (core.length >= SHORTEST_CORE && COMMON.has(core)) return true;
  for (let size = SHORTEST_CORE; size <= core.length / 2; size++) {
    const unit = core.slice(0, size);
    if (core.length % size === 0 && unit.repeat(core.length / size) === core && COMMON.has(unit)) return true;
  }
  return false;
}
