import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (webhook signing secrets, the chat URLs of notification routes, busy calendar feeds' addresses, the
 * admins' authenticator app secrets): AES-256-GCM under a key derived
 * from DATA_KEY or JWT_SECRET (config `keys`, one key per use), in the same text field as
 * `enc:v1:<iv>.<tag>.<ciphertext>` (base64url). A copy of the database (a dump, a backup, a replica) then holds no
 * secret a receiver trusts; only the server, with its key, can sign calls or post to a channel.
 */
const SEALED_PREFIX = 'enc:v1:';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What a sealed value is: bound to the ciphertext, so a value of one use could never be opened as another's. */
export type SecretUse = 'webhook signing secret' | 'chat webhook URL' | 'busy calendar URL' | 'authenticator secret';
const associatedData = (use: SecretUse) => Buffer.from(`brightwave ${use}`);

/** A stored secret that the current key cannot open (DATA_KEY or JWT_SECRET changed since it was written). */
export class UnreadableSecret extends Error {}

export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

export function sealSecret(key: Buffer, secret: string, use: SecretUse = 'webhook signing secret'): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(use));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${SEALED_PREFIX}${[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.')}`;
}

/**
 * The secret as it was given to the admin, opened with the first of `keys` that can (the current key first, then an
 * earlier one), and that key's position; -1 for a value stored before secrets were encrypted (`whsec_…`, `https://…`),
 * answered as it is: it is encrypted at the next start, and calls keep working meanwhile.
 */
export function openSecret(keys: readonly Buffer[], stored: string, use: SecretUse = 'webhook signing secret'): { secret: string; key: number } {
  if (!isSealed(stored)) return { secret: stored, key: -1 };
  const [iv, tag, ciphertext] = stored
    .slice(SEALED_PREFIX.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'));
  if (iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || !ciphertext) throw new UnreadableSecret('the stored secret is damaged');
  for (const [index, key] of keys.entries()) {
    try {
      const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(associatedData(use));
      decipher.setAuthTag(tag);
      return { secret: Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8'), key: index };
    } catch {
      // Not this key (GCM's tag does not match): the next one.
    }
  }
  throw new UnreadableSecret('the stored secret cannot be decrypted with the current key');
}
