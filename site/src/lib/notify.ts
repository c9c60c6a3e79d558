// Toasts (SPEC §8: top-right, 3 s, success green). react-toastify is loaded with the first toast, so it
// stays out of every page load; the toast waits in react-toastify's queue until its container mounts.
import { useSyncExternalStore } from 'react';

const loadToastify = () => import('react-toastify/unstyled');
export const loadToastContainer = () => import('../components/layout/toast-container');

let requested = false;
const listeners = new Set<() => void>();

export function notify(kind: 'success' | 'error', message: string): void {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  void loadToastify().then(({ toast }) => toast[kind](message));
}

/** True once a toast has been raised: the toast container is mounted from then on. */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => false,
  );
}
