import { ADMIN_PASSWORD_MIN_LENGTH, ADMIN_ROLE_DESCRIPTIONS, ADMIN_ROLE_LABELS, MESSAGES, strongFactorsLabel } from '@brightwave/common';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { LoadError, Loading } from '../../components/ui/feedback';
import { cardClasses, tableClasses, tdClasses } from '../../components/ui/table';
import { TableHead } from '../../components/ui/table-head';
import { errorMessage, fieldErrorsOf, logFailure } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useChangePasswordMutation, useGetAccountQuery, useGetSessionsQuery, useRevokeSessionMutation } from './account-api';
import { AuthenticatorSection } from './authenticator-section';
import { PasskeysSection } from './passkeys-section';
import { ApiKeysSection } from './api-keys-section';

const EMPTY_PASSWORDS = { currentPassword: '', newPassword: '' };

/**
 * My account: who I am, my role and how I sign in, a new password, two-step sign-in, passkeys, and my sessions (each can
 * be signed out).
 */
export function AccountPage() {
  const account = useGetAccountQuery();
  const sessions = useGetSessionsQuery();
  const [changePassword, { isLoading: changing }] = useChangePasswordMutation();
  const [revoke, { isLoading: revoking, originalArgs: revokingId }] = useRevokeSessionMutation();
  const [passwords, setPasswords] = useState(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (sessions.isError) logFailure('sessions fetch failed', sessions.error);
  }, [sessions.isError, sessions.error]);

  async function onChangePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      toast.success((await changePassword(passwords).unwrap()).message);
      setPasswords(EMPTY_PASSWORDS);
      setErrors({});
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, MESSAGES.passwordChangeFailure));
    }
  }

  async function onRevoke(id: string) {
    try {
      toast.success((await revoke(id).unwrap()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.sessionRevokeFailure));
    }
  }

  const me = account.data?.account;
  const signIn = account.data?.signIn;
  return (
    <>
      <PageHeader title="My account" />
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="profile-heading" className={`${cardClasses} p-5`}>
          <h2 id="profile-heading" className="text-lg font-semibold text-gray-900">
            Profile
          </h2>
          {me ? (
            <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
              <dt className="text-gray-700">Name</dt>
              <dd>{me.name}</dd>
              <dt className="text-gray-700">Email</dt>
              <dd>{me.email}</dd>
              <dt className="text-gray-700">Role</dt>
              <dd>
                {ADMIN_ROLE_LABELS[me.role]}: {ADMIN_ROLE_DESCRIPTIONS[me.role].toLowerCase()}
              </dd>
              {signIn && (
                <>
                  <dt className="text-gray-700">Signs in with</dt>
                  <dd>
                    {strongFactorsLabel(signIn.factors)}
                    {signIn.required && <span className="block text-xs text-gray-700">Your role must use an authenticator app or a passkey.</span>}
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <Loading label="Loading your account…" />
          )}
        </section>
        <section aria-labelledby="password-heading" className={`${cardClasses} p-5`}>
          <h2 id="password-heading" className="text-lg font-semibold text-gray-900">
            Change password
          </h2>
          <form onSubmit={onChangePassword} className="mt-3 space-y-3">
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              value={passwords.currentPassword}
              error={errors.currentPassword}
              onChange={(event) => setPasswords((current) => ({ ...current, currentPassword: event.target.value }))}
            />
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              minLength={ADMIN_PASSWORD_MIN_LENGTH}
              value={passwords.newPassword}
              error={errors.newPassword}
              onChange={(event) => setPasswords((current) => ({ ...current, newPassword: event.target.value }))}
            />
            <p className="text-xs text-gray-700">At least {ADMIN_PASSWORD_MIN_LENGTH} characters, not a common one. Your other sessions are signed out.</p>
            <button type="submit" className={buttonClasses('primary')} disabled={changing}>
              Change password
            </button>
          </form>
        </section>
      </div>
      <AuthenticatorSection />
      <PasskeysSection />
      <ApiKeysSection />
      <section aria-labelledby="sessions-heading" className={`${cardClasses} mt-6 overflow-x-auto`}>
        <h2 id="sessions-heading" className="px-5 pt-5 text-lg font-semibold text-gray-900">
          Active sessions
        </h2>
        {sessions.isLoading ? (
          <Loading label="Loading your sessions…" />
        ) : sessions.isError ? (
          <LoadError onRetry={sessions.refetch} />
        ) : (
          <table className={`${tableClasses} mt-3`}>
            <caption className="sr-only">Your active sessions</caption>
            <TableHead headers={['Signed in', 'Last used', 'Address', 'Browser', 'Actions']} />
            <tbody className="divide-y divide-gray-200">
              {(sessions.data?.sessions ?? []).map((session) => (
                <tr key={session._id}>
                  <td className={tdClasses}>{formatDateTime(session.createdAt)}</td>
                  <td className={tdClasses}>{session.lastUsedAt ? formatDateTime(session.lastUsedAt) : '—'}</td>
                  <td className={tdClasses}>{session.address ?? '—'}</td>
                  <td className={`${tdClasses} max-w-xs break-words`}>{session.userAgent ?? '—'}</td>
                  <td className={tdClasses}>
                    {session.current ? (
                      <span className="text-sm text-gray-700">This session</span>
                    ) : (
                      <button
                        type="button"
                        className={buttonClasses('secondary')}
                        aria-label={`Sign out the session signed in ${formatDateTime(session.createdAt)}`}
                        disabled={revoking && revokingId === session._id}
                        onClick={() => onRevoke(session._id)}
                      >
                        Sign out
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
