import { DEFAULT_SIGN_IN_POLICY, strongFactorsLabel, type StrongFactors } from '@brightwave/common';
import { graceOver, policyFromStored, requiredSinceFor, standingOf, type StandingFacts } from './sign-in-standing';

const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date('2026-03-02T09:00:00.000Z');
const NONE: StrongFactors = { authenticator: false, passkeys: 0 };
const APP: StrongFactors = { authenticator: true, passkeys: 0 };

/** A sales admin under a policy covering sales with 7 days' grace, as `change` says otherwise. */
function facts(change: Partial<StandingFacts> = {}): StandingFacts {
  return { policy: { roles: ['sales'], graceDays: 7 }, role: 'sales', factors: NONE, requiredSince: START, ...change };
}
const after = (days: number) => new Date(START.getTime() + days * DAY_MS);

describe(standingOf.name, () => {
  it('asks nothing of anyone under the default policy: no factor required, nothing to set up, no deadline', () => {
    expect(standingOf(facts({ policy: DEFAULT_SIGN_IN_POLICY, requiredSince: null }))).toEqual({
      factors: NONE,
      required: false,
      mustEnrol: false,
      mailedCodeUntil: null,
    });
  });

  it('sends an admin of a covered role without a strong factor to set one up, with the end of their grace period', () => {
    expect(standingOf(facts())).toEqual({ factors: NONE, required: true, mustEnrol: true, mailedCodeUntil: after(7).toISOString() });
  });

  it.each<[string, StrongFactors]>([
    ['an authenticator app', APP],
    ['a passkey', { authenticator: false, passkeys: 1 }],
  ])('asks nothing more of an admin of a covered role with %s', (_, factors) => {
    expect(standingOf(facts({ factors }))).toMatchObject({ required: true, mustEnrol: false, mailedCodeUntil: null });
  });

  it('asks nothing of a role the policy does not cover, whatever its factors', () => {
    expect(standingOf(facts({ role: 'editor' }))).toMatchObject({ required: false, mustEnrol: false, mailedCodeUntil: null });
  });

  it('has no deadline yet for an admin the policy has not found without a factor (their next sign-in starts it)', () => {
    expect(standingOf(facts({ requiredSince: null }))).toMatchObject({ mustEnrol: true, mailedCodeUntil: null });
  });
});

describe(requiredSinceFor.name, () => {
  const now = after(3);

  it('starts the grace period now when the policy first finds the admin without a required factor, and keeps it after', () => {
    expect(requiredSinceFor(facts({ requiredSince: null }), now)).toBe(now);
    expect(requiredSinceFor(facts(), now)).toBe(START);
  });

  it('ends it once the admin has a strong factor, or the policy no longer covers their role', () => {
    expect(requiredSinceFor(facts({ factors: APP }), now)).toBeNull();
    expect(requiredSinceFor(facts({ policy: { roles: ['owner'], graceDays: 7 } }), now)).toBeNull();
  });
});

describe(graceOver.name, () => {
  it('is over from the grace period’s end on, not a millisecond before', () => {
    expect(graceOver(facts(), new Date(after(7).getTime() - 1))).toBe(false);
    expect(graceOver(facts(), after(7))).toBe(true);
  });

  it('is never over for an admin with a factor, of a role not covered, or whose grace period has not started', () => {
    expect(graceOver(facts({ factors: APP }), after(100))).toBe(false);
    expect(graceOver(facts({ role: 'owner' }), after(100))).toBe(false);
    expect(graceOver(facts({ requiredSince: null }), after(100))).toBe(false);
  });

  it('follows the grace period as it is now: more days give an admin past it more time', () => {
    expect(graceOver(facts({ policy: { roles: ['sales'], graceDays: 30 } }), after(10))).toBe(false);
  });
});

describe(policyFromStored.name, () => {
  it('reads nothing stored as the default: nobody must use a strong factor', () => {
    expect(policyFromStored(undefined)).toEqual(DEFAULT_SIGN_IN_POLICY);
  });

  it('keeps the known roles once each, in the roles’ order, and a grace period out of bounds as the default’s', () => {
    expect(policyFromStored({ roles: ['editor', 'boss', 'owner', 'editor'], graceDays: 0 })).toEqual({
      roles: ['owner', 'editor'],
      graceDays: DEFAULT_SIGN_IN_POLICY.graceDays,
    });
    expect(policyFromStored({ roles: 'owner', graceDays: 30 })).toEqual({ roles: [], graceDays: 30 });
  });
});

describe(strongFactorsLabel.name, () => {
  it.each<[StrongFactors, string]>([
    [NONE, 'Mailed code only'],
    [APP, 'Authenticator app'],
    [{ authenticator: false, passkeys: 1 }, '1 passkey'],
    [{ authenticator: false, passkeys: 2 }, '2 passkeys'],
    [{ authenticator: true, passkeys: 3 }, 'Authenticator app and 3 passkeys'],
  ])('says %j as %j', (factors, label) => {
    expect(strongFactorsLabel(factors)).toBe(label);
  });
});
