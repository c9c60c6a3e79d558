import { lazy, Suspense, useSyncExternalStore } from 'react';

// react-toastify (with its injected styles) is not part of the sign-in screens' first load: its container
// mounts when the signed-in screens open or when the first toast is asked for. Toasts asked for before the
// container is there are queued by react-toastify and shown once it mounts.
const LazyToaster = lazy(() => import('../app/toaster').then((m) => ({ default: m.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the toast container (once; later calls do nothing). */
export function mountToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A toast from a screen that must not load react-toastify up front (the verification page). */
export async function notify(kind: 'success' | 'error', message: string): Promise<void> {
  mountToaster();
  const { toast } = await import('react-toastify');
  toast[kind](message);
}

/** The app's one toast container, rendered once wanted. */
export function Toasts() {
  const show = useSyncExternalStore(subscribe, () => wanted);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
