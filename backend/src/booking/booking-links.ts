// The token of a booking link (`/book/<token>`): which item a visitor may book a call about, until when. Signed with
// a key of the server's like a preview link (content/content-preview.ts), so it needs no row of its own; decision 084.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { BOOKABLE_ITEM_KINDS } from '@brightwave/common';

/**
 * What a link books: a call about a quote request or contact message, or an interview (its invitation's id). A token
 * holds its kind's place in this list: new kinds go at the end.
 */
export const BOOKING_LINK_KINDS = [...BOOKABLE_ITEM_KINDS, 'interview'] as const;
export type BookingLinkKind = (typeof BOOKING_LINK_KINDS)[number];

/** What a booking link grants: booking a call about one item (or one interview), until it expires. */
export interface BookingGrant {
  kind: BookingLinkKind;
  itemId: string;
  expiresAt: Date;
}

/** A token as read: one this server signed (expired or not), or nothing this server signed (forged, malformed). */
export type ReadBookingLink = { grant: BookingGrant; expired: boolean } | undefined;

// The token is one path segment, and the router refuses a parameter over 100 characters: so it is bytes, not JSON.
// The kind (its place in BOOKING_LINK_KINDS), the item's id (16 bytes), the expiry (seconds, 4 bytes, until 2106),
// then the first 16 bytes of their HMAC-SHA-256 (128 bits: no forgery by trying), all in base64url: 50 characters.
const KIND_BYTES = 1;
const ID_BYTES = 16;
const EXPIRY_BYTES = 4;
const PAYLOAD_BYTES = KIND_BYTES + ID_BYTES + EXPIRY_BYTES;
const MAC_BYTES = 16;
const TOKEN_BYTES = PAYLOAD_BYTES + MAC_BYTES;
const TOKEN_LENGTH = Math.ceil((TOKEN_BYTES * 4) / 3);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(key: Buffer, payload: Buffer): Buffer {
  return createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);
}

/** The token of a grant (the item's id a UUID, the expiry between 1970 and 2106). */
export function signBookingLink(key: Buffer, grant: BookingGrant): string {
  if (!UUID.test(grant.itemId)) throw new Error('a booking link names an item by its UUID');
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  payload.writeUInt8(BOOKING_LINK_KINDS.indexOf(grant.kind), 0);
  Buffer.from(grant.itemId.replaceAll('-', ''), 'hex').copy(payload, KIND_BYTES);
  payload.writeUInt32BE(Math.floor(grant.expiresAt.getTime() / 1000), KIND_BYTES + ID_BYTES);
  return Buffer.concat([payload, mac(key, payload)]).toString('base64url');
}

/**
 * The grant of a token this server signed, with whether it has expired at `now` (the booking routes answer 410 to an
 * expired link, 404 to anything else); undefined for a token it did not sign or cannot read.
 */
export function readBookingLink(key: Buffer, token: unknown, now: Date): ReadBookingLink {
  // base64url of exactly TOKEN_BYTES: anything else (padding, other characters, another length) is no token of ours.
  if (typeof token !== 'string' || token.length !== TOKEN_LENGTH || !/^[\w-]+$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token) return undefined;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), mac(key, payload))) return undefined;
  const kind = BOOKING_LINK_KINDS[payload.readUInt8(0)];
  if (kind === undefined) return undefined;
  const hex = payload.subarray(KIND_BYTES, KIND_BYTES + ID_BYTES).toString('hex');
  const itemId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const expiresAt = new Date(payload.readUInt32BE(KIND_BYTES + ID_BYTES) * 1000);
  return { grant: { kind, itemId, expiresAt }, expired: expiresAt.getTime() <= now.getTime() };
}
