import {
  ADMIN_ROLES,
  DEFAULT_SIGN_IN_POLICY,
  hasStrongFactor,
  SIGN_IN_GRACE_DAYS,
  type AdminRole,
  type SignInPolicy,
  type SignInStanding,
  type StrongFactors,
} from '@brightwave/common';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the policy's rules read about one admin. */
export interface StandingFacts {
  policy: SignInPolicy;
  role: AdminRole;
  factors: StrongFactors;
  /** When the policy first found them without a strong factor (`admins.strong_factor_required_since`). */
  requiredSince: Date | null;
}

/** The policy asks a strong factor of the admin's role, and they have none. */
export function lacksRequiredFactor({ policy, role, factors }: Pick<StandingFacts, 'policy' | 'role' | 'factors'>): boolean {
  return policy.roles.includes(role) && !hasStrongFactor(factors);
}

/**
 * What `requiredSince` should be: kept (or `now`, the first time) while the admin lacks a required factor, null
 * otherwise. So a grace period starts when the policy first finds the admin without one (a role newly covered, a new
 * admin's first sign-in, a role changed, the last factor removed) and ends for good once they have one.
 */
export function requiredSinceFor(facts: StandingFacts, now: Date): Date | null {
  return lacksRequiredFactor(facts) ? (facts.requiredSince ?? now) : null;
}

/** The end of the admin's grace period, while they lack a required factor and it has started. */
export function graceEnd(facts: StandingFacts): Date | null {
  if (!lacksRequiredFactor(facts) || facts.requiredSince === null) return null;
  return new Date(facts.requiredSince.getTime() + facts.policy.graceDays * DAY_MS);
}

/** The admin lacks a required factor and their grace period is over: a mailed code no longer signs them in. */
export function graceOver(facts: StandingFacts, now: Date): boolean {
  const end = graceEnd(facts);
  return end !== null && end.getTime() <= now.getTime();
}

export function standingOf(facts: StandingFacts): SignInStanding {
  return {
    factors: facts.factors,
    required: facts.policy.roles.includes(facts.role),
    mustEnrol: lacksRequiredFactor(facts),
    mailedCodeUntil: graceEnd(facts)?.toISOString() ?? null,
  };
}

/**
 * The stored policy, read back leniently: an unknown role is dropped and a grace period out of bounds is the default's,
 * so that no stored value can close the back office; nothing stored is the default (nobody must).
 */
export function policyFromStored(value: unknown): SignInPolicy {
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const given: unknown[] = Array.isArray(stored.roles) ? stored.roles : [];
  const roles = ADMIN_ROLES.filter((role) => given.includes(role));
  const days = stored.graceDays;
  const graceDays =
    typeof days === 'number' && Number.isInteger(days) && days >= SIGN_IN_GRACE_DAYS.min && days <= SIGN_IN_GRACE_DAYS.max
      ? days
      : DEFAULT_SIGN_IN_POLICY.graceDays;
  return { roles, graceDays };
}
