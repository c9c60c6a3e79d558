import { codeFrom, readMessageFile } from '../mail-message';
import { TEST_ADMIN, type TestApp } from './test-app';

/** Signs in as the test admin through the real flow (password, mailed code read from the outbox); answers the token. */
export async function loginAsAdmin(t: TestApp, admin: { email: string; password: string } = TEST_ADMIN): Promise<string> {
  const login = await t.http.post('/admin/login').send({ email: admin.email, password: admin.password });
  if (login.status !== 200) throw new Error(`Login failed with ${login.status}: ${JSON.stringify(login.body)}`);
  const mails = t.outbox();
  const code = codeFrom(readMessageFile(mails[mails.length - 1]));
  const verify = await t.http.post('/admin/verify-2fa').send({ adminId: login.body.adminId, otp: code });
  if (verify.status !== 200) throw new Error(`Verification failed with ${verify.status}: ${JSON.stringify(verify.body)}`);
  return verify.body.token as string;
}
