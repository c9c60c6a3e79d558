import type { AnswerOf, BodyOf } from '@brightwave/common';
import { apiUrl } from '../../app/config';
import { authorizationHeader } from './session';

/** A failed call, shaped like RTK Query's errors so that `errorMessage` reads the server's message the same way. */
export interface SignInFailure {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR';
  data?: unknown;
  error?: string;
}

/**
 * The sign-in steps are plain fetch calls, so the login and verification screens load without Redux and
 * RTK Query (the store comes with the signed-in screens). Same request as every other call (SPEC §6, §7):
 * credentials included, JSON both ways, the stored token as a Bearer header. Their 401/400 answers are
 * messages for the form: they never end a session.
 */
async function post<Answer>(path: string, body: unknown): Promise<Answer> {
  return call<Answer>(path, { method: 'POST', body: JSON.stringify(body) });
}

async function call<Answer>(path: string, init: { method: 'GET' | 'POST'; body?: string }): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      ...init,
      credentials: 'include',
      headers: { ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }), Accept: 'application/json', ...authorizationHeader() },
    });
  } catch (error) {
    throw { status: 'FETCH_ERROR', error: String(error) } satisfies SignInFailure;
  }
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    if (response.ok) throw { status: 'PARSING_ERROR', data: text } satisfies SignInFailure;
  }
  if (!response.ok) throw { status: response.status, data } satisfies SignInFailure;
  return data as Answer;
}

export const signInApi = {
  login: (body: BodyOf<'POST /admin/login'>) => post<AnswerOf<'POST /admin/login'>>('/admin/login', body),
  verifyCode: (body: BodyOf<'POST /admin/verify-2fa'>) => post<AnswerOf<'POST /admin/verify-2fa'>>('/admin/verify-2fa', body),
  resendCode: (body: BodyOf<'POST /admin/resend-otp'>) => post<AnswerOf<'POST /admin/resend-otp'>>('/admin/resend-otp', body),
  passkeyOptions: () => post<AnswerOf<'POST /api/admin/passkey/options'>>('/api/admin/passkey/options', {}),
  passkeyVerify: (body: BodyOf<'POST /api/admin/passkey/verify'>) => post<AnswerOf<'POST /api/admin/passkey/verify'>>('/api/admin/passkey/verify', body),
  ssoSettings: () => call<AnswerOf<'GET /api/admin/sso'>>('/api/admin/sso', { method: 'GET' }),
  ssoExchange: (body: BodyOf<'POST /api/admin/sso/exchange'>) => post<AnswerOf<'POST /api/admin/sso/exchange'>>('/api/admin/sso/exchange', body),
  acceptInvite: (body: BodyOf<'POST /admin/accept-invite'>) => post<AnswerOf<'POST /admin/accept-invite'>>('/admin/accept-invite', body),
};
