import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { mountToaster } from '../lib/toasts';
import { SignedInRoutes } from './signed-in-routes';
import { makeStore } from './store';

/**
 * The signed-in part of the app, loaded after sign-in: the store (RTK Query), and the layout around the
 * screens with their routes. The store lives as long as the signed-in stretch: when the session ends the guard
 * unmounts it, so nothing fetched for one session is kept for the next.
 */
export function SignedInShell() {
  const [store] = useState(makeStore);
  useEffect(mountToaster, []);
  return (
    <Provider store={store}>
      <SignedInRoutes />
    </Provider>
  );
}
