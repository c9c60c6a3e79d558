import { TOAST_DURATION_MS, TOAST_POSITION } from '@brightwave/common';
import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import { ADMIN_TOKEN_KEY } from '../features/auth/session-storage';
import { sessionEnded } from '../features/auth/auth-slice';
import type { AppStore } from './store';

/** Store, toasts (top-right, 3 s, SPEC §8) and a logout in another tab ending this one too. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if ((event.key === ADMIN_TOKEN_KEY || event.key === null) && !window.localStorage.getItem(ADMIN_TOKEN_KEY)) {
        store.dispatch(sessionEnded());
      }
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store]);

  return (
    <Provider store={store}>
      {children}
      <ToastContainer position={TOAST_POSITION} autoClose={TOAST_DURATION_MS} theme="colored" newestOnTop />
    </Provider>
  );
}
