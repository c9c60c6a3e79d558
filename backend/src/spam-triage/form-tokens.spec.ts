import { HOUR_MS, FORM_TOKEN_VALID_SECONDS } from '@brightwave/common';
import type { AppConfig } from '../config/app-config';
import { FormTokens } from './form-tokens';

const config = (formMinFillMs = 3000) => ({ keys: { formToken: Buffer.alloc(32, 7) }, spam: { formMinFillMs } }) as AppConfig;

describe(FormTokens.name, () => {
  const tokens = new FormTokens(config());
  const now = 1_800_000_000_000;
  const kind = (signals: Parameters<FormTokens['judge']>[0]) => tokens.judge(signals, now).kind;

  it('leaves a submission without the site’s headers (an API client of SPEC §7) unverified, not suspected', () => {
    expect(kind({})).toBe('unverified');
    expect(kind({ trap: '' })).toBe('unverified');
  });

  it('suspects a filled honeypot whatever the token says', () => {
    expect(kind({ token: tokens.issue(now - 60_000), trap: '1' })).toBe('spam');
  });

  it('suspects a form sent under 3 s after its token, and not one sent at 3 s or later', () => {
    expect(kind({ token: tokens.issue(now - 2_999) })).toBe('spam');
    expect(kind({ token: tokens.issue(now - 3_000) })).toBe('fresh');
  });

  it(`takes a token as fresh for ${FORM_TOKEN_VALID_SECONDS / 3600} hours after it was issued, then as unverified`, () => {
    expect(kind({ token: tokens.issue(now - 2 * HOUR_MS) })).toBe('fresh');
    expect(kind({ token: tokens.issue(now - 2 * HOUR_MS - 1) })).toBe('unverified');
    expect(kind({ token: tokens.issue(now - 7 * 24 * HOUR_MS) })).toBe('unverified');
  });

  it('names the nonce of a fresh token and when the token expires', () => {
    const token = tokens.issue(now - 60_000);
    expect(tokens.judge({ token }, now)).toEqual({
      kind: 'fresh',
      use: { nonce: token.split('.')[1], expiresAt: new Date(now - 60_000 + FORM_TOKEN_VALID_SECONDS * 1000) },
    });
  });

  it('suspects a token that is not ours: another key, an edited time, garbage, or issued in the future', () => {
    const foreign = new FormTokens({ ...config(), keys: { formToken: Buffer.alloc(32, 8) } } as AppConfig).issue(now - 60_000);
    expect(kind({ token: foreign })).toBe('spam');
    const [, nonce, mac] = tokens.issue(now - 1_000).split('.');
    expect(kind({ token: `${(now - 60_000).toString(36)}.${nonce}.${mac}` })).toBe('spam');
    expect(kind({ token: 'x'.repeat(5000) })).toBe('spam');
    expect(kind({ token: '' })).toBe('spam');
    expect(kind({ token: tokens.issue(now + 5 * 60_000) })).toBe('spam');
  });

  it('with FORM_MIN_FILL_SECONDS=0 checks only the honeypot and the signature', () => {
    const untimed = new FormTokens(config(0));
    expect(untimed.judge({ token: untimed.issue(now) }, now).kind).toBe('fresh');
    expect(untimed.judge({ token: 'forged' }, now).kind).toBe('spam');
  });
});
