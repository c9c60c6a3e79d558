import { randomBytes } from 'node:crypto';
import { readBookingLink, signBookingLink, type BookingGrant } from './booking-links';

// A booking link's token: one path segment the router takes (at most 100 characters), that reads back to its grant
// with this server's key only, whole and unchanged; an expired one still reads (the routes answer it 410, not 404).

const key = randomBytes(32);
const grant: BookingGrant = { kind: 'contact', itemId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', expiresAt: new Date('2030-01-21T09:00:00Z') };
const before = new Date('2030-01-07T09:00:00Z');

describe(signBookingLink.name, () => {
  it('makes a token of 50 URL-safe characters that reads back to its grant', () => {
    const token = signBookingLink(key, grant);
    expect(token).toMatch(/^[\w-]{50}$/);
    expect(readBookingLink(key, token, before)).toEqual({ grant, expired: false });
    expect(readBookingLink(key, signBookingLink(key, { ...grant, kind: 'lead' }), before)?.grant.kind).toBe('lead');
  });

  it('refuses to name an item by anything but its id', () => {
    expect(() => signBookingLink(key, { ...grant, itemId: 'lead-1' })).toThrow('UUID');
  });
});

describe(readBookingLink.name, () => {
  const token = signBookingLink(key, grant);

  it('reads an expired token as expired from its expiry on', () => {
    expect(readBookingLink(key, token, new Date(grant.expiresAt.getTime() - 1000))?.expired).toBe(false);
    expect(readBookingLink(key, token, grant.expiresAt)?.expired).toBe(true);
  });

  it('reads nothing from another key', () => {
    expect(readBookingLink(randomBytes(32), token, before)).toBeUndefined();
  });

  it('reads nothing from a token changed anywhere: each character, each bit of the payload', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let index = 0; index < token.length; index++) {
      const other = alphabet[(alphabet.indexOf(token[index] ?? 'A') + 1) % alphabet.length];
      expect(readBookingLink(key, `${token.slice(0, index)}${other}${token.slice(index + 1)}`, before)).toBeUndefined();
    }
    const bytes = Buffer.from(token, 'base64url');
    for (let bit = 0; bit < 21 * 8; bit++) {
      const flipped = Buffer.from(bytes);
      flipped[bit >> 3] = (flipped[bit >> 3] ?? 0) ^ (1 << (bit & 7));
      expect(readBookingLink(key, flipped.toString('base64url'), before)).toBeUndefined();
    }
  });

  it.each([
    ['nothing', ''],
    ['a shorter token', 'A'.repeat(49)],
    ['a longer token', `${'A'.repeat(50)}A`],
    ['padding', `${'A'.repeat(48)}==`],
    ['other characters', `${'A'.repeat(49)}/`],
    ['a huge one', 'A'.repeat(100_000)],
  ])('reads nothing from %s', (_what, text) => {
    expect(readBookingLink(key, text, before)).toBeUndefined();
  });

  it('reads nothing from a value that is no text', () => {
    for (const value of [undefined, null, 42, ['token'], { token }]) expect(readBookingLink(key, value, before)).toBeUndefined();
  });
});
