import type { AdminDetails, ApiContract, LoginPayload, VerifyPayload } from '@brightwave/common';

type SignInPath = '/admin/login' | '/admin/verify-2fa';

/** An answer as a suite's client reads it: the status and the parsed JSON body. */
export interface JsonAnswer {
  status: number;
  body: unknown;
}

/**
 * What the sign-in needs from a suite's client: a JSON POST (supertest, Playwright's request, node:http through
 * nginx…) and the mailbox the code arrives in (the development outbox, an SMTP server in the test process…).
 */
export interface SignInClient<Mark> {
  postJson(path: SignInPath, body: LoginPayload | VerifyPayload): Promise<JsonAnswer>;
  /** What the mailbox holds before the password is sent. */
  markMailbox(): Mark;
  /** The code of the sign-in mail that arrived after `mark` (waiting for it). */
  readCode(mark: Mark): Promise<string>;
}

export interface SignedIn {
  adminId: string;
  token: string;
  admin: AdminDetails;
}

/** A step of the sign-in answered another status than 200; `status` says which. */
export class SignInRefused extends Error {
  constructor(
    readonly path: SignInPath,
    readonly status: number,
    body: unknown,
  ) {
    super(`POST ${path} answered ${status}: ${JSON.stringify(body)}`);
    this.name = 'SignInRefused';
  }
}

async function step<Path extends SignInPath>(
  client: SignInClient<unknown>,
  path: Path,
  body: ApiContract[`POST ${Path}`]['body'],
): Promise<ApiContract[`POST ${Path}`]['answer']> {
  const answer = await client.postJson(path, body);
  if (answer.status !== 200) throw new SignInRefused(path, answer.status, answer.body);
  return answer.body as ApiContract[`POST ${Path}`]['answer'];
}

/**
 * Signs in as a person does (SPEC §7): the password, then the code mailed for that login; answers the session.
 * Throws SignInRefused when a step is refused.
 */
export async function signInByMailedCode<Mark>(client: SignInClient<Mark>, credentials: LoginPayload): Promise<SignedIn> {
  const mark = client.markMailbox();
  const { adminId } = await step(client, '/admin/login', { email: credentials.email, password: credentials.password });
  const otp = await client.readCode(mark);
  const { token, admin } = await step(client, '/admin/verify-2fa', { adminId, otp });
  return { adminId, token, admin };
}
