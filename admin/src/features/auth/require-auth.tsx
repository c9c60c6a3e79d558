import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectIsAuthenticated } from './auth-slice';

export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** SPEC §2/§6: without a stored token and admin details, go to login and remember the page asked for. */
export function RequireAuth() {
  const authenticated = useAppSelector(selectIsAuthenticated);
  const location = useLocation();
  if (!authenticated) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/login" replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
}

export function targetAfterLogin(state: FromState | null | undefined): string {
  const from = state?.from;
  if (!from || from.pathname === '/login' || from.pathname === '/verify-2fa') return '/dashboard';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
