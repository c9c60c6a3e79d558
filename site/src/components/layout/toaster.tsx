import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_POSITION } from '@brightwave/common';
import { lazy, Suspense } from 'react';
import { loadToastContainer, useToastsRequested } from '../../lib/notify';

const ToastContainer = lazy(loadToastContainer);

/** The toast region, mounted with the first toast (never in the prerendered HTML); at most TOAST_LIMIT at once, as in the admin. */
export function Toaster() {
  if (!useToastsRequested()) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position={TOAST_POSITION} autoClose={TOAST_DURATION_MS} limit={TOAST_LIMIT} theme="colored" />
    </Suspense>
  );
}
