import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Loading } from '../../components/ui/feedback';
import { useGetAccountQuery } from './account-api';

// Only an admin sent to set up a strong factor ever needs it: a chunk of its own.
const EnrolmentScreen = lazy(() => import('./enrolment-screen').then((m) => ({ default: m.EnrolmentScreen })));

/**
 * The sign-in policy's gate (decision 090): an admin whose role must use an authenticator app or a passkey, and who has
 * neither, sees only the enrolment screen, at /account (the server answers 403 to everything else). Once they have one,
 * the screen stays until they continue, so that the recovery codes shown after turning an app on are not swept away.
 * Everyone else sees the back office as soon as it loads, without waiting for their account.
 */
export function EnrolmentGate({ children }: { children: ReactNode }) {
  const account = useGetAccountQuery().data;
  const { pathname } = useLocation();
  const mustEnrol = account?.signIn.mustEnrol === true;
  const [held, setHeld] = useState(false);
  // Held from the first answer that says so, during the render (React's way to keep state that follows a prop).
  if (mustEnrol && !held) setHeld(true);

  if (!account || (!mustEnrol && !held)) return children;
  if (pathname !== '/account') return <Navigate to="/account" replace />;
  return (
    <Suspense fallback={<Loading />}>
      <EnrolmentScreen account={account} onContinue={() => setHeld(false)} />
    </Suspense>
  );
}
