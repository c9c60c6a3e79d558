import { MESSAGES } from '@brightwave/common';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { errorMessage } from '../../lib/api-error';
import { AuthForm } from './auth-card';
import { useLoginMutation } from './auth-api';
import { selectIsAuthenticated } from './auth-slice';
import type { FromState } from './require-auth';

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [login, { isLoading }] = useLoginMutation();
  const navigate = useNavigate();
  const location = useLocation();
  const authenticated = useAppSelector(selectIsAuthenticated);

  useEffect(() => {
    document.title = 'Login · Brightwave Admin';
  }, []);

  if (authenticated) return <Navigate to="/dashboard" replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError('');
    try {
      const answer = await login({ email, password }).unwrap();
      if (answer.success && answer.adminId) {
        const from = (location.state as FromState | null)?.from;
        navigate('/verify-2fa', { state: { adminId: answer.adminId, from } });
      } else {
        setError(answer.message || MESSAGES.loginFailure);
      }
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.loginFailure));
    }
  }

  return (
    <AuthForm title="Admin Login" intro="Sign in to manage the website." error={error} onSubmit={onSubmit}>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
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
    </AuthForm>
  );
}
