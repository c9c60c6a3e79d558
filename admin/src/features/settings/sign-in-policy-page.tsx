import {
  ADMIN_ROLES,
  ADMIN_ROLE_LABELS,
  hasStrongFactor,
  SIGN_IN_GRACE_DAYS,
  SIGN_IN_POLICY_MESSAGES,
  type AdminRole,
  type AdminSummary,
  type SignInPolicy,
} from '@brightwave/common';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { LoadError, Loading } from '../../components/ui/feedback';
import { errorAttributes, FieldError, fieldErrorId, inputClasses, labelClasses } from '../../components/ui/fields';
import { cardClasses } from '../../components/ui/table';
import { errorMessage, fieldErrorsOf } from '../../lib/api-error';
import { useGetAccountQuery } from '../account/account-api';
import { useGetAdminsQuery } from '../admins/admins-api';
import { useGetSignInPolicyQuery, useSaveSignInPolicyMutation } from './settings-api';
import { SettingsTabs } from './settings-tabs';

/**
 * Settings → Sign-in (owners; docs/features/sign-in.md, decision 090): the roles that must sign in with an
 * authenticator app or a passkey, and for how many days a code sent by e-mail still lets one of them in to set one up.
 */
export function SignInPolicyPage() {
  const { data, isLoading, isError, refetch } = useGetSignInPolicyQuery();
  return (
    <>
      <PageHeader title="Sign-in">
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          Which roles must sign in with an authenticator app or a passkey rather than a code sent by e-mail. An admin of such a role who has neither is asked to
          set one up right after signing in, and can do nothing else until they have; once their grace period is over, a code sent by e-mail no longer signs
          them in.
        </p>
      </PageHeader>
      <SettingsTabs />
      {isLoading ? (
        <Loading label="Loading the sign-in policy…" />
      ) : data ? (
        // Keyed by the policy as stored: a save starts the form from it again.
        <PolicyForm key={JSON.stringify(data.policy)} policy={data.policy} />
      ) : (
        isError && <LoadError onRetry={() => void refetch()} />
      )}
    </>
  );
}

/** Of a role's active admins, how many have a strong factor, in words ("2 of 3 have one"); nothing while the list loads. */
function readiness(admins: AdminSummary[] | undefined, role: AdminRole): string | undefined {
  if (!admins) return undefined;
  const active = admins.filter((admin) => admin.role === role && !admin.disabled);
  if (active.length === 0) return 'no active admin';
  const ready = active.filter((admin) => hasStrongFactor(admin.signIn.factors)).length;
  return `${ready} of ${active.length} ${active.length === 1 ? 'has' : 'have'} an authenticator app or a passkey`;
}

/** The roles (checkboxes) and the grace period; the server's field errors show under each. */
function PolicyForm({ policy }: { policy: SignInPolicy }) {
  const headingId = useId();
  const fieldId = useId();
  const [roles, setRoles] = useState<AdminRole[]>(policy.roles);
  const [graceDays, setGraceDays] = useState(String(policy.graceDays));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, { isLoading: saving }] = useSaveSignInPolicyMutation();
  const me = useGetAccountQuery().data;
  const admins = useGetAdminsQuery().data?.admins;
  const ids = { roles: `${fieldId}-roles`, rolesHint: `${fieldId}-roles-hint`, grace: `${fieldId}-grace`, graceHint: `${fieldId}-grace-hint` };
  // The owner saving a policy that covers their own role, without a strong factor: they are the first sent to set one up.
  const coversMeWithout = me !== undefined && roles.includes(me.account.role) && !hasStrongFactor(me.signIn.factors);

  function toggle(role: AdminRole, checked: boolean) {
    setRoles((current) => (checked ? [...current, role] : current.filter((one) => one !== role)));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      // Sent as typed (empty is 0): the server says what is wrong with a grace period that is not a whole number of days.
      const answer = await save({ roles: ADMIN_ROLES.filter((role) => roles.includes(role)), graceDays: Number(graceDays) }).unwrap();
      setErrors({});
      toast.success(answer.message);
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, SIGN_IN_POLICY_MESSAGES.saveFailure));
    }
  }

  return (
    <section aria-labelledby={headingId} className={`${cardClasses} p-5`}>
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        Strong sign-in by role
      </h2>
      <form noValidate aria-labelledby={headingId} className="mt-3 max-w-2xl space-y-5" onSubmit={onSubmit}>
        <fieldset aria-describedby={[ids.rolesHint, errors.roles ? fieldErrorId(ids.roles) : undefined].filter(Boolean).join(' ')}>
          <legend className={labelClasses}>Roles that must use an authenticator app or a passkey</legend>
          <p id={ids.rolesHint} className="mb-2 text-xs text-gray-700">
            None checked: everyone signs in with their password and a code sent by e-mail, or with what they set up themselves.
          </p>
          <ul className="space-y-2">
            {ADMIN_ROLES.map((role) => (
              <li key={role}>
                <label className="flex items-center gap-2 text-sm text-gray-900">
                  <input type="checkbox" className="h-4 w-4" checked={roles.includes(role)} onChange={(event) => toggle(role, event.target.checked)} />
                  <span>
                    {ADMIN_ROLE_LABELS[role]}
                    {readiness(admins, role) && <span className="text-gray-700"> ({readiness(admins, role)})</span>}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <FieldError controlId={ids.roles} error={errors.roles} />
        </fieldset>
        {coversMeWithout && (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            You have neither an authenticator app nor a passkey: right after saving, you will be asked to set one up before anything else.
          </p>
        )}
        <div>
          <label htmlFor={ids.grace} className={labelClasses}>
            Grace period (days)
          </label>
          <input
            id={ids.grace}
            type="number"
            inputMode="numeric"
            min={SIGN_IN_GRACE_DAYS.min}
            max={SIGN_IN_GRACE_DAYS.max}
            step={1}
            className={`${inputClasses} max-w-32`}
            {...errorAttributes(ids.grace, errors.graceDays, { 'aria-describedby': ids.graceHint })}
            value={graceDays}
            onChange={(event) => setGraceDays(event.target.value)}
          />
          <p id={ids.graceHint} className="mt-1 text-xs text-gray-700">
            From {SIGN_IN_GRACE_DAYS.min} to {SIGN_IN_GRACE_DAYS.max}. How long a code sent by e-mail still signs in an admin of these roles who has neither,
            counted from when the policy first finds them without one: when it is saved, or at a new admin&apos;s first sign-in. More days give everyone more
            time; taking a role off and checking it again starts the role&apos;s grace period again.
          </p>
          <FieldError controlId={ids.grace} error={errors.graceDays} />
        </div>
        <button type="submit" className={buttonClasses('primary')} disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </form>
    </section>
  );
}
