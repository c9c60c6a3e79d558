import { LOGIN_CODE_LINE, OTP_TTL_SECONDS } from '@brightwave/common';
import { code as command, paragraph, renderMail, strong } from './mail-layout';
import type { MailMessage } from './mail.service';

/** The e-mail carrying a sign-in code: a text part and an HTML part, both saying when the code expires. */
export function loginCodeMail(to: { email: string; name: string }, code: string): MailMessage {
  const minutes = Math.round(OTP_TTL_SECONDS / 60);
  const mail = renderMail('Your Brightwave admin verification code', [
    paragraph(`Hello ${to.name},`),
    paragraph(`${LOGIN_CODE_LINE} `, strong(code, 'font-size: 24px; letter-spacing: 4px;')),
    paragraph(`It expires in ${minutes} minutes and works once.\n` + 'Enter it on the verification page to finish signing in to the Brightwave admin.'),
    paragraph('If you did not try to sign in, someone knows your password:\nchange it now (', command('npm run admin -- reset-password'), ').'),
  ]);
  return { topic: 'sign-in code', to: to.email, ...mail };
}
