import type { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { openSecret, sealSecret, UnreadableSecret, type SecretUse } from './webhook-secret-box';

/**
 * One kind of sealed value that is sealed again at start (WebhookSecretsAtRest, ChatUrlsAtRest, BusyCalendarUrlsAtRest,
 * AuthenticatorSecretsAtRest).
 */
interface StoredSecrets {
  /** This use's keys (config `keys`): the current one first, then the one from JWT_SECRET when DATA_KEY is set. */
  keys: readonly [current: Buffer, ...earlier: Buffer[]];
  use: SecretUse;
  /** Stores `reseal(stored)` in place of each stored value it answers a new one for (undefined: kept as it is); answers how many. */
  rewrite: (reseal: (stored: string) => string | undefined) => Promise<number>;
  /** How the log counts them: `webhook signing secret(s)`. */
  what: string;
  /** What the log says after "cannot be decrypted with the key from …": why, and what fails until the operator acts. */
  whenUnreadable: string;
  keySource: AppConfig['keys']['dataKeySource'];
  logger: Logger;
}

/**
 * Seals again with the current key every stored value that an earlier key opens or that was stored in plain (by an
 * earlier version, or restored from an older backup), and tells the operator how many no key opens, before a call
 * fails on one. Safe on every start: a value the current key opens is kept as it is.
 */
export async function resealStoredSecrets({
  keys,
  use,
  rewrite,
  what,
  whenUnreadable,
  keySource,
  logger,
}: StoredSecrets): Promise<{ rewritten: number; unreadable: number }> {
  let unreadable = 0;
  const rewritten = await rewrite((stored) => {
    try {
      const { secret, key } = openSecret(keys, stored, use);
      return key === 0 ? undefined : sealSecret(keys[0], secret, use);
    } catch (error) {
      if (!(error instanceof UnreadableSecret)) throw error;
      unreadable += 1;
      return undefined;
    }
  });
  if (rewritten > 0) logger.log(`Encrypted ${rewritten} ${what} with the key from ${keySource}`);
  if (unreadable > 0) logger.error(`${unreadable} ${what} cannot be decrypted with the key from ${keySource} ${whenUnreadable}`);
  return { rewritten, unreadable };
}
