import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import { BACKUP_KEY_SCRYPT, type KeyDerivationCost } from '../config/key-derivation';
import fs from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';

/*
 * An encrypted archive (BACKUP_PASSPHRASE or --passphrase-file) is the tar archive sealed in chunks with AES-256-GCM
 * under a key derived from the passphrase with scrypt, after the STREAM construction (Hoang, Reyhanitabar, Rogaway,
 * Vizár 2015): each chunk's nonce holds its number and whether it is the last one, so an altered byte, chunks
 * swapped, dropped or added, and a file cut short at any point all fail authentication. Node's own crypto does it
 * all (no dependency); archives are tens of MB and more, so both ways stream and hold one chunk at a time.
 *
 *   header, 59 bytes, authenticated with every chunk (its additional data):
 *     "BWBACKUP-ENC" (12) · format version 1 (1) · scrypt log2(N), r, p (1 each) · chunk size (4, big-endian) ·
 *     salt (16) · nonce prefix (7, random) · key check (16: HMAC-SHA256 of the bytes before it, so a wrong passphrase
 *     is told apart from a damaged chunk)
 *   chunks: each `chunk size` bytes of the tar archive (the last one 0 to `chunk size`) + a 16-byte GCM tag;
 *     nonce = nonce prefix · chunk number (4, big-endian) · 1 for the last chunk, else 0
 */

const MAGIC = Buffer.from('BWBACKUP-ENC', 'ascii');
const FORMAT_VERSION = 1;
export const SEALED_HEADER_BYTES = MAGIC.length + 1 + 3 + 4 + 16 + 7 + 16;
const TAG_BYTES = 16;
const CHUNK_BYTES = 1024 * 1024;
// What a header may ask of a reader: an archive is refused rather than allowed to demand gigabytes or hours.
const MAX_SCRYPT_MEMORY = 1024 * 1024 * 1024;
const MIN_CHUNK_BYTES = 1024;
const MAX_CHUNK_BYTES = 16 * 1024 * 1024;

/** A reason an encrypted archive cannot be opened; the caller reports it as a damaged archive. */
export class SealedArchiveError extends Error {}

interface Keys {
  cipher: Buffer;
  check: Buffer;
}

function deriveKeys(passphrase: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Keys> {
  const N = 2 ** log2N;
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * p + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), salt, 64, options, (error, key) =>
      error ? reject(error) : resolve({ cipher: key.subarray(0, 32), check: key.subarray(32) }),
    ),
  );
}

const keyCheck = (keys: Keys, headerStart: Buffer) => createHmac('sha256', keys.check).update(headerStart).digest().subarray(0, 16);

function nonce(prefix: Buffer, index: number, last: boolean): Buffer {
  const value = Buffer.alloc(12);
  prefix.copy(value, 0);
  value.writeUInt32BE(index, 7);
  value[11] = last ? 1 : 0;
  return value;
}

/** Cuts a stream into pieces of `size` bytes, copying each byte about once (not once per incoming block). */
class Chunker {
  private parts: Buffer[] = [];
  private bytes = 0;

  constructor(private readonly size: number) {}

  add(data: Buffer): void {
    this.parts.push(data);
    this.bytes += data.length;
  }

  /** The next full piece, only while more than one piece is held: what is left at the end is the last one. */
  takeIfMoreFollows(): Buffer | undefined {
    if (this.bytes <= this.size) return undefined;
    const [only, ...more] = this.parts;
    const all = only && more.length === 0 ? only : Buffer.concat(this.parts, this.bytes);
    this.parts = [all.subarray(this.size)];
    this.bytes -= this.size;
    return all.subarray(0, this.size);
  }

  rest(): Buffer {
    return Buffer.concat(this.parts, this.bytes);
  }
}

/** The stream that turns a tar archive into an encrypted one (header first), its key by scrypt at `cost`. */
export async function sealingStream(passphrase: string, cost: KeyDerivationCost): Promise<Transform> {
  const salt = randomBytes(16);
  const noncePrefix = randomBytes(7);
  const SCRYPT = BACKUP_KEY_SCRYPT[cost];
  const keys = await deriveKeys(passphrase, salt, SCRYPT.log2N, SCRYPT.r, SCRYPT.p);
  const start = Buffer.alloc(SEALED_HEADER_BYTES - 16);
  MAGIC.copy(start, 0);
  let at = MAGIC.length;
  at = start.writeUInt8(FORMAT_VERSION, at);
  at = start.writeUInt8(SCRYPT.log2N, at);
  at = start.writeUInt8(SCRYPT.r, at);
  at = start.writeUInt8(SCRYPT.p, at);
  at = start.writeUInt32BE(CHUNK_BYTES, at);
  at += salt.copy(start, at);
  noncePrefix.copy(start, at);
  const header = Buffer.concat([start, keyCheck(keys, start)]);
  return new SealChunks(keys.cipher, header, noncePrefix, CHUNK_BYTES);
}

class SealChunks extends Transform {
  private readonly chunks: Chunker;
  private index = 0;

  constructor(
    private readonly key: Buffer,
    private readonly header: Buffer,
    private readonly noncePrefix: Buffer,
    chunkBytes: number,
  ) {
    super();
    this.chunks = new Chunker(chunkBytes);
    this.push(header);
  }

  override _transform(data: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.chunks.add(data);
    // A full chunk is sealed only once more follows: the last one (perhaps empty) is sealed as the last.
    for (let chunk = this.chunks.takeIfMoreFollows(); chunk; chunk = this.chunks.takeIfMoreFollows()) this.push(this.seal(chunk, false));
    done();
  }

  override _flush(done: TransformCallback): void {
    this.push(this.seal(this.chunks.rest(), true));
    done();
  }

  private seal(plain: Buffer, last: boolean): Buffer {
    if (this.index > 0xffffffff) throw new Error('The archive is too large to encrypt in one piece');
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce(this.noncePrefix, this.index++, last));
    cipher.setAAD(this.header);
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  }
}

/** An encrypted archive's header as read from its file; undefined for a file that is not one (a plain tar). */
export async function readSealedHeader(file: string): Promise<{ open(passphrase: string): Promise<Transform> } | undefined> {
  const handle = await fs.open(file, 'r');
  const header = Buffer.alloc(SEALED_HEADER_BYTES);
  let read: number;
  try {
    ({ bytesRead: read } = await handle.read(header, 0, SEALED_HEADER_BYTES, 0));
  } finally {
    await handle.close();
  }
  if (read < MAGIC.length || !header.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  if (read < SEALED_HEADER_BYTES) throw new SealedArchiveError('it is cut short inside its header');
  let at = MAGIC.length;
  const version = header.readUInt8(at++);
  if (version !== FORMAT_VERSION) throw new SealedArchiveError(`its encryption format is ${version}; this version reads format ${FORMAT_VERSION}`);
  const [log2N, r, p] = [header.readUInt8(at++), header.readUInt8(at++), header.readUInt8(at++)];
  const chunkBytes = header.readUInt32BE(at);
  at += 4;
  if (log2N < 10 || log2N > 24 || r < 1 || p < 1 || 128 * 2 ** log2N * r * p > MAX_SCRYPT_MEMORY) {
    throw new SealedArchiveError('its header asks for key derivation settings no archive of ours has');
  }
  if (chunkBytes < MIN_CHUNK_BYTES || chunkBytes > MAX_CHUNK_BYTES) throw new SealedArchiveError('its header names a chunk size no archive of ours has');
  const salt = header.subarray(at, at + 16);
  const noncePrefix = header.subarray(at + 16, at + 23);
  const start = header.subarray(0, SEALED_HEADER_BYTES - 16);
  return {
    async open(passphrase: string) {
      const keys = await deriveKeys(passphrase, salt, log2N, r, p);
      if (!timingSafeEqual(keyCheck(keys, start), header.subarray(SEALED_HEADER_BYTES - 16))) {
        throw new SealedArchiveError("the passphrase is wrong (or the archive's header was altered)");
      }
      return new OpenChunks(keys.cipher, Buffer.from(header), Buffer.from(noncePrefix), chunkBytes);
    },
  };
}

/** The inverse of SealChunks, fed the file after its header: every chunk is authenticated before it is passed on. */
class OpenChunks extends Transform {
  private readonly chunks: Chunker;
  private index = 0;

  constructor(
    private readonly key: Buffer,
    private readonly header: Buffer,
    private readonly noncePrefix: Buffer,
    chunkBytes: number,
  ) {
    super();
    this.chunks = new Chunker(chunkBytes + TAG_BYTES);
  }

  override _transform(data: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.chunks.add(data);
    try {
      for (let chunk = this.chunks.takeIfMoreFollows(); chunk; chunk = this.chunks.takeIfMoreFollows()) this.push(this.open(chunk, false));
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      this.push(this.open(this.chunks.rest(), true));
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  private open(sealed: Buffer, last: boolean): Buffer {
    const part = this.index + 1;
    if (sealed.length < TAG_BYTES) throw new SealedArchiveError(`it is cut short in part ${part}`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, nonce(this.noncePrefix, this.index++, last));
    decipher.setAAD(this.header);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new SealedArchiveError(`part ${part} fails its authentication check: the archive was altered, reordered or cut short`);
    }
  }
}
