import { generateOtp, hashOtp, otpMatches } from './otp';

describe('verification codes', () => {
  const secret = Buffer.from('a-server-secret-of-at-least-32-bytes');
  const challenge = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

  it('are 6 digits, leading zeros kept, and spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateOtp);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(new Set(codes.map((code) => code[0])).size).toBe(10);
  });

  it('are stored as a keyed hash, never as the code itself', () => {
    const hash = hashOtp(secret, challenge, '012345');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('012345');
    expect(hashOtp(Buffer.from('another-secret-of-at-least-32-bytes!'), challenge, '012345')).not.toBe(hash);
  });

  it('match only the same code of the same challenge', () => {
    const hash = hashOtp(secret, challenge, '012345');
    expect(otpMatches(secret, challenge, '012345', hash)).toBe(true);
    expect(otpMatches(secret, challenge, '012346', hash)).toBe(false);
    expect(otpMatches(secret, '00000000-0000-4000-8000-000000000000', '012345', hash)).toBe(false);
  });

  it('never match a stored hash of another length (no exception either)', () => {
    expect(otpMatches(secret, challenge, '012345', '')).toBe(false);
    expect(otpMatches(secret, challenge, '012345', 'abcd')).toBe(false);
  });
});
