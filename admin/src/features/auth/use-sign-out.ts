import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { logFailure } from '../../lib/api-error';
import { sessionEnded } from './auth-actions';
import { useLogoutMutation } from './auth-api';

/** Logout: the server's session ended, the browser's forgotten, back to the login page. And whether it is under way. */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [logout, { isLoading: signingOut }] = useLogoutMutation();

  async function signOut() {
    try {
      await logout().unwrap();
    } catch (failure) {
      // The server session may already be gone; the browser forgets it either way.
      logFailure('logout', failure);
    }
    dispatch(sessionEnded());
    navigate('/login', { replace: true });
  }

  return { signOut, signingOut };
}
