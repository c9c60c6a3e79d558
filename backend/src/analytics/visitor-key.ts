import { hash, hkdfSync } from 'node:crypto';
import { addressKey } from '../rate-limit/address-key';

/** A visitor of a day, as the ledgers tell visitors apart: nothing in it leads back to the address or the browser. */
export interface Visitor {
  /** 96 bits of HMAC(day key, address and user agent), base64url (16 characters): what a ledger remembers a visitor by. */
  id: string;
  /** 96 bits of HMAC(day key, the address's unit: an IPv4 address or an IPv6 /64), for the per-address bound. */
  address: string;
  /** Where an estimate of many visitors (VisitorTally) puts this one: a register (14 bits) and a rank, from 64 more bits. */
  register: number;
  rank: number;
}

const SHA256_BLOCK_BYTES = 64;
/** Registers of a tally's estimate: 2^14, as Redis's HyperLogLog (a standard error of 0.81 %). */
export const TALLY_REGISTER_BITS = 14;

/**
 * HMAC-SHA256 (RFC 2104) under one key, each MAC two calls of the one-shot `crypto.hash` over the key's pads: a Hmac
 * object per report costs 8 times as much (60 to 80 µs against 8 µs on the loaded 2-core machine). The spec checks it
 * against `createHmac`.
 */
export class Hmac {
  private readonly inner: Buffer;
  private readonly outer: Buffer;

  constructor(key: Buffer) {
    if (key.length > SHA256_BLOCK_BYTES) throw new Error('an HMAC key longer than a block is hashed first; the derived keys are 32 bytes');
    const padded = Buffer.alloc(SHA256_BLOCK_BYTES);
    key.copy(padded);
    this.inner = Buffer.from(padded.map((byte) => byte ^ 0x36));
    this.outer = Buffer.from(padded.map((byte) => byte ^ 0x5c));
  }

  of(text: string): Buffer {
    const inner = hash('sha256', Buffer.concat([this.inner, Buffer.from(text)]), 'buffer');
    return hash('sha256', Buffer.concat([this.outer, inner]), 'buffer');
  }
}

/**
 * The day's key of the visitor ids: derived from JWT_SECRET's analytics key (config `keys.analyticsVisitors`) and the
 * day (UTC), so every instance has the same one without sharing it through Redis, and no day's ids can be linked to
 * another day's. It lives in the instances' memory only: Redis holds ids and tallies, never what made them.
 */
export class VisitorKeys {
  private current: { day: string; mac: Hmac } | undefined;

  constructor(private readonly secret: Buffer) {}

  /** The visitor of `day` that an address and a user agent are. */
  visitorOf(day: string, address: string, userAgent: string): Visitor {
    const mac = this.macOf(day);
    const digest = mac.of(`visitor\n${address}\n${userAgent}`);
    // Bytes 0-11 name the visitor; bytes 12-19 place it in an estimate (register from the first 14 bits, rank from the other 50).
    const high = digest.readUInt32BE(12);
    const low = digest.readUInt32BE(16);
    const rest = high & ((1 << (32 - TALLY_REGISTER_BITS)) - 1);
    const rank =
      rest !== 0 ? Math.clz32(rest) - TALLY_REGISTER_BITS + 1 : low !== 0 ? 32 - TALLY_REGISTER_BITS + Math.clz32(low) + 1 : 64 - TALLY_REGISTER_BITS + 1;
    return {
      id: digest.subarray(0, 12).toString('base64url'),
      address: mac
        .of(`address\n${addressKey(address)}`)
        .subarray(0, 12)
        .toString('base64url'),
      register: high >>> (32 - TALLY_REGISTER_BITS),
      rank,
    };
  }

  private macOf(day: string): Hmac {
    if (this.current?.day !== day) {
      this.current = { day, mac: new Hmac(Buffer.from(hkdfSync('sha256', this.secret, 'brightwave', `analytics-visitors ${day}`, 32))) };
    }
    return this.current.mac;
  }
}
