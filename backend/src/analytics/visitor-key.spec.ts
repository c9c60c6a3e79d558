import { createHmac, randomBytes } from 'node:crypto';
import { Hmac, VisitorKeys } from './visitor-key';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0';

describe(Hmac.name, () => {
  it.each([0, 1, 32, 64])('is HMAC-SHA256 of a %i-byte key', (length) => {
    const key = randomBytes(length);
    for (const text of ['', 'visitor\n203.0.113.1\nMozilla', 'é'.repeat(300)]) {
      expect(new Hmac(key).of(text).equals(createHmac('sha256', key).update(text).digest())).toBe(true);
    }
  });
});

describe(VisitorKeys.name, () => {
  const secret = randomBytes(32);

  it('gives an address and browser the same id all day on every instance (the same secret), another on another day', () => {
    const id = new VisitorKeys(secret).visitorOf('2026-03-10', '203.0.113.1', BROWSER).id;
    expect(id).toMatch(/^[\w-]{16}$/);
    expect(new VisitorKeys(secret).visitorOf('2026-03-10', '203.0.113.1', BROWSER).id).toBe(id);
    expect(new VisitorKeys(secret).visitorOf('2026-03-11', '203.0.113.1', BROWSER).id).not.toBe(id);
    expect(new VisitorKeys(randomBytes(32)).visitorOf('2026-03-10', '203.0.113.1', BROWSER).id).not.toBe(id);
  });

  it('tells browsers and addresses apart, and counts an IPv6 /64 as one address', () => {
    const keys = new VisitorKeys(secret);
    const of = (address: string, browser = BROWSER) => keys.visitorOf('2026-03-10', address, browser);
    expect(new Set([of('203.0.113.1').id, of('203.0.113.2').id, of('203.0.113.1', `${BROWSER}x`).id]).size).toBe(3);
    expect(of('203.0.113.1', `${BROWSER}x`).address).toBe(of('203.0.113.1').address);
    expect(of('2001:db8:1:2::1').address).toBe(of('2001:db8:1:2::ff').address);
    expect(of('2001:db8:1:3::1').address).not.toBe(of('2001:db8:1:2::1').address);
  });

  it('places visitors in the 2^14 registers with ranks of 1 to 51', () => {
    const keys = new VisitorKeys(secret);
    for (let index = 0; index < 1000; index++) {
      const { register, rank } = keys.visitorOf('2026-03-10', `10.0.${index >> 8}.${index & 255}`, BROWSER);
      expect(register).toBeGreaterThanOrEqual(0);
      expect(register).toBeLessThan(16384);
      expect(rank).toBeGreaterThanOrEqual(1);
      expect(rank).toBeLessThanOrEqual(51);
    }
  });
});
