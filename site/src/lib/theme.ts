// Colour theme: the `dark` class on <html>, remembered in localStorage (beyond the spec, docs/decisions/010-dark-mode-remembered.md),
// defaulting to the system preference. THEME_INIT_SCRIPT (packages/common, inlined in every page's <head>)
// applies it before first paint.
import { THEME_STORAGE_KEY } from '@brightwave/common';
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isDark = () => document.documentElement.classList.contains('dark');
// The prerendered HTML is always the light variant; hydration starts from it, then follows the class.
const isDarkOnServer = () => false;

export function setDarkMode(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, dark ? 'dark' : 'light');
  } catch {
    // Private mode or storage disabled: the theme still applies for this page view.
  }
  listeners.forEach((listener) => listener());
}

export function useDarkMode(): [boolean, () => void] {
  const dark = useSyncExternalStore(subscribe, isDark, isDarkOnServer);
  return [dark, () => setDarkMode(!isDark())];
}
