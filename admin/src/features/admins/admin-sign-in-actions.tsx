import { ADMIN_SIGN_IN_MESSAGES, hasStrongFactor, type AdminSummary } from '@brightwave/common';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PasswordDialog } from '../../components/ui/password-dialog';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useResetAdminSignInMutation, useRestartSignInGraceMutation } from './admins-api';

/**
 * An owner's help with another admin's sign-in (decision 094), in their row of the Admins screen: **Reset sign-in** for
 * one who has an authenticator app or passkeys (they lost the device), with the owner's password; **Restart grace
 * period** for one the sign-in policy asks to set one up. Not offered for oneself: one's own sign-in is My account's.
 */
export function AdminSignInActions({ admin, isSelf }: { admin: AdminSummary; isSelf: boolean }) {
  if (isSelf) return null;
  return (
    <>
      {hasStrongFactor(admin.signIn.factors) && <ResetSignIn admin={admin} />}
      {admin.signIn.mustEnrol && <RestartGrace admin={admin} />}
    </>
  );
}

function ResetSignIn({ admin }: { admin: AdminSummary }) {
  const [reset, { isLoading: resetting }] = useResetAdminSignInMutation();
  const [open, setOpen] = useState(false);

  return (
    <>
      <button type="button" className={buttonClasses('secondary')} aria-label={`Reset sign-in of ${admin.name}`} onClick={() => setOpen(true)}>
        Reset sign-in
      </button>
      <PasswordDialog
        open={open}
        title={`Reset the sign-in of ${admin.name}?`}
        description="Their authenticator app, recovery codes and passkeys stop working and they are signed out everywhere. They sign in with their password and a code sent by e-mail, and can set up new ones."
        passwordLabel="Your password"
        submitLabel="Reset sign-in"
        busy={resetting}
        onSubmit={async (password) => {
          toast.success((await reset({ id: admin._id, password }).unwrap()).message);
        }}
        failureMessage={(failure) => errorMessage(failure, ADMIN_SIGN_IN_MESSAGES.resetFailure)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function RestartGrace({ admin }: { admin: AdminSummary }) {
  const [restart, { isLoading: restarting }] = useRestartSignInGraceMutation();
  const [open, setOpen] = useState(false);

  async function onConfirm() {
    try {
      const answer = await restart(admin._id).unwrap();
      toast.success(answer.mailedCodeUntil ? `${answer.message}, until ${formatDateTime(answer.mailedCodeUntil)}` : answer.message);
      setOpen(false);
    } catch (failure) {
      toast.error(errorMessage(failure, ADMIN_SIGN_IN_MESSAGES.graceFailure));
    }
  }

  return (
    <>
      <button type="button" className={buttonClasses('secondary')} aria-label={`Restart grace period of ${admin.name}`} onClick={() => setOpen(true)}>
        Restart grace period
      </button>
      <ConfirmDialog
        open={open}
        title={`Give ${admin.name} a new grace period?`}
        message="A code sent by e-mail signs them in again for the sign-in policy's days from now, to set up an authenticator app or a passkey and nothing else."
        confirmLabel="Restart grace period"
        busy={restarting}
        onConfirm={() => void onConfirm()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
