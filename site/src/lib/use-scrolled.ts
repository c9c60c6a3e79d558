import { NAVBAR_SOLID_SCROLL_PX } from '@brightwave/common';
import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('scroll', listener, { passive: true });
  return () => window.removeEventListener('scroll', listener);
}

/** True once the page is scrolled more than the navbar threshold (SPEC §9). */
export function useScrolled(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > NAVBAR_SOLID_SCROLL_PX,
    () => false,
  );
}
