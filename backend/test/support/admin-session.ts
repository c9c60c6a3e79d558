import { loginCodeIn, type AdminRole, type LoginPayload } from '@brightwave/common';
import { pollUntil, signInByMailedCode, type SignInClient } from '@brightwave/testing';
import { readMessageFile } from '../mail-message';
import { TEST_ADMIN, type TestApp } from './test-app';

/** The shared sign-in's JSON POST, sent to the test app. */
export function postJsonTo(t: TestApp): SignInClient<unknown>['postJson'] {
  return async (route, body) => {
    const answer = await t.http.post(route).send(body);
    return { status: answer.status, body: answer.body };
  };
}

/** Signs in as the test admin through the real flow (password, mailed code read from the outbox); answers the token. */
export async function loginAsAdmin(t: TestApp, admin: LoginPayload = TEST_ADMIN): Promise<string> {
  const signedIn = await signInByMailedCode(
    {
      postJson: postJsonTo(t),
      markMailbox: () => new Set(t.outbox()),
      readCode: (before) =>
        pollUntil(
          () =>
            t
              .outbox()
              .filter((file) => !before.has(file))
              .map((file) => loginCodeIn(readMessageFile(file).text))
              .findLast(Boolean),
          { what: 'the sign-in code mail in the outbox' },
        ),
    },
    admin,
  );
  return signedIn.token;
}

/**
 * A new admin of `role`, invited by the test admin (`ownerToken`), who accepts through the link of the mail and signs
 * in: answers the new admin's token.
 */
export async function signInInvitedAdmin(t: TestApp, ownerToken: string, role: AdminRole, admin: LoginPayload): Promise<string> {
  const before = new Set(t.outbox());
  await t.http
    .post('/api/admin/admins')
    .set('Authorization', `Bearer ${ownerToken}`)
    .send({ email: admin.email, name: `The ${role}`, role })
    .expect(201);
  // The invitation among the mails written since: the outbox may be sending others meanwhile (reminders, assignments).
  const token = await pollUntil(
    () =>
      t
        .outbox()
        .filter((file) => !before.has(file))
        .map((file) => /accept-invite#token=([\w-]+)/.exec(readMessageFile(file).text)?.[1])
        .find(Boolean),
    { what: 'the invitation token' },
  );
  await t.http.post('/admin/accept-invite').send({ token, password: admin.password }).expect(200);
  return loginAsAdmin(t, admin);
}
