import { ADMIN_ROLES, type SignInPolicy } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { Clock } from '../auth/clock';
import { SignInPolicyRepository } from './sign-in-policy.repository';

/** Settings → Sign-in (decision 090): which roles must use a strong factor, and the grace period; each change audited. */
@Injectable()
export class SignInPolicyService {
  constructor(
    private readonly repository: SignInPolicyRepository,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  get(): Promise<SignInPolicy> {
    return this.repository.policy();
  }

  /**
   * Saves the policy (its roles in the order of ADMIN_ROLES) and starts the grace period of every active admin it newly
   * finds without a strong factor, or ends it for those it no longer asks one of, with the audit entry, at once.
   */
  async save(given: SignInPolicy): Promise<SignInPolicy> {
    const policy: SignInPolicy = { roles: ADMIN_ROLES.filter((role) => given.roles.includes(role)), graceDays: given.graceDays };
    const before = await this.repository.policy();
    await this.repository.save(policy, this.clock.now(), (tx) =>
      this.audit.record('settings.sign_in_policy_changed', { kind: 'settings', id: 'sign_in' }, { from: before, to: policy }, { tx }),
    );
    return policy;
  }
}
