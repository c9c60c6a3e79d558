import { SSO_MESSAGES } from '@brightwave/common';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../lib/api-error';
import { AuthCard } from './auth-card';
import { startSession } from './session';
import { signInApi } from './sign-in-api';

/**
 * Where the provider's sign-in ends (decision 093): the backend's callback sends the browser here with a one-time
 * ticket, exchanged for the session as the code step answers it; then the dashboard (or My account, for an admin who
 * must set up a strong factor first). No session token is ever in an address.
 */
export function SsoPage() {
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const navigate = useNavigate();
  const [error, setError] = useState(ticket ? '' : SSO_MESSAGES.ticketMissing);
  // The ticket works once: a second run of the effect (React's development checks) must not spend it again.
  const exchanged = useRef(false);

  useEffect(() => {
    document.title = 'Signing in · Brightwave Admin';
  }, []);

  useEffect(() => {
    if (exchanged.current || !ticket) return;
    exchanged.current = true;
    signInApi.ssoExchange({ ticket }).then(
      (answer) => {
        startSession(answer.token, answer.admin);
        navigate(answer.mustEnrol ? '/account' : '/dashboard', { replace: true });
      },
      (failure: unknown) => setError(errorMessage(failure, SSO_MESSAGES.ticketExpired)),
    );
  }, [navigate, ticket]);

  return (
    <AuthCard title={error ? SSO_MESSAGES.pageTitle : 'Signing in…'}>
      {error ? (
        <>
          <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
          <p className="text-center text-sm">
            <Link to="/login" className="font-medium text-blue-800 underline">
              {SSO_MESSAGES.backToSignIn}
            </Link>
          </p>
        </>
      ) : (
        <p role="status" className="text-center text-sm text-gray-700">
          Signing you in…
        </p>
      )}
    </AuthCard>
  );
}
