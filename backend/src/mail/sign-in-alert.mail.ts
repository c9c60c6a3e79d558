import { paragraph, renderMail } from './mail-layout';
import type { MailMessage } from './mail.service';

/**
 * `code-failures`: wrong codes after the password was accepted; `code-guesses`: wrong codes sent with the admin id
 * alone, which needs no password.
 */
export type SignInAlert = 'password-failures' | 'code-failures' | 'code-guesses';

const WHAT_HAPPENED: Record<SignInAlert, string> = {
  'password-failures':
    'Someone has tried many wrong passwords for your Brightwave admin account in the last 15 minutes. ' +
    'Until it stops, sign-in is only possible from addresses you have signed in from before.',
  'code-failures':
    'Many wrong verification codes were entered for your Brightwave admin account in the last 15 minutes, ' +
    'after your password was accepted. Code entry is paused for 15 minutes.',
  'code-guesses':
    'Many wrong verification codes were sent for your Brightwave admin account in the last 15 minutes without ' +
    'your password. Codes sent that way are refused for 15 minutes; signing in with your password is not affected.',
};

const ADVICE: Record<SignInAlert, string> = {
  'password-failures': 'If this was not you, no action is needed; a long, unique password keeps you safe.',
  'code-failures': 'If this was not you, someone knows your password: change it now (npm run admin -- reset-password).',
  'code-guesses': 'No action is needed: your password was not used.',
};

/** Tells an admin that their account is under a guessing attack, and what to do. */
export function signInAlertMail(to: { email: string; name: string }, alert: SignInAlert): MailMessage {
  const mail = renderMail('Failed sign-in attempts on your Brightwave admin account', [
    paragraph(`Hello ${to.name},`),
    paragraph(WHAT_HAPPENED[alert]),
    paragraph(ADVICE[alert]),
  ]);
  return { topic: 'sign-in alert', to: to.email, ...mail };
}
