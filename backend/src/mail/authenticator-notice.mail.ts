import { RECOVERY_CODE_COUNT } from '@brightwave/common';
import { code as command, paragraph, renderMail } from './mail-layout';
import type { MailMessage } from './mail.service';

/** What happened to the admin's two-step sign-in: each is mailed to them, so a change they did not make does not go unseen. */
export type AuthenticatorNotice =
  | { kind: 'added' }
  | { kind: 'removed' }
  | { kind: 'recovery-codes-replaced' }
  | { kind: 'recovery-code-used'; codesLeft: number }
  | { kind: 'passkey-added'; name: string }
  | { kind: 'passkey-removed'; name: string };

const SUBJECTS: Record<AuthenticatorNotice['kind'], string> = {
  added: 'An authenticator app was turned on for your Brightwave admin account',
  removed: 'The authenticator app of your Brightwave admin account was turned off',
  'recovery-codes-replaced': 'New recovery codes were made for your Brightwave admin account',
  'recovery-code-used': 'A recovery code was used to sign in to your Brightwave admin account',
  'passkey-added': 'A passkey was added to your Brightwave admin account',
  'passkey-removed': 'A passkey was removed from your Brightwave admin account',
};

const NOT_YOU = 'If this was not you, someone can sign in as you: reset your password (';
const RESET = 'npm run admin -- reset-password';

function whatHappened(notice: AuthenticatorNotice): string {
  switch (notice.kind) {
    case 'added':
      return (
        'An authenticator app was turned on for your account. From now on, signing in asks for its code instead of a code ' +
        `by e-mail; each of your ${RECOVERY_CODE_COUNT} recovery codes can stand in for it once.`
      );
    case 'removed':
      return 'The authenticator app of your account was turned off, and its recovery codes with it. Signing in asks for a code by e-mail again.';
    case 'recovery-codes-replaced':
      return `${RECOVERY_CODE_COUNT} new recovery codes were made for your account, and the earlier ones no longer work.`;
    case 'recovery-code-used': {
      const left = notice.codesLeft === 1 ? '1 recovery code' : `${notice.codesLeft} recovery codes`;
      const advice = notice.codesLeft === 0 ? ' Replace them in My account to get new ones.' : '';
      return `One of your recovery codes was used to sign in to your account. You have ${left} left.${advice}`;
    }
    case 'passkey-added':
      return `A passkey named "${notice.name}" was added to your account: it signs you in on its own, without your password or a code.`;
    case 'passkey-removed':
      return `The passkey named "${notice.name}" was removed from your account: it no longer signs you in.`;
  }
}

/**
 * Tells an admin that their authenticator app was turned on or off, that their recovery codes were replaced or that one
 * signed them in, or that a passkey was added or removed.
 */
export function authenticatorNoticeMail(to: { email: string; name: string }, notice: AuthenticatorNotice): MailMessage {
  const mail = renderMail(SUBJECTS[notice.kind], [
    paragraph(`Hello ${to.name},`),
    paragraph(whatHappened(notice)),
    paragraph(NOT_YOU, command(RESET), ') and ask an owner to check the account.'),
  ]);
  return { topic: 'two-step sign-in notice', to: to.email, ...mail };
}
