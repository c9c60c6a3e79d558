import { AUTHENTICATOR_MESSAGES, OTP_LENGTH, RECOVERY_CODE_COUNT, type AnswerOf, type PasswordAndCodePayload } from '@brightwave/common';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/fields';
import { LoadError, Loading } from '../../components/ui/feedback';
import { cardClasses } from '../../components/ui/table';
import { errorMessage, fieldErrorsOf, logFailure } from '../../lib/api-error';
import { saveBlob } from '../../lib/csv';
import { formatDateTime } from '../../lib/format';
import {
  useConfirmAuthenticatorMutation,
  useGetAuthenticatorQuery,
  useRemoveAuthenticatorMutation,
  useReplaceRecoveryCodesMutation,
  useSetUpAuthenticatorMutation,
} from './authenticator-api';

type Setup = AnswerOf<'POST /api/admin/me/totp'>;

const RECOVERY_CODES_FILE = 'brightwave-recovery-codes.txt';

/** The setup key in groups of four, as authenticator apps show keys typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * My account → Two-step sign-in: the authenticator app. Off: set it up for the password (the QR code the server drew,
 * or the key typed by hand) and turn it on with a code of the app; the recovery codes are then shown this once. On:
 * replace the recovery codes, or turn it off, each with the password and a code of the app or a recovery code.
 */
export function AuthenticatorSection() {
  const status = useGetAuthenticatorQuery();
  const [setup, setSetup] = useState<Setup>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();

  useEffect(() => {
    if (status.isError) logFailure('authenticator status fetch failed', status.error);
  }, [status.isError, status.error]);

  const authenticator = status.data?.authenticator;
  let body: ReactNode;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(undefined)} />;
  else if (setup) {
    body = (
      <ConfirmSetup
        setup={setup}
        onCancel={() => setSetup(undefined)}
        onConfirmed={(codes) => {
          setSetup(undefined);
          setRecoveryCodes(codes);
        }}
      />
    );
  } else if (status.isLoading) body = <Loading label="Loading your two-step sign-in…" />;
  else if (status.isError || !authenticator) body = <LoadError onRetry={status.refetch} />;
  else if (authenticator.enabled) {
    body = (
      <>
        <p className="text-sm text-gray-800">
          On{authenticator.enabledAt ? ` since ${formatDateTime(authenticator.enabledAt)}` : ''}: signing in asks for its code, and no code is sent by e-mail.{' '}
          {authenticator.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
        </p>
        <ReplaceRecoveryCodes onReplaced={setRecoveryCodes} />
        <RemoveAuthenticator />
      </>
    );
  } else {
    body = (
      <>
        <p className="text-sm text-gray-800">
          Off: signing in asks for a code sent by e-mail. With an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), it asks for the
          code the app shows instead, which nobody who reads your e-mail can see.
        </p>
        <SetUpAuthenticator onSetUp={setSetup} />
      </>
    );
  }

  return (
    <section aria-labelledby="two-step-heading" className={`${cardClasses} mt-6 p-5`}>
      <h2 id="two-step-heading" className="text-lg font-semibold text-gray-900">
        Two-step sign-in
      </h2>
      <h3 className="mt-3 mb-2 text-base font-semibold text-gray-900">Authenticator app</h3>
      {body}
    </section>
  );
}

/** Starting a setup: the password again, so that a session left open is not enough to enrol someone else's app. */
function SetUpAuthenticator({ onSetUp }: { onSetUp: (setup: Setup) => void }) {
  const [setUp, { isLoading: settingUp }] = useSetUpAuthenticatorMutation();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      onSetUp(await setUp({ password }).unwrap());
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, AUTHENTICATOR_MESSAGES.setUpFailure));
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label="Set up an authenticator app" className="mt-4 max-w-md space-y-3">
      <PasswordField value={password} error={errors.password} onChange={setPassword} />
      <button type="submit" className={buttonClasses('primary')} disabled={settingUp}>
        Set up an authenticator app
      </button>
    </form>
  );
}

/** The pending setup: the QR code and the key, and the first code of the app, which turns it on. */
function ConfirmSetup({ setup, onCancel, onConfirmed }: { setup: Setup; onCancel: () => void; onConfirmed: (codes: string[]) => void }) {
  const [confirm, { isLoading: confirming }] = useConfirmAuthenticatorMutation();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const answer = await confirm({ code }).unwrap();
      toast.success(answer.message);
      onConfirmed(answer.recoveryCodes);
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, AUTHENTICATOR_MESSAGES.enableFailure));
    }
  }

  return (
    <div className="grid gap-5 md:grid-cols-[auto_1fr]">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code to scan with your authenticator app"
        width={192}
        height={192}
        className="rounded border border-gray-200 bg-white"
      />
      <div className="space-y-3">
        <p className="text-sm text-gray-800">Scan the QR code with your authenticator app, or type this setup key into it:</p>
        <p className="text-sm">
          <span className="text-gray-700">Setup key: </span>
          <code className="font-mono text-base font-semibold tracking-wide text-gray-900">{grouped(setup.secret)}</code>
        </p>
        <form onSubmit={onSubmit} className="space-y-3">
          <TextField
            label="Code from the app"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            required
            value={code}
            error={errors.code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={buttonClasses('primary')} disabled={confirming}>
              Turn on
            </button>
            <button type="button" className={buttonClasses('secondary')} onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** The new recovery codes, this once: to copy or download before leaving. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(AUTHENTICATOR_MESSAGES.codesCopied);
    } catch {
      toast.error(AUTHENTICATOR_MESSAGES.copyFailure);
    }
  }

  return (
    <section aria-labelledby="recovery-codes-heading">
      <h4 id="recovery-codes-heading" className="text-sm font-semibold text-gray-900">
        Your recovery codes
      </h4>
      <p className="mt-1 text-sm text-gray-800">
        Each signs you in once instead of the app&apos;s code, if you lose your phone. Keep them somewhere safe: they are not shown again.
      </p>
      <ol aria-label="Recovery codes" className="mt-3 grid max-w-md grid-cols-2 gap-x-6 gap-y-1 font-mono text-base text-gray-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={buttonClasses('secondary')} onClick={onCopy}>
          Copy codes
        </button>
        <button type="button" className={buttonClasses('secondary')} onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), RECOVERY_CODES_FILE)}>
          Download codes
        </button>
        <button type="button" className={buttonClasses('primary')} onClick={onDone}>
          I have saved my codes
        </button>
      </div>
    </section>
  );
}

interface PasswordFieldProps {
  value: string;
  error: string | undefined;
  onChange: (password: string) => void;
  /** The field a dialog focuses when it opens. */
  focusFirst?: boolean;
}

/** The password asked again before a change to one's sign-in. */
function PasswordField({ value, error, onChange, focusFirst }: PasswordFieldProps) {
  return (
    <TextField
      label="Password"
      type="password"
      autoComplete="current-password"
      required
      data-autofocus={focusFirst || undefined}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

const EMPTY_PASSWORD_AND_CODE: PasswordAndCodePayload = { password: '', code: '' };

/** What turning the app off and replacing the recovery codes take: the password, and a code of the app or a recovery code. */
function PasswordAndCodeFields({
  values,
  errors,
  onChange,
  focusFirst,
}: {
  values: PasswordAndCodePayload;
  errors: Record<string, string>;
  onChange: (values: PasswordAndCodePayload) => void;
  focusFirst?: boolean;
}) {
  return (
    <>
      <PasswordField value={values.password} error={errors.password} onChange={(password) => onChange({ ...values, password })} focusFirst={focusFirst} />
      <TextField
        label="Code from the app or a recovery code"
        autoComplete="off"
        spellCheck={false}
        required
        value={values.code}
        error={errors.code}
        onChange={(event) => onChange({ ...values, code: event.target.value })}
      />
    </>
  );
}

/**
 * New recovery codes in place of the old ones, used or not, after a confirmation that says the old ones stop working
 * and takes the password and a code; the new codes are then shown as the first ones were.
 */
function ReplaceRecoveryCodes({ onReplaced }: { onReplaced: (codes: string[]) => void }) {
  const [replace, { isLoading: replacing }] = useReplaceRecoveryCodesMutation();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY_PASSWORD_AND_CODE);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function close() {
    setOpen(false);
    setValues(EMPTY_PASSWORD_AND_CODE);
    setErrors({});
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const answer = await replace(values).unwrap();
      toast.success(answer.message);
      close();
      onReplaced(answer.recoveryCodes);
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, AUTHENTICATOR_MESSAGES.replaceCodesFailure));
    }
  }

  return (
    <>
      <button type="button" className={buttonClasses('secondary', 'mt-3')} onClick={() => setOpen(true)}>
        Replace recovery codes
      </button>
      <Dialog
        open={open}
        title="Replace your recovery codes?"
        description={`You get ${RECOVERY_CODE_COUNT} new codes, and every code you have now stops working at once, used or not.`}
        size="sm"
        onClose={close}
      >
        <form onSubmit={onSubmit} aria-label="Replace recovery codes" className="mt-4 space-y-3">
          <PasswordAndCodeFields values={values} errors={errors} onChange={setValues} focusFirst />
          <div className="flex justify-end gap-3 pt-2">
            <button type="button" className={buttonClasses('secondary')} onClick={close}>
              Cancel
            </button>
            <button type="submit" className={buttonClasses('primary')} disabled={replacing}>
              Replace recovery codes
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** Turning the app off: the password, and a code of the app or a recovery code. */
function RemoveAuthenticator() {
  const [remove, { isLoading: removing }] = useRemoveAuthenticatorMutation();
  const [values, setValues] = useState(EMPTY_PASSWORD_AND_CODE);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      toast.success((await remove(values).unwrap()).message);
      setValues(EMPTY_PASSWORD_AND_CODE);
      setErrors({});
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, AUTHENTICATOR_MESSAGES.removeFailure));
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label="Turn off the authenticator app" className="mt-4 max-w-md space-y-3">
      <PasswordAndCodeFields values={values} errors={errors} onChange={setValues} />
      <button type="submit" className={buttonClasses('danger')} disabled={removing}>
        Turn off the authenticator app
      </button>
    </form>
  );
}
