import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_POSITION } from '@brightwave/common';
import { ToastContainer } from 'react-toastify';

/**
 * Toasts top-right for 3 s (SPEC §8), below the header bar (index.css), at most TOAST_LIMIT at once; loaded with the
 * first toast or the signed-in screens (see lib/toasts.tsx).
 */
export function Toaster() {
  return <ToastContainer position={TOAST_POSITION} autoClose={TOAST_DURATION_MS} limit={TOAST_LIMIT} theme="colored" newestOnTop />;
}
