import { TOAST_DURATION_MS, TOAST_POSITION } from '@brightwave/common';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadToastContainer } from '../../lib/notify';

const ToastContainer = lazy(loadToastContainer);

/** Mounted only after hydration (the prerendered HTML has no toast region to match). */
export function Toaster() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position={TOAST_POSITION} autoClose={TOAST_DURATION_MS} theme="colored" />
    </Suspense>
  );
}
