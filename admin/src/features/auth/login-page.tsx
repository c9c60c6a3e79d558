import { MESSAGES, SSO_LOGIN_TEXTS, type SsoSettings } from '@brightwave/common';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { apiUrl } from '../../app/config';
import { buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { errorMessage } from '../../lib/api-error';
import { AuthForm } from './auth-card';
import { targetAfterLogin, type FromState } from './require-auth';
import { isSignedIn, startSession, useSession } from './session';
import { signInApi } from './sign-in-api';

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [isLoading, setIsLoading] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const authenticated = isSignedIn(useSession());
  const [sso, setSso] = useState<SsoSettings | null>(null);

  useEffect(() => {
    document.title = 'Login · Brightwave Admin';
  }, []);

  // Whether the company's provider signs in here (decision 093); without an answer the page is the password's alone.
  useEffect(() => {
    let current = true;
    signInApi.ssoSettings().then(
      (answer) => current && setSso({ sso: answer.sso, passwordSignIn: answer.passwordSignIn }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  const provider = sso?.sso?.name;

  if (authenticated) return <Navigate to="/dashboard" replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError('');
    setIsLoading(true);
    try {
      const answer = await signInApi.login({ email, password });
      if (answer.success && answer.adminId) {
        const from = (location.state as FromState | null)?.from;
        navigate('/verify-2fa', { state: { adminId: answer.adminId, challenge: answer.challenge, factors: answer.factors, from } });
      } else {
        setError(answer.message || MESSAGES.loginFailure);
      }
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.loginFailure));
    } finally {
      setIsLoading(false);
    }
  }

  /** A passkey signs in alone. Its code and the WebAuthn library load only now: the login page's first load stays small. */
  async function onPasskey() {
    setError('');
    setIsLoading(true);
    try {
      const { signInWithPasskey } = await import('./passkey-ceremony');
      const answer = await signInWithPasskey();
      startSession(answer.token, answer.admin);
      navigate(targetAfterLogin(location.state as FromState | null), { replace: true });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : MESSAGES.loginFailure);
    } finally {
      setIsLoading(false);
    }
  }

  return (
    <AuthForm title="Admin Login" intro="Sign in to manage the website." error={error} onSubmit={onSubmit}>
      <TextField label="Email" type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" className={buttonClasses('primary', 'w-full')} disabled={isLoading}>
        Login
      </button>
      <p className="text-center text-sm text-gray-700">or</p>
      <button type="button" className={buttonClasses('secondary', 'w-full')} disabled={isLoading} onClick={onPasskey}>
        Sign in with a passkey
      </button>
      {provider && (
        // A page of the backend that sends the browser to the provider: a whole page's navigation, not the router's.
        <a href={apiUrl('/admin/sso/start')} className={buttonClasses('secondary', 'w-full')}>
          {SSO_LOGIN_TEXTS.signInWith(provider)}
        </a>
      )}
      {provider && sso?.passwordSignIn === 'owners' && <p className="text-center text-sm text-gray-700">{SSO_LOGIN_TEXTS.passwordForOwnersOnly(provider)}</p>}
    </AuthForm>
  );
}
