import { Transform } from 'class-transformer';

/** Trims string input before validation, so "  " counts as empty and stored text has no stray spaces. */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value), { toClassOnly: true });

/** Trims and lower-cases an e-mail address. */
export const NormalizeEmail = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value), { toClassOnly: true });

/** Trims each string of a list. */
export const TrimEach = () =>
  Transform(({ value }) => (Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item.trim() : item)) : value), { toClassOnly: true });
