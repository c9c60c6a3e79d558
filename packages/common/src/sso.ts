// Single sign-on with the company's OpenID Connect provider (docs/features/sign-in.md, decision 093): the admin signs
// in at the provider, the backend checks its answer and hands the admin app a one-time ticket for the session.

import type { AdminDetails } from './types';

/** How long a started sign-in at the provider can be finished (its state, nonce and PKCE verifier are kept this long). */
export const SSO_REQUEST_TTL_SECONDS = 10 * 60;
/** How long the ticket of a finished sign-in can be exchanged for the session; each ticket once. */
export const SSO_TICKET_TTL_SECONDS = 60;

/** Who may sign in with a password (OIDC_PASSWORD_SIGN_IN): everyone, or owners only (the others use the provider). */
export const PASSWORD_SIGN_IN_POLICIES = ['all', 'owners'] as const;
export type PasswordSignInPolicy = (typeof PASSWORD_SIGN_IN_POLICIES)[number];

/** GET /api/admin/sso: the provider's button when single sign-on is configured, and who may use a password. */
export interface SsoSettings {
  sso: { name: string } | null;
  passwordSignIn: PasswordSignInPolicy;
}

/** POST /api/admin/sso/exchange: the ticket the callback put in the admin app's /admin/sso address. */
export interface SsoExchangePayload {
  ticket: string;
}

/** The session the exchange answers: the code step's answer (POST /admin/verify-2fa). */
export interface SsoSession {
  token: string;
  admin: AdminDetails;
  mustEnrol?: true;
}

/** Every other text a person reads about single sign-on: the refusal page's, the API's, the admin's /admin/sso page's. */
export const SSO_MESSAGES = {
  pageTitle: 'Single sign-on failed',
  backToSignIn: 'Back to sign in',
  passwordRefused: (provider: string) => `Password sign-in is for owners only. Use "Sign in with ${provider}" on the sign-in page.`,
  notConfigured: 'Single sign-on is not set up on this site. Sign in with your e-mail address and password.',
  providerUnreachable: (provider: string) => `${provider} cannot be reached right now. Try again in a few minutes, or sign in with your password.`,
  requestExpired: 'This sign-in was not started in this browser, was used already or took longer than 10 minutes. Start again.',
  providerRefused: (provider: string) => `${provider} did not sign you in. Start again, or ask your administrator.`,
  answerInvalid: (provider: string) => `The answer from ${provider} could not be verified. Start again.`,
  noEmail: (provider: string) => `${provider} did not tell us your e-mail address. Ask your administrator to include it.`,
  emailNotVerified: (provider: string) => `Your e-mail address is not verified with ${provider}. Verify it there, then start again.`,
  domainNotAllowed: (domain: string) => `Accounts of ${domain} may not sign in here. Use your company account.`,
  noRole: (provider: string) => `Your account at ${provider} gives you no role here. Ask an owner to invite you.`,
  noAccount: 'There is no admin account with your e-mail address here. Ask an owner to invite you.',
  ticketMissing: 'The sign-in ticket is missing. Start again from the sign-in page.',
  ticketExpired: 'This sign-in link was used already or is more than a minute old. Start again from the sign-in page.',
} as const;
