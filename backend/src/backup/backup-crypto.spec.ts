import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readSealedHeader, SEALED_HEADER_BYTES, sealingStream } from './backup-crypto';

const MB = 1024 * 1024;
const PART = MB + 16;
const passphrase = 'a passphrase of some length';

describe('Encrypted backup archives', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-sealed-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Everything a stream gives, once it has ended. */
  async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer> {
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part);
    return Buffer.concat(parts);
  }

  async function seal(plain: Buffer): Promise<Buffer> {
    // Fed in blocks of 64 KB, as a tar stream is.
    const blocks = Array.from({ length: Math.ceil(plain.length / 65_536) }, (_, index) => plain.subarray(index * 65_536, (index + 1) * 65_536));
    return collect(Readable.from(blocks).pipe(await sealingStream(passphrase, 'test')));
  }

  async function open(sealed: Buffer, withPassphrase = passphrase): Promise<Buffer> {
    const file = path.join(dir, `${randomBytes(4).toString('hex')}.enc`);
    fs.writeFileSync(file, sealed);
    const header = await readSealedHeader(file);
    if (!header) throw new Error('not an encrypted archive');
    const opened = await header.open(withPassphrase);
    const [plain] = await Promise.all([collect(opened), pipeline(fs.createReadStream(file, { start: SEALED_HEADER_BYTES }), opened)]);
    return plain;
  }

  const chunksOf = (sealed: Buffer) => {
    const body = sealed.subarray(SEALED_HEADER_BYTES);
    return Array.from({ length: Math.ceil(body.length / PART) }, (_, index) => body.subarray(index * PART, (index + 1) * PART));
  };
  const withChunks = (sealed: Buffer, chunks: Buffer[]) => Buffer.concat([sealed.subarray(0, SEALED_HEADER_BYTES), ...chunks]);

  let plain: Buffer;
  let sealed: Buffer;
  beforeAll(async () => {
    plain = randomBytes(2.5 * MB);
    sealed = await seal(plain);
  });

  it('gives back exactly what was sealed, in chunks of 1 MB, whatever its length', async () => {
    expect(chunksOf(sealed).map((chunk) => chunk.length)).toEqual([PART, PART, 0.5 * MB + 16]);
    expect((await open(sealed)).equals(plain)).toBe(true);
    for (const length of [0, MB]) {
      const bytes = randomBytes(length);
      expect((await open(await seal(bytes))).equals(bytes)).toBe(true);
    }
  });

  it('tells a plain archive (without the magic string) from an encrypted one', async () => {
    const file = path.join(dir, 'plain.tar');
    fs.writeFileSync(file, plain.subarray(0, 1024));
    expect(await readSealedHeader(file)).toBeUndefined();
  });

  it('refuses a wrong passphrase before reading any chunk', async () => {
    await expect(open(sealed, 'another passphrase entirely')).rejects.toThrow('the passphrase is wrong');
  });

  it('refuses an archive whose last chunk is missing (cut at a chunk boundary)', async () => {
    await expect(open(withChunks(sealed, chunksOf(sealed).slice(0, 2)))).rejects.toThrow('part 2 fails its authentication check');
  });

  it('refuses chunks in another order, and a chunk added after the last', async () => {
    const [first, second, third] = chunksOf(sealed);
    if (!first || !second || !third) throw new Error('Expected three chunks');
    await expect(open(withChunks(sealed, [second, first, third]))).rejects.toThrow('part 1 fails its authentication check');
    await expect(open(withChunks(sealed, [first, second, third, third]))).rejects.toThrow('part 3 fails its authentication check');
  });

  it('seals at the standard cost with scrypt N = 2^17, r = 8, p = 1, as the header says, and opens again', async () => {
    const standard = await collect(Readable.from([Buffer.from('what production writes')]).pipe(await sealingStream(passphrase, 'standard')));
    // After the magic string (12 bytes) and the format version (1): log2(N), r and p.
    expect([...standard.subarray(13, 16)]).toEqual([17, 8, 1]);
    expect((await open(standard)).toString()).toBe('what production writes');
  });

  it('refuses a header changed after sealing (its chunk size), before reading any chunk', async () => {
    const changed = Buffer.from(sealed);
    // The chunk size field (bytes 16 to 19): 1 MB becomes 1 MB + 1.
    changed.writeUInt8(changed.readUInt8(19) ^ 0x01, 19);
    await expect(open(changed)).rejects.toThrow("the passphrase is wrong (or the archive's header was altered)");
  });
});
