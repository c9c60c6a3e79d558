import { isCommonPassword } from './password-policy';

describe(isCommonPassword.name, () => {
  it('finds the common passwords, whatever their case', () => {
    for (const password of ['password', 'QWERTY', '123456', 'iloveyou']) expect(isCommonPassword(password)).toBe(true);
  });

  it('sees through digits and symbols around a common password, and repetitions of one', () => {
    for (const password of ['password1234', '!!Password2026!!', '2026sunshine', 'monkeymonkey', 'Dragon-Dragon-Dragon']) {
      expect(isCommonPassword(password)).toBe(true);
    }
  });

  it('lets through a password that is not built on a common one', () => {
    for (const password of ['correct-horse-battery', 'e2e-admin-password-123', 'Tulip7/Harbour/Quiet', 'x7#kq9!mzp2w']) {
      expect(isCommonPassword(password)).toBe(false);
    }
  });
});
