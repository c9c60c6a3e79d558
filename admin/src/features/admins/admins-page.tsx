import {
  ADMIN_ROLES,
  ADMIN_ROLE_DESCRIPTIONS,
  ADMIN_ROLE_LABELS,
  MAX_LENGTH,
  MESSAGES,
  notBookableReason,
  strongFactorsLabel,
  type AdminInvite,
  type AdminRole,
  type AdminSummary,
} from '@brightwave/common';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { optionsOf, SelectField, TextField } from '../../components/ui/fields';
import { LoadError, Loading } from '../../components/ui/feedback';
import { cardClasses, tableClasses, tdClasses } from '../../components/ui/table';
import { TableHead } from '../../components/ui/table-head';
import { errorMessage, fieldErrorsOf, logFailure } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useNow } from '../../lib/time-ago';
import { useSession } from '../auth/session';
import { changeConfirmation, type ChangeConfirmation } from './admin-change-consequences';
import { AdminSignInActions } from './admin-sign-in-actions';
import { useGetAdminsQuery, useGetInvitesQuery, useInviteAdminMutation, useRevokeInviteMutation, useUpdateAdminMutation } from './admins-api';

const ROLE_OPTIONS = optionsOf(ADMIN_ROLES, ADMIN_ROLE_LABELS);

type AdminChanges = { role?: AdminRole; disabled?: boolean };
const EMPTY_INVITE = { email: '', name: '', role: '' as AdminRole | '' };

/** Admins (owners): who may use the back office, with which role; invitations (sent, pending, revoked); disabling. */
export function AdminsPage() {
  const admins = useGetAdminsQuery();
  const session = useSession();
  const [invite, { isLoading: inviting }] = useInviteAdminMutation();
  const [update, { isLoading: updating }] = useUpdateAdminMutation();
  const [toConfirm, setToConfirm] = useState<{ admin: AdminSummary; changes: AdminChanges; confirmation: ChangeConfirmation }>();
  const [form, setForm] = useState(EMPTY_INVITE);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (admins.isError) logFailure('admins fetch failed', admins.error);
  }, [admins.isError, admins.error]);

  async function onInvite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.role) return;
    try {
      const answer = await invite({ ...form, role: form.role }).unwrap();
      toast.success(`${answer.message}: ${answer.invite.email}`);
      setForm(EMPTY_INVITE);
      setErrors({});
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, MESSAGES.adminInviteFailure));
    }
  }

  async function onUpdate(admin: AdminSummary, changes: AdminChanges) {
    try {
      toast.success((await update({ id: admin._id, ...changes }).unwrap()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.adminUpdateFailure));
    }
    setToConfirm(undefined);
  }

  /** A change that unassigns items or cancels calls is confirmed first; the others are made at once. */
  function onChange(admin: AdminSummary, changes: AdminChanges) {
    const confirmation = changeConfirmation(admin, changes);
    if (confirmation) setToConfirm({ admin, changes, confirmation });
    else void onUpdate(admin, changes);
  }

  return (
    <>
      <PageHeader title="Admins">
        <ul className="mt-1 text-sm text-gray-700">
          {ADMIN_ROLES.map((role) => (
            <li key={role}>
              <strong>{ADMIN_ROLE_LABELS[role]}</strong>: {ADMIN_ROLE_DESCRIPTIONS[role].toLowerCase()}
            </li>
          ))}
        </ul>
      </PageHeader>
      <section aria-labelledby="invite-heading" className={`${cardClasses} mb-6 p-5`}>
        <h2 id="invite-heading" className="text-lg font-semibold text-gray-900">
          Invite an admin
        </h2>
        <p className="mt-1 text-sm text-gray-700">They get a link, valid 72 hours and once, to set their password.</p>
        <form onSubmit={onInvite} className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_12rem_auto] sm:items-start">
          <TextField
            label="Email"
            type="email"
            required
            maxLength={MAX_LENGTH.email}
            value={form.email}
            error={errors.email}
            onChange={(event) => setForm({ ...form, email: event.target.value })}
          />
          <TextField
            label="Name"
            required
            maxLength={MAX_LENGTH.name}
            value={form.name}
            error={errors.name}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
          />
          <SelectField
            label="Role"
            required
            placeholder="Select Role"
            options={ROLE_OPTIONS}
            value={form.role}
            error={errors.role}
            onChange={(event) => setForm({ ...form, role: event.target.value as AdminRole })}
          />
          {/* Level with the fields, whose errors show under them. */}
          <button type="submit" className={buttonClasses('primary', 'sm:mt-6')} disabled={inviting}>
            Send invitation
          </button>
        </form>
      </section>
      <PendingInvites />
      <section aria-label="Admins" className={`${cardClasses} overflow-x-auto`}>
        {admins.isLoading ? (
          <Loading label="Loading admins…" />
        ) : admins.isError ? (
          <LoadError onRetry={admins.refetch} />
        ) : (
          <table className={tableClasses}>
            <caption className="sr-only">Admins and their roles</caption>
            <TableHead headers={['Name', 'Email', 'Role', 'Status', 'Sign-in', 'Calls', 'Last sign-in', 'Actions']} />
            <tbody className="divide-y divide-gray-200">
              {(admins.data?.admins ?? []).map((admin) => (
                <tr key={admin._id}>
                  <td className={`${tdClasses} font-medium`}>{admin.name}</td>
                  <td className={tdClasses}>{admin.email}</td>
                  <td className={tdClasses}>
                    <label className="sr-only" htmlFor={`role-${admin._id}`}>
                      Role of {admin.name}
                    </label>
                    <select
                      id={`role-${admin._id}`}
                      className="rounded-md border border-gray-300 px-2 py-1 text-sm"
                      value={admin.role}
                      disabled={updating}
                      onChange={(event) => onChange(admin, { role: event.target.value as AdminRole })}
                    >
                      {ROLE_OPTIONS.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className={tdClasses}>{admin.disabled ? 'Disabled' : 'Active'}</td>
                  <td className={tdClasses}>
                    <SignInFactors admin={admin} />
                  </td>
                  <td className={tdClasses}>
                    <Bookable admin={admin} />
                  </td>
                  <td className={tdClasses}>{admin.lastSignInAt ? formatDateTime(admin.lastSignInAt) : 'Never'}</td>
                  <td className={tdClasses}>
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className={buttonClasses('secondary')}
                        aria-label={`${admin.disabled ? 'Enable' : 'Disable'} ${admin.name}`}
                        disabled={updating}
                        onClick={() => onChange(admin, { disabled: !admin.disabled })}
                      >
                        {admin.disabled ? 'Enable' : 'Disable'}
                      </button>
                      <AdminSignInActions admin={admin} isSelf={admin._id === session.admin?._id} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <ConfirmDialog
        open={toConfirm !== undefined}
        title={toConfirm?.confirmation.title ?? ''}
        message={toConfirm?.confirmation.message ?? ''}
        confirmLabel={toConfirm?.confirmation.confirmLabel ?? ''}
        busy={updating}
        onConfirm={() => toConfirm && void onUpdate(toConfirm.admin, toConfirm.changes)}
        onCancel={() => setToConfirm(undefined)}
      />
    </>
  );
}

/**
 * How the admin signs in ("Authenticator app", "2 passkeys", "Mailed code only") and, when the sign-in policy asks their
 * role for a strong factor they lack, until when a mailed code still lets them in (under it).
 */
function SignInFactors({ admin }: { admin: AdminSummary }) {
  const { factors, mustEnrol, mailedCodeUntil } = admin.signIn;
  const now = useNow();
  let requirement: string | undefined;
  if (mustEnrol && mailedCodeUntil === null) requirement = 'Must set up a strong factor at their next sign-in';
  else if (mustEnrol && mailedCodeUntil !== null) {
    requirement =
      new Date(mailedCodeUntil).getTime() > now.getTime()
        ? `Must set up a strong factor; mailed code until ${formatDateTime(mailedCodeUntil)}`
        : `Must set up a strong factor; mailed code refused since ${formatDateTime(mailedCodeUntil)}`;
  }
  return (
    <>
      {strongFactorsLabel(factors)}
      {requirement && <span className="block text-xs text-gray-700">{requirement}</span>}
    </>
  );
}

/** Whether visitors can book a call with the admin, and if not, why (in words, under it). */
function Bookable({ admin }: { admin: AdminSummary }) {
  const reason = notBookableReason(admin);
  if (reason === null) return <>Bookable</>;
  return (
    <>
      Not bookable <span className="block text-xs text-gray-700">{reason}</span>
    </>
  );
}

/** Invitations neither accepted nor expired; revoking one makes its link answer like an expired one. */
function PendingInvites() {
  const invites = useGetInvitesQuery();
  const [revoke, { isLoading: revoking }] = useRevokeInviteMutation();
  const [toRevoke, setToRevoke] = useState<AdminInvite | undefined>();

  useEffect(() => {
    if (invites.isError) logFailure('invitations fetch failed', invites.error);
  }, [invites.isError, invites.error]);

  async function onRevoke(invite: AdminInvite) {
    try {
      toast.success(`${(await revoke(invite._id).unwrap()).message}: ${invite.email}`);
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.inviteRevokeFailure));
    }
    setToRevoke(undefined);
  }

  return (
    <section aria-labelledby="pending-invites-heading" className={`${cardClasses} mb-6`}>
      <h2 id="pending-invites-heading" className="px-5 pt-5 text-lg font-semibold text-gray-900">
        Pending invitations
      </h2>
      <DataTable
        caption="Pending invitations"
        rows={invites.data?.invites ?? []}
        isLoading={invites.isLoading}
        isError={invites.isError}
        isFetching={invites.isFetching}
        onRetry={invites.refetch}
        loadingLabel="Loading invitations…"
        emptyText="No pending invitations."
        columns={[
          { header: 'Email', className: 'font-medium', cell: (row) => row.email },
          { header: 'Name', cell: (row) => row.name },
          { header: 'Role', cell: (row) => ADMIN_ROLE_LABELS[row.role] },
          { header: 'Invited by', cell: (row) => row.invitedBy?.name ?? 'A former admin' },
          { header: 'Expires', className: 'whitespace-nowrap', cell: (row) => formatDateTime(row.expiresAt) },
          {
            header: 'Actions',
            cell: (row) => (
              <button
                type="button"
                className={buttonClasses('danger', 'px-3 py-1')}
                aria-label={`Revoke the invitation of ${row.email}`}
                onClick={() => setToRevoke(row)}
              >
                Revoke
              </button>
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={toRevoke !== undefined}
        title="Revoke invitation"
        message={`Revoke the invitation of ${toRevoke?.email ?? ''}? Its link stops working at once.`}
        confirmLabel="Revoke"
        busy={revoking}
        onConfirm={() => toRevoke && onRevoke(toRevoke)}
        onCancel={() => setToRevoke(undefined)}
      />
    </section>
  );
}
