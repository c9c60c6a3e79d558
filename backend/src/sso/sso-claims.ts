import { ADMIN_ROLES, MAX_LENGTH, type AdminRole } from '@brightwave/common';

/** What the provider says of the person, from the ID token (and userinfo where the ID token lacks it). */
export type Claims = Record<string, unknown>;

/** The e-mail address the provider vouches for, lower-cased, and whether it verified it. */
export function emailOf(claims: Claims): { email: string; verified: boolean } | undefined {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email.includes('@')) return undefined;
  // Only a boolean true: some providers send the string "true", which proves nothing about its type of check. Microsoft
  // Entra ID sends no email_verified; its optional claim xms_edov says the e-mail's domain owner verified it.
  const verified = claims.email_verified === true || (claims.email_verified === undefined && claims.xms_edov === true);
  return { email, verified };
}

export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

/** The values of the role claim: a string or a list of strings (anything else is none). */
export function roleClaimValues(claims: Claims, claim: string): string[] {
  const value = claims[claim];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * The role the claim's values give: through the map when one is set, else a value equal to a role's name. Several:
 * the most privileged (ADMIN_ROLES' order). Undefined when none maps.
 */
export function mappedRole(values: string[], roleMap: ReadonlyMap<string, AdminRole> | undefined): AdminRole | undefined {
  const roles = values
    .map((value) => (roleMap ? roleMap.get(value) : ADMIN_ROLES.find((role) => role === value)))
    .filter((role): role is AdminRole => role !== undefined);
  return ADMIN_ROLES.find((role) => roles.includes(role));
}

/** The name of a new admin: the `name` claim, else the e-mail's local part. */
export function nameOf(claims: Claims, email: string): string {
  const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, MAX_LENGTH.name) : '';
  return name || email.slice(0, email.lastIndexOf('@'));
}
