import fs from 'node:fs';
import path from 'node:path';

/** A setting the process cannot start with; the message names the variable and what it accepts. */
export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

/**
 * How one variable is read: what docs/configuration.md shows as its default and accepted values (Markdown), and the
 * parse that turns `env[name]` into its value or throws a ConfigError naming it.
 */
export interface VariableKind<T> {
  default: string;
  accepts: string;
  read(env: Env, name: string): T;
}

/** The variable's value without surrounding blanks; blank or unset = undefined. */
export function readString(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

const code = (value: string | number | boolean) => `\`${String(value)}\``;

function wholeNumber(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

export function integer(fallback: number, min: number, max: number): VariableKind<number> {
  return {
    default: code(fallback),
    accepts: `${min} to ${max}`,
    read: (env, name) => {
      const raw = readString(env, name);
      return raw === undefined ? fallback : wholeNumber(name, raw, min, max);
    },
  };
}

/** A whole number whose absence means something of its own (`unset` explains what). */
export function optionalInteger(min: number, max: number, unset: string): VariableKind<number | undefined> {
  return {
    default: unset,
    accepts: `${min} to ${max}`,
    read: (env, name) => {
      const raw = readString(env, name);
      return raw === undefined ? undefined : wholeNumber(name, raw, min, max);
    },
  };
}

function parseFlag(name: string, env: Env): boolean | undefined {
  const raw = readString(env, name)?.toLowerCase();
  if (raw === undefined) return undefined;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

const FLAG_VALUES = '`true` or `false` (also `1`/`0`, `yes`/`no`)';

export function flag(fallback: boolean): VariableKind<boolean> {
  return { default: code(fallback), accepts: FLAG_VALUES, read: (env, name) => parseFlag(name, env) ?? fallback };
}

/** A flag whose default depends on other settings (`fallback` explains which); loadConfig applies it. */
export function flagDefaultingTo(fallback: string): VariableKind<boolean | undefined> {
  return { default: fallback, accepts: FLAG_VALUES, read: (env, name) => parseFlag(name, env) };
}

export function text(fallback: string, accepts = 'text'): VariableKind<string> {
  return { default: code(fallback), accepts, read: (env, name) => readString(env, name) ?? fallback };
}

/** Text that may be unset (`unset` explains what that means), checked by `check` when set. */
export function optionalText(unset: string, accepts: string, check: (value: string, name: string) => void = () => undefined): VariableKind<string | undefined> {
  return {
    default: unset,
    accepts,
    read: (env, name) => {
      const value = readString(env, name);
      if (value !== undefined) check(value, name);
      return value;
    },
  };
}

/** One of `values`. */
export function oneOf<T extends string>(values: readonly T[], fallback: T): VariableKind<T> {
  return {
    default: code(fallback),
    accepts: values.map((value) => code(value)).join(' or '),
    read: (env, name) => {
      const raw = readString(env, name) ?? fallback;
      const known = values.find((value) => value === raw);
      if (known === undefined) throw new ConfigError(`${name} must be ${values.join(' or ')} (got "${raw}")`);
      return known;
    },
  };
}

/** Text of at least `minBytes` bytes (UTF-8), for secrets. */
export function secret(minBytes: number, unset: string): VariableKind<string | undefined> {
  return optionalText(unset, `at least ${minBytes} bytes`, (value, name) => {
    if (Buffer.byteLength(value) < minBytes) throw new ConfigError(`${name} must be at least ${minBytes} bytes long`);
  });
}

/** `value` when it has at least `minLength` characters; otherwise a ConfigError naming where it came from. */
export function requireMinLength(value: string, minLength: number, name: string): string {
  if (value.length < minLength) throw new ConfigError(`${name} must be at least ${minLength} characters long`);
  return value;
}

/** Text of at least `minLength` characters. */
export function minLengthText(minLength: number, unset: string): VariableKind<string | undefined> {
  return optionalText(unset, `at least ${minLength} characters`, (value, name) => requireMinLength(value, minLength, name));
}

/** A URL with one of `protocols` (e.g. `['smtp:', 'smtps:']`); unset = undefined. */
export function url(protocols: string[], unset: string): VariableKind<string | undefined> {
  const schemes = protocols.map((protocol) => `${protocol}//`);
  return optionalText(unset, `URL starting with ${schemes.map((scheme) => `\`${scheme}\``).join(' or ')}`, (raw, name) => {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new ConfigError(`${name} must be a URL (${protocols.join(', ')})`);
    }
    if (!protocols.includes(parsed.protocol)) throw new ConfigError(`${name} must start with ${schemes.join(' or ')}`);
  });
}

/** A comma-separated list; each item (trimmed, empty ones dropped) must pass `check`. */
export function list(unset: string, accepts: string, check: (item: string, name: string) => void): VariableKind<string[]> {
  return {
    default: unset,
    accepts,
    read: (env, name) => {
      const items = (readString(env, name) ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      for (const item of items) check(item, name);
      return items;
    },
  };
}

/** A path, absolute or from the working directory; `fallback` when unset. */
export function folder(fallback: string): VariableKind<string> {
  return { default: code(fallback), accepts: 'a path', read: (env, name) => path.resolve(readString(env, name) ?? fallback) };
}

/**
 * A folder that is used only when it exists: `fallback` (a path in the repository, shown as `shown`) when unset,
 * none at all for `none`.
 */
export function existingFolder(fallback: string, shown: string): VariableKind<string | undefined> {
  return {
    default: `\`${shown}\` when it exists`,
    accepts: 'a path, or `none`',
    read: (env, name) => {
      const raw = readString(env, name);
      if (raw === 'none') return undefined;
      const dir = path.resolve(raw ?? fallback);
      return fs.existsSync(dir) ? dir : undefined;
    },
  };
}
