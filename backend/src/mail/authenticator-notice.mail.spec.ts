import { HtmlValidate } from 'html-validate';
import { authenticatorNoticeMail, type AuthenticatorNotice } from './authenticator-notice.mail';

// Mail is styled inline (mail-layout.spec.ts).
const validator = new HtmlValidate({ extends: ['html-validate:recommended'], rules: { 'no-inline-style': 'off' } });
const ADMIN = { email: 'ada@example.com', name: 'Ada "<b>" & Co' };
const NOTICES: AuthenticatorNotice[] = [
  { kind: 'added' },
  { kind: 'removed' },
  { kind: 'recovery-codes-replaced' },
  { kind: 'recovery-code-used', codesLeft: 1 },
  { kind: 'recovery-code-used', codesLeft: 0 },
];

describe(authenticatorNoticeMail.name, () => {
  it.each(NOTICES)('%j: to the admin, a valid HTML part with the name escaped, and what to do if it was not them', async (notice) => {
    const mail = authenticatorNoticeMail(ADMIN, notice);
    expect(mail).toMatchObject({ to: ADMIN.email, topic: 'two-step sign-in notice' });
    expect(mail.html).toContain('Ada &quot;&lt;b&gt;&quot; &amp; Co');
    expect(mail.text).toContain('npm run admin -- reset-password');
    const report = await validator.validateString(mail.html);
    expect(report.results.flatMap((result) => result.messages.map((message) => message.message))).toEqual([]);
  });

  it('counts the recovery codes left, and says how to get new ones when none is', () => {
    expect(authenticatorNoticeMail(ADMIN, { kind: 'recovery-code-used', codesLeft: 1 }).text).toContain('You have 1 recovery code left.');
    const none = authenticatorNoticeMail(ADMIN, { kind: 'recovery-code-used', codesLeft: 0 }).text;
    expect(none).toContain('You have 0 recovery codes left. Replace them in My account to get new ones.');
  });
});
