import type { AppConfig } from '../config/app-config';
import { FormTokens } from './form-tokens';

const config = (formMinFillMs = 3000) => ({ keys: { formToken: Buffer.alloc(32, 7) }, formMinFillMs }) as AppConfig;

describe(FormTokens.name, () => {
  const tokens = new FormTokens(config());
  const now = 1_800_000_000_000;

  it('suspects nothing without the site’s headers (an API client of SPEC §7)', () => {
    expect(tokens.isSuspect({}, now)).toBe(false);
    expect(tokens.isSuspect({ trap: '' }, now)).toBe(false);
  });

  it('suspects a filled honeypot whatever the token says', () => {
    expect(tokens.isSuspect({ token: tokens.issue(now - 60_000), trap: '1' }, now)).toBe(true);
  });

  it('suspects a form sent under 3 s after its token, and not one sent at 3 s or later', () => {
    expect(tokens.isSuspect({ token: tokens.issue(now - 2_999) }, now)).toBe(true);
    expect(tokens.isSuspect({ token: tokens.issue(now - 3_000) }, now)).toBe(false);
    expect(tokens.isSuspect({ token: tokens.issue(now - 7 * 24 * 3600_000) }, now)).toBe(false);
  });

  it('suspects a token that is not ours: another key, an edited time, garbage, or issued in the future', () => {
    const foreign = new FormTokens({ ...config(), keys: { formToken: Buffer.alloc(32, 8) } } as AppConfig).issue(now - 60_000);
    expect(tokens.isSuspect({ token: foreign }, now)).toBe(true);
    const [, nonce, mac] = tokens.issue(now - 1_000).split('.');
    expect(tokens.isSuspect({ token: `${(now - 60_000).toString(36)}.${nonce}.${mac}` }, now)).toBe(true);
    expect(tokens.isSuspect({ token: 'x'.repeat(5000) }, now)).toBe(true);
    expect(tokens.isSuspect({ token: '' }, now)).toBe(true);
    expect(tokens.isSuspect({ token: tokens.issue(now + 5 * 60_000) }, now)).toBe(true);
  });

  it('with FORM_MIN_FILL_SECONDS=0 checks only the honeypot and the signature', () => {
    const untimed = new FormTokens(config(0));
    expect(untimed.isSuspect({ token: untimed.issue(now) }, now)).toBe(false);
    expect(untimed.isSuspect({ token: 'forged' }, now)).toBe(true);
  });
});
