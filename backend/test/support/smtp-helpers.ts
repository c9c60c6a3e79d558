import { codeFrom, parseMessage } from '../mail-message';
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

/** Polls `check` every 100 ms until it answers something truthy (mail arrives in the background). */
export async function until<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The test admin's sign-in, with the code read from the mail the SMTP server received. */
export async function signInThroughSmtp(t: TestApp, received: Received[]): Promise<string> {
  const before = received.length;
  const login = await t.http.post('/admin/login').send({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }).expect(200);
  const mail = await until('the code mail', () => received.slice(before).find((candidate) => candidate.to.includes(TEST_ADMIN.email)));
  const verified = await t.http.post('/admin/verify-2fa').send({ adminId: login.body.adminId, otp: codeFrom(parseMessage(mail.raw)) }).expect(200);
  return verified.body.token as string;
}

export const mailsTo = (received: Received[], address: string) => received.filter((mail) => mail.to.includes(address)).map((mail) => parseMessage(mail.raw));
