import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Loading } from '../../components/ui/feedback';
import { isSignedIn, useSession } from './session';

export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * SPEC §2/§6: without a stored token and admin details, go to login and remember the page asked for.
 * Checked before the signed-in chunk is fetched, so a signed-out visit downloads no more than the login.
 */
export function RequireAuth() {
  const signedIn = isSignedIn(useSession());
  const location = useLocation();
  if (!signedIn) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/login" replace state={{ from } satisfies FromState} />;
  }
  return (
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  );
}

export function targetAfterLogin(state: FromState | null | undefined): string {
  const from = state?.from;
  if (!from || from.pathname === '/login' || from.pathname === '/verify-2fa') return '/dashboard';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
