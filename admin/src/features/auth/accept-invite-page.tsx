import { ADMIN_PASSWORD_MIN_LENGTH, MESSAGES } from '@brightwave/common';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { errorMessage } from '../../lib/api-error';
import { AuthCard, AuthForm } from './auth-card';
import { signInApi } from './sign-in-api';

const PASSWORDS_DIFFER = 'The two passwords are not the same';

/**
 * The invitee's page: the one-time token comes in the link's fragment (#token=…), which browsers never send to a
 * server; the new admin sets a password and then signs in with the usual code flow.
 */
export function AcceptInvitePage() {
  const token = new URLSearchParams(useLocation().hash.slice(1)).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [acceptedEmail, setAcceptedEmail] = useState('');

  useEffect(() => {
    document.title = 'Accept invitation · Brightwave Admin';
  }, []);

  if (acceptedEmail) {
    return (
      <AuthCard title="Your account is ready" intro={`Sign in as ${acceptedEmail} with your new password.`}>
        <Link to="/login" className={buttonClasses('primary', 'w-full')}>
          Go to sign in
        </Link>
      </AuthCard>
    );
  }
  if (!token) {
    return (
      <AuthCard title="Accept invitation" intro={MESSAGES.inviteInvalid}>
        <Link to="/login" className={buttonClasses('secondary', 'w-full')}>
          Go to sign in
        </Link>
      </AuthCard>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== repeated) {
      setError(PASSWORDS_DIFFER);
      return;
    }
    setError('');
    setBusy(true);
    try {
      setAcceptedEmail((await signInApi.acceptInvite({ token, password })).email);
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.inviteInvalid));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthForm
      title="Accept invitation"
      intro={`Choose your password: at least ${ADMIN_PASSWORD_MIN_LENGTH} characters, not a common one.`}
      error={error}
      onSubmit={onSubmit}
    >
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={ADMIN_PASSWORD_MIN_LENGTH}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <TextField
        label="Repeat the password"
        type="password"
        autoComplete="new-password"
        required
        value={repeated}
        onChange={(event) => setRepeated(event.target.value)}
      />
      <button type="submit" className={buttonClasses('primary', 'w-full')} disabled={busy}>
        Set password
      </button>
    </AuthForm>
  );
}
