import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { fieldErrorsOf } from '../../lib/api-error';
import { DialogForm } from '../form-dialog';
import { Dialog } from './dialog';
import { TextField } from './fields';

interface PasswordDialogProps {
  open: boolean;
  title: string;
  description: string;
  /** The form's name, when not the title. */
  formLabel?: string;
  passwordLabel?: string;
  submitLabel: string;
  busy: boolean;
  /** The change, with the password typed: throws the API's refusal, shown under the field and as a toast. */
  onSubmit: (password: string) => Promise<void>;
  /** The toast of a refusal: the server's message, or what failed. */
  failureMessage: (failure: unknown) => string;
  onClose: () => void;
}

/**
 * A change that asks for the admin's password again (decision 088): one password field, Cancel and the change. A
 * refusal shows under the field; a success closes it.
 */
export function PasswordDialog({
  open,
  title,
  description,
  formLabel = title,
  passwordLabel = 'Password',
  submitLabel,
  busy,
  onSubmit,
  failureMessage,
  onClose,
}: PasswordDialogProps) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function close() {
    setPassword('');
    setErrors({});
    onClose();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await onSubmit(password);
      close();
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(failureMessage(failure));
    }
  }

  return (
    <Dialog open={open} title={title} description={description} size="sm" onClose={close}>
      <DialogForm onSubmit={submit} onCancel={close} submitLabel={submitLabel} busy={busy} label={formLabel} submitTone="danger" className="mt-4 space-y-3">
        <TextField
          label={passwordLabel}
          type="password"
          autoComplete="current-password"
          required
          data-autofocus
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </DialogForm>
    </Dialog>
  );
}
