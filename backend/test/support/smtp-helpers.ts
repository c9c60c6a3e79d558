import { loginCodeIn } from '@brightwave/common';
import { pollUntil, signInByMailedCode } from '@brightwave/testing';
import { parseMessage } from '../mail-message';
import { postJsonTo } from './admin-session';
import { startSmtpServer, type Received } from './smtp-sink';
import { createTestApp, TEST_ADMIN, type TestApp } from './test-app';

export type SmtpSink = Awaited<ReturnType<typeof startSmtpServer>>;

/** A test app whose SMTP_URL is a real SMTP server in this process; `close()` stops both. */
export async function createTestAppWithSmtp(env: Record<string, string> = {}): Promise<{ t: TestApp; smtp: SmtpSink; close(): Promise<void> }> {
  const smtp = await startSmtpServer();
  const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...env });
  return {
    t,
    smtp,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}

/** The test admin's sign-in, with the code read from the mail the SMTP server received. */
export async function signInThroughSmtp(t: TestApp, received: Received[]): Promise<string> {
  const signedIn = await signInByMailedCode(
    {
      postJson: postJsonTo(t),
      markMailbox: () => received.length,
      readCode: (before) =>
        pollUntil(
          () =>
            received
              .slice(before)
              .filter((mail) => mail.to.includes(TEST_ADMIN.email))
              .map((mail) => loginCodeIn(parseMessage(mail.raw).text))
              .findLast(Boolean),
          { what: 'the code mail' },
        ),
    },
    TEST_ADMIN,
  );
  return signedIn.token;
}

export const mailsTo = (received: Received[], address: string) => received.filter((mail) => mail.to.includes(address)).map((mail) => parseMessage(mail.raw));
