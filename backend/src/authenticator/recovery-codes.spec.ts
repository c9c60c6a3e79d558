import { normalizeRecoveryCode, RECOVERY_CODE_COUNT, RECOVERY_CODE_INPUT_PATTERN } from '@brightwave/common';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';

const KEY = Buffer.alloc(32, 7);
const ADMIN = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

describe(newRecoveryCodes.name, () => {
  it(`makes ${RECOVERY_CODE_COUNT} different codes of two groups of five, without letters one could misread`, () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
      expect(code).not.toMatch(/[ilou]/);
      expect(code).toMatch(RECOVERY_CODE_INPUT_PATTERN);
    }
  });
});

describe(hashRecoveryCode.name, () => {
  const hash = hashRecoveryCode(KEY, ADMIN, 'k7m2p-x9qrt');

  it.each(['K7M2P-X9QRT', 'k7m2px9qrt', ' k7m2p x9qrt ', 'k7m2p--x9qrt'])('reads %j as the same code', (typed) => {
    expect(hashRecoveryCode(KEY, ADMIN, typed)).toBe(hash);
  });

  it('reads O as 0 and I or L as 1, as people misread them', () => {
    expect(normalizeRecoveryCode('OIL0-1')).toBe('01101');
    expect(hashRecoveryCode(KEY, ADMIN, 'abc01-11xyz')).toBe(hashRecoveryCode(KEY, ADMIN, 'ABCOI-LlXYZ'));
  });

  it('differs for another code, another admin and another key', () => {
    expect(hashRecoveryCode(KEY, ADMIN, 'k7m2p-x9qrv')).not.toBe(hash);
    expect(hashRecoveryCode(KEY, '3f2504e0-4f89-41d3-9a0c-0305e82c3302', 'k7m2p-x9qrt')).not.toBe(hash);
    expect(hashRecoveryCode(Buffer.alloc(32, 8), ADMIN, 'k7m2p-x9qrt')).not.toBe(hash);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
