import { SIGN_IN_POLICY_MESSAGES, type AdminRole, type SignInStanding } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { Clock } from '../auth/clock';
import { SignInPolicyRepository } from './sign-in-policy.repository';
import { graceOver, requiredSinceFor, standingOf, type StandingFacts } from './sign-in-standing';

/** An admin's standing under the policy, with what the sign-in needs beside it. */
export interface AdminStanding {
  role: AdminRole;
  standing: SignInStanding;
  /** They lack a required factor and their grace period is over. */
  graceOver: boolean;
}

/**
 * What the sign-in policy (decision 090) asks of one admin, as the admin guard, the sign-in steps and the accounts
 * screens read it. Each reading brings the admin's grace period up to date first: started when the policy first finds
 * them without a required factor, ended once they have one (or the policy no longer asks). One query, and a write only
 * when that changes.
 */
@Injectable()
export class SignInRequirement {
  constructor(
    private readonly repository: SignInPolicyRepository,
    private readonly clock: Clock,
  ) {}

  async of(adminId: string): Promise<AdminStanding | undefined> {
    const facts = await this.repository.factsOf(adminId);
    if (!facts) return undefined;
    const now = this.clock.now();
    const current = await this.withGraceUpToDate(adminId, facts, now);
    return { role: current.role, standing: standingOf(current), graceOver: graceOver(current, now) };
  }

  /** Required to use a strong factor and has none: only their account's sign-in routes are open to them (the guard). */
  async mustEnrol(adminId: string): Promise<boolean> {
    return (await this.of(adminId))?.standing.mustEnrol ?? false;
  }

  /**
   * Why a mailed code may no longer sign the admin in (the message for them), or undefined when it may: always when the
   * policy asks nothing of them, and during their grace period. An admin of a covered role who has a strong factor
   * signs in with it (an authenticator app's admin is never offered the mailed code, decision 085; a passkey's is refused
   * it here). Past the grace period, an owner still gets in (to set one up, nothing else) while no active owner has a
   * strong factor: the policy never leaves the back office without an owner who can sign in.
   */
  async mailedCodeRefusal(adminId: string): Promise<string | undefined> {
    const current = await this.of(adminId);
    if (!current?.standing.required) return undefined;
    if (!current.standing.mustEnrol) return SIGN_IN_POLICY_MESSAGES.passkeyRequired;
    if (!current.graceOver) return undefined;
    const ownerLetIn = current.role === 'owner' && !(await this.repository.anActiveOwnerHasStrongFactor());
    return ownerLetIn ? undefined : SIGN_IN_POLICY_MESSAGES.mailedCodeRefused;
  }

  /** Every admin's standing, by id, as stored (the Admins screen: a list writes nothing). */
  async ofAll(): Promise<Map<string, SignInStanding>> {
    const facts = await this.repository.factsOfAll();
    return new Map([...facts].map(([id, one]) => [id, standingOf(one)]));
  }

  private async withGraceUpToDate(adminId: string, facts: StandingFacts, now: Date): Promise<StandingFacts> {
    const wanted = requiredSinceFor(facts, now);
    if (wanted === facts.requiredSince) return facts;
    if (wanted === null) {
      await this.repository.endGrace(adminId);
      return { ...facts, requiredSince: null };
    }
    return { ...facts, requiredSince: (await this.repository.startGrace(adminId, wanted)) ?? wanted };
  }
}
