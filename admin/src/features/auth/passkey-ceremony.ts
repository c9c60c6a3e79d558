import { PASSKEY_MESSAGES, type PasskeyCeremonyOptions, type PasskeyCeremonyResponse } from '@brightwave/common';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { errorMessage } from '../../lib/api-error';
import { signInApi } from './sign-in-api';

/**
 * The browser's WebAuthn ceremonies, run by `@simplewebauthn/browser`. It is imported only when one starts, so the
 * login page's first load does not carry it (decision 089). The options are the server's, made by its WebAuthn library
 * for exactly these calls: they are handed over as they came.
 */
async function webAuthn() {
  const browser = await import('@simplewebauthn/browser');
  if (!browser.browserSupportsWebAuthn()) throw new Error(PASSKEY_MESSAGES.notSupported);
  return browser;
}

/** Makes a passkey on this device for the registration options; answers what the server checks. */
export async function createPasskey(options: PasskeyCeremonyOptions): Promise<PasskeyCeremonyResponse> {
  const { startRegistration } = await webAuthn();
  return withReadableFailure(() => startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON }));
}

/** Signs the sign-in options with a passkey of this site the device offers; answers what the server checks. */
async function signWithPasskey(options: PasskeyCeremonyOptions): Promise<PasskeyCeremonyResponse> {
  const { startAuthentication } = await webAuthn();
  return withReadableFailure(() => startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON }));
}

/** The browser's refusal when the person closed its prompt or let it time out, said so; other failures as they are. */
async function withReadableFailure<T>(ceremony: () => Promise<T>): Promise<T> {
  try {
    return await ceremony();
  } catch (error) {
    if (error instanceof Error && error.name === 'NotAllowedError') throw new Error(PASSKEY_MESSAGES.ceremonyCancelled);
    throw error;
  }
}

/** What a failed passkey step says: the browser's or the ceremony's own message, else the server's, else `fallback`. */
export function passkeyFailureMessage(failure: unknown, fallback: string): string {
  return failure instanceof Error ? failure.message : errorMessage(failure, fallback);
}

/**
 * Signs in with a passkey of this site that the device offers (no e-mail typed): the session's answer. A failure throws
 * an Error that says why, for the login form.
 */
export async function signInWithPasskey() {
  try {
    const { options } = await signInApi.passkeyOptions();
    return await signInApi.passkeyVerify({ response: await signWithPasskey(options) });
  } catch (failure) {
    throw new Error(passkeyFailureMessage(failure, PASSKEY_MESSAGES.signInFailure));
  }
}
