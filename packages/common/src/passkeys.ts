// Passkeys (docs/features/sign-in.md, decision 089): WebAuthn credentials kept on the admin's device that sign them in
// alone, in place of the password and the code.

/** A passkey's name, as the admin gives it when adding it ("Work laptop"): required, at most this long. */
export const PASSKEY_NAME_MAX_LENGTH = 100;
/** How long the options of a passkey ceremony can be answered; each challenge is answered once. */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 5 * 60;

/**
 * The options of a WebAuthn ceremony, as JSON (WebAuthn Level 3 `PublicKeyCredentialCreationOptionsJSON` or
 * `PublicKeyCredentialRequestOptionsJSON`): made by the server's WebAuthn library and handed unchanged to the
 * browser's, whose types describe them.
 */
export type PasskeyCeremonyOptions = object;
/** What the browser's ceremony answers (`RegistrationResponseJSON` or `AuthenticationResponseJSON`), sent back unchanged. */
export type PasskeyCeremonyResponse = object;

/** GET /api/admin/me/passkeys: one of the signed-in admin's passkeys. */
export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** POST /api/admin/me/passkeys: the new passkey's name and the browser's answer to the options. */
export interface PasskeyRegistrationPayload {
  name: string;
  response: PasskeyCeremonyResponse;
}

/** POST /api/admin/passkey/verify: the browser's answer to the sign-in options. */
export interface PasskeySignInPayload {
  response: PasskeyCeremonyResponse;
}

/** Every text a person reads about passkeys: the API's answers, the Account screen's and the login page's. */
export const PASSKEY_MESSAGES = {
  nameMissing: 'Please give the passkey a name, such as "Work laptop"',
  nameTooLong: `A passkey's name is at most ${PASSKEY_NAME_MAX_LENGTH} characters`,
  responseMissing: 'The answer of your browser or device is missing: try again',
  challengeExpired: 'This passkey request has expired or was already used: try again',
  notVerified: 'The passkey could not be verified: try again, with a passkey of this site',
  alreadyAdded: 'This passkey is already added to an account',
  notFound: 'No passkey of yours has this id',
  unknownPasskey: 'This passkey is not known here: sign in with your password, then add it in My account',
  added: 'Passkey added: you can sign in with it',
  removed: 'Passkey removed: it no longer signs you in',
  loadFailure: 'Failed to load your passkeys',
  addFailure: 'Failed to add the passkey',
  removeFailure: 'Failed to remove the passkey',
  signInFailure: 'Failed to sign in with a passkey',
  ceremonyCancelled: 'The passkey request was cancelled or timed out',
  notSupported: 'This browser cannot use passkeys',
} as const;
