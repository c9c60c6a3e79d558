import { generateSync } from 'otplib';
import { newTotpSecret, qrSvg, stepOfCode, TOTP_PERIOD_SECONDS, totpUri } from './totp';

// In the middle of a time step: "one step before or after" is then never a matter of milliseconds.
const NOW = new Date(Date.UTC(2030, 0, 7, 9, 0, 15));
const STEP = Math.floor(NOW.getTime() / 1000 / TOTP_PERIOD_SECONDS);
const secret = newTotpSecret();
/** The app's code `steps` steps from NOW, computed by the library with its epoch. */
const codeAt = (steps: number) => generateSync({ secret, epoch: NOW.getTime() / 1000 + steps * TOTP_PERIOD_SECONDS });

describe(stepOfCode.name, () => {
  it.each([
    [-1, STEP - 1],
    [0, STEP],
    [1, STEP + 1],
  ])('accepts the code of %i step(s) away, answering its step', (steps, step) => {
    expect(stepOfCode(secret, codeAt(steps), NOW, null)).toBe(step);
  });

  it.each([-3, -2, 2, 3])('refuses the code of %i steps away', (steps) => {
    expect(stepOfCode(secret, codeAt(steps), NOW, null)).toBeUndefined();
  });

  it('refuses a code of the last used step or of an earlier one, and takes a later one', () => {
    expect(stepOfCode(secret, codeAt(0), NOW, STEP)).toBeUndefined();
    expect(stepOfCode(secret, codeAt(-1), NOW, STEP)).toBeUndefined();
    expect(stepOfCode(secret, codeAt(1), NOW, STEP)).toBe(STEP + 1);
  });

  it('refuses what is not 6 digits, and the code of another secret', () => {
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456']) expect(stepOfCode(secret, code, NOW, null)).toBeUndefined();
    expect(stepOfCode(newTotpSecret(), codeAt(0), NOW, null)).toBeUndefined();
  });
});

describe('a new secret and its QR code', () => {
  it('makes secrets of 160 bits in base32, never the same twice', () => {
    const secrets = Array.from({ length: 20 }, newTotpSecret);
    for (const made of secrets) expect(made).toMatch(/^[A-Z2-7]{32}$/);
    expect(new Set(secrets).size).toBe(secrets.length);
  });

  it('names the issuer and the admin in the address, escaped', () => {
    expect(totpUri('Acme & Co', 'ada+ops@example.com', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/Acme%20%26%20Co:ada%2Bops%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Acme%20%26%20Co',
    );
  });

  it('draws the address as an SVG document with no script', async () => {
    const svg = await qrSvg(totpUri('Acme', 'ada@example.com', secret));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });
});
