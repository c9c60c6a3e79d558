import { useEffect, useState, useSyncExternalStore } from 'react';

function subscribeReducedMotion(listener: () => void): () => void {
  const query = window.matchMedia('(prefers-reduced-motion: reduce)');
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    () => false,
  );
}

export interface Rotation {
  index: number;
  paused: boolean;
  /** Paused by the visitor (not by reduced motion). */
  pausedByUser: boolean;
  setIndex: (index: number) => void;
  next: () => void;
  previous: () => void;
  togglePause: () => void;
}

/**
 * Cycles through `count` items every `intervalMs`. Stands still under prefers-reduced-motion, while the
 * tab is hidden, and when the visitor pauses it (WCAG 2.2.2).
 */
export function useRotation(count: number, intervalMs: number): Rotation {
  const [index, setIndex] = useState(0);
  const [pausedByUser, setPausedByUser] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const paused = pausedByUser || reducedMotion;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) setIndex((current) => (current + 1) % count);
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [paused, count, intervalMs]);

  return {
    index,
    paused,
    pausedByUser,
    setIndex,
    next: () => setIndex((current) => (current + 1) % count),
    previous: () => setIndex((current) => (current - 1 + count) % count),
    togglePause: () => setPausedByUser((value) => !value),
  };
}
