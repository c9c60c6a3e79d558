// The sign-in policy (docs/features/sign-in.md, decision 090): Settings → Sign-in says which roles must sign in with a
// strong factor (an authenticator app or a passkey), and for how many days a mailed code still lets in an admin of such
// a role who has none, so that they can set one up.
import { ADMIN_ROLES, type AdminRole } from './roles';

/** Settings → Sign-in (`GET`/`PUT /api/admin/settings/sign-in`, owners). */
export interface SignInPolicy {
  /** The roles whose admins must use an authenticator app or a passkey; empty: nobody must (the spec's sign-in). */
  roles: AdminRole[];
  /**
   * How many days a mailed code still signs in an admin of such a role who has neither, counted from when the policy
   * first found them without one; they can then only set one up.
   */
  graceDays: number;
}

/** The grace period's bounds: at least a day, so that a newly invited admin can always sign in once to set one up. */
export const SIGN_IN_GRACE_DAYS = { min: 1, max: 90 } as const;

/** What an installation starts with: nobody must use a strong factor. */
export const DEFAULT_SIGN_IN_POLICY: SignInPolicy = { roles: [], graceDays: 14 };

/** An admin's strong factors: their authenticator app (turned on) and how many passkeys they have. */
export interface StrongFactors {
  authenticator: boolean;
  passkeys: number;
}

export function hasStrongFactor(factors: StrongFactors): boolean {
  return factors.authenticator || factors.passkeys > 0;
}

/** How an admin signs in, in words: "Authenticator app", "2 passkeys", "Authenticator app and 1 passkey", "Mailed code only". */
export function strongFactorsLabel(factors: StrongFactors): string {
  const parts = [
    ...(factors.authenticator ? ['Authenticator app'] : []),
    ...(factors.passkeys > 0 ? [`${factors.passkeys} ${factors.passkeys === 1 ? 'passkey' : 'passkeys'}`] : []),
  ];
  return parts.length === 0 ? 'Mailed code only' : parts.join(' and ');
}

/** What the policy means for one admin (`GET /api/admin/account`'s `signIn`, each admin of `GET /api/admin/admins`). */
export interface SignInStanding {
  factors: StrongFactors;
  /** Their role must use a strong factor. */
  required: boolean;
  /**
   * Required, and they have none: every admin route but setting one up, their account and signing out answers 403
   * until they have one.
   */
  mustEnrol: boolean;
  /**
   * While they must set one up: the end of their grace period, after which a mailed code no longer signs them in (an
   * owner still does while no active owner has a strong factor). Null otherwise, and for an admin whose grace period
   * has not started yet (their next sign-in starts it).
   */
  mailedCodeUntil: string | null;
}

const ROLE_LIST = ADMIN_ROLES.join(', ');

/** Every text a person reads about the sign-in policy: the API's answers, Settings → Sign-in's and the enrolment screen's. */
export const SIGN_IN_POLICY_MESSAGES = {
  rolesInvalid: `Roles must be a list of: ${ROLE_LIST}`,
  rolesRepeated: 'Each role may be listed once',
  graceDaysInvalid: `The grace period must be a whole number of days from ${SIGN_IN_GRACE_DAYS.min} to ${SIGN_IN_GRACE_DAYS.max}`,
  saved: 'Sign-in policy saved',
  saveFailure: 'Failed to save the sign-in policy',
  /** The admin guard's 403 to an admin who must set up a strong factor first. */
  enrolFirst: 'Your role must sign in with an authenticator app or a passkey: set one up in My account before anything else',
  /** The login step's 403 to an admin of such a role whose only strong factor is a passkey: they sign in with it. */
  passkeyRequired: 'Your role must sign in with an authenticator app or a passkey: use "Sign in with a passkey" below',
  /** The login step's 403 to an admin of such a role who has neither, once their grace period is over. */
  mailedCodeRefused:
    'Your role must sign in with an authenticator app or a passkey, and a code sent by e-mail no longer signs you in: ask an owner for more time in Settings → Sign-in, then set one up',
} as const;

/**
 * What an owner can do about another admin's sign-in (the Admins screen, decision 094): reset it when they lost their
 * device (their authenticator app, recovery codes and passkeys removed, their sessions signed out), and give one who
 * must set up a strong factor a new grace period.
 */
export const ADMIN_SIGN_IN_MESSAGES = {
  notYourself: 'Change your own sign-in in My account',
  nothingToReset: 'This admin has no authenticator app or passkey to remove',
  reset: (name: string) => `The sign-in of ${name} is reset: they sign in with their password and a code sent by e-mail`,
  resetFailure: 'Failed to reset the sign-in',
  notAsked: 'This admin is not asked to set up an authenticator app or a passkey: there is no grace period to restart',
  graceRestarted: (name: string) => `${name} has a new grace period`,
  graceFailure: 'Failed to restart the grace period',
} as const;
