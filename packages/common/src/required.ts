/**
 * The value, or an error naming what is missing: for a lookup whose absence would be a bug (an element of a list just
 * checked to be non-empty, the row an INSERT … RETURNING gives), where noUncheckedIndexedAccess cannot see it.
 */
export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Expected ${what}, found none`);
  return value;
}
