import { loginCodeIn, type LoginPayload } from '@brightwave/common';
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
