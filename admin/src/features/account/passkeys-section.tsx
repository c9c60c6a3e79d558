import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX_LENGTH, type Passkey } from '@brightwave/common';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { PasswordDialog } from '../../components/ui/password-dialog';
import { LoadError, Loading } from '../../components/ui/feedback';
import { cardClasses, tableClasses, tdClasses } from '../../components/ui/table';
import { TableHead } from '../../components/ui/table-head';
import { fieldErrorsOf, logFailure } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { createPasskey, passkeyFailureMessage } from '../auth/passkey-ceremony';
import { useAddPasskeyMutation, useGetPasskeysQuery, usePasskeyOptionsMutation, useRemovePasskeyMutation } from './passkeys-api';

/**
 * My account → Passkeys: the admin's passkeys (name, added, last used), each removable with the password; a new one
 * takes a name and the password, then the browser asks the device to make it (decision 089).
 */
export function PasskeysSection() {
  const list = useGetPasskeysQuery();

  useEffect(() => {
    if (list.isError) logFailure('passkeys fetch failed', list.error);
  }, [list.isError, list.error]);

  const passkeys = list.data?.passkeys;
  return (
    <section aria-labelledby="passkeys-heading" className={`${cardClasses} mt-6 p-5`}>
      <h2 id="passkeys-heading" className="text-lg font-semibold text-gray-900">
        Passkeys
      </h2>
      <p className="mt-2 text-sm text-gray-800">A passkey signs you in on its own, with your device&apos;s screen lock or fingerprint: no password, no code.</p>
      {list.isLoading ? (
        <Loading label="Loading your passkeys…" />
      ) : list.isError || !passkeys ? (
        <LoadError onRetry={list.refetch} />
      ) : passkeys.length === 0 ? (
        <p className="mt-3 text-sm text-gray-800">You have no passkeys yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className={tableClasses}>
            <caption className="sr-only">Your passkeys</caption>
            <TableHead headers={['Name', 'Added', 'Last used', 'Actions']} />
            <tbody>
              {passkeys.map((passkey) => (
                <tr key={passkey.id}>
                  <td className={tdClasses}>{passkey.name}</td>
                  <td className={tdClasses}>{formatDateTime(passkey.createdAt)}</td>
                  <td className={tdClasses}>{passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : 'Never'}</td>
                  <td className={tdClasses}>
                    <RemovePasskey passkey={passkey} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddPasskey />
    </section>
  );
}

const EMPTY_NEW_PASSKEY = { name: '', password: '' };

/** A new passkey: its name and the password, then the browser's ceremony, then the server keeps it. */
function AddPasskey() {
  const [getOptions] = usePasskeyOptionsMutation();
  const [add] = useAddPasskeyMutation();
  const [values, setValues] = useState(EMPTY_NEW_PASSKEY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAdding(true);
    try {
      const { options } = await getOptions({ password: values.password }).unwrap();
      const response = await createPasskey(options);
      toast.success((await add({ name: values.name, response }).unwrap()).message);
      setValues(EMPTY_NEW_PASSKEY);
      setErrors({});
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(passkeyFailureMessage(failure, PASSKEY_MESSAGES.addFailure));
    } finally {
      setAdding(false);
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label="Add a passkey" className="mt-4 max-w-md space-y-3">
      <h3 className="text-base font-semibold text-gray-900">Add a passkey</h3>
      <TextField
        label="Passkey name"
        placeholder="Work laptop"
        required
        maxLength={PASSKEY_NAME_MAX_LENGTH}
        autoComplete="off"
        value={values.name}
        error={errors.name}
        onChange={(event) => setValues({ ...values, name: event.target.value })}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        error={errors.password}
        onChange={(event) => setValues({ ...values, password: event.target.value })}
      />
      <button type="submit" className={buttonClasses('primary')} disabled={adding}>
        Add a passkey
      </button>
    </form>
  );
}

/** Removing one passkey: the password, in a dialog that names it. */
function RemovePasskey({ passkey }: { passkey: Passkey }) {
  const [remove, { isLoading: removing }] = useRemovePasskeyMutation();
  const [open, setOpen] = useState(false);

  return (
    <>
      <button type="button" className={buttonClasses('danger')} aria-label={`Remove the passkey ${passkey.name}`} onClick={() => setOpen(true)}>
        Remove
      </button>
      <PasswordDialog
        open={open}
        title={`Remove the passkey "${passkey.name}"?`}
        description="It will no longer sign you in."
        formLabel={`Remove the passkey ${passkey.name}`}
        submitLabel="Remove passkey"
        busy={removing}
        onSubmit={async (password) => {
          toast.success((await remove({ id: passkey.id, password }).unwrap()).message);
        }}
        failureMessage={(failure) => passkeyFailureMessage(failure, PASSKEY_MESSAGES.removeFailure)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
