import type { AppConfig } from '../config/app-config';
import type { KeyDerivationCost } from '../config/key-derivation';
import { PasswordHasher } from './password-hasher';

const hasherAt = (derivationCost: KeyDerivationCost) => new PasswordHasher({ keys: { derivationCost } } as AppConfig);

describe(PasswordHasher.name, () => {
  it("hashes with argon2id at OWASP's minimum at the standard cost: 19 MiB of memory, 2 passes, 1 lane", async () => {
    expect(await hasherAt('standard').hash('a long enough password')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('verifies a hash made at either cost, whatever its own cost (the hash names its parameters)', async () => {
    const standard = hasherAt('standard');
    const test = hasherAt('test');
    expect(await test.verify(await standard.hash('a long enough password'), 'a long enough password')).toBe(true);
    expect(await standard.verify(await test.hash('a long enough password'), 'a long enough password')).toBe(true);
    expect(await standard.verify(await test.hash('a long enough password'), 'another password')).toBe(false);
  });

  it('never matches a malformed stored hash', async () => {
    expect(await hasherAt('test').verify('not a hash', 'anything')).toBe(false);
  });
});
