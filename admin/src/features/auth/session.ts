import type { AdminDetails } from '@brightwave/common';
import { useSyncExternalStore } from 'react';

// SPEC §3: the admin session lives in browser storage under these two keys. Storage is the one source of
// truth: this module (no Redux, so the sign-in screens stay small) reads it, writes it and tells the
// screens when it changes, here or in another tab.
export const ADMIN_TOKEN_KEY = 'adminToken';
export const ADMIN_DETAILS_KEY = 'adminDetails';

export interface StoredSession {
  token: string | null;
  admin: AdminDetails | null;
}

export function readStoredToken(): string | null {
  return window.localStorage.getItem(ADMIN_TOKEN_KEY);
}

/** SPEC §6: the stored admin token as a Bearer header on every request, none without one. */
export function authorizationHeader(): Record<string, string> {
  const token = readStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function parseDetails(rawDetails: string | null): AdminDetails | null {
  if (!rawDetails) return null;
  try {
    return JSON.parse(rawDetails) as AdminDetails;
  } catch {
    // Unreadable details count as no details: the guard then asks for a new login.
    return null;
  }
}

export function readStoredSession(): StoredSession {
  return { token: readStoredToken(), admin: parseDetails(window.localStorage.getItem(ADMIN_DETAILS_KEY)) };
}

/** SPEC §2/§6: signed in only with both a stored token and stored admin details. */
export function isSignedIn(session: StoredSession): boolean {
  return Boolean(session.token && session.admin);
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** A logout in another tab ends this one too (SPEC §4: logout removes token and details). */
function onStorage(event: StorageEvent): void {
  if (event.key !== null && event.key !== ADMIN_TOKEN_KEY && event.key !== ADMIN_DETAILS_KEY) return;
  if (!readStoredToken()) endSession();
  else notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** SPEC §4: a correct code stores the token and the admin details. */
export function startSession(token: string, admin: AdminDetails): void {
  window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
  window.localStorage.setItem(ADMIN_DETAILS_KEY, JSON.stringify(admin));
  notify();
}

/** SPEC §4: logout and any 401 remove the token and the details. */
export function endSession(): void {
  window.localStorage.removeItem(ADMIN_TOKEN_KEY);
  window.localStorage.removeItem(ADMIN_DETAILS_KEY);
  notify();
}

// The snapshot is read from storage each time (a token changed by hand is seen at the next render) and kept
// while the stored strings are the same, as useSyncExternalStore requires.
let snapshot: { rawToken: string | null; rawDetails: string | null; session: StoredSession } | null = null;

function getSnapshot(): StoredSession {
  const rawToken = readStoredToken();
  const rawDetails = window.localStorage.getItem(ADMIN_DETAILS_KEY);
  if (!snapshot || snapshot.rawToken !== rawToken || snapshot.rawDetails !== rawDetails) {
    snapshot = { rawToken, rawDetails, session: { token: rawToken, admin: parseDetails(rawDetails) } };
  }
  return snapshot.session;
}

/** The stored session, re-rendering when it starts or ends. */
export function useSession(): StoredSession {
  return useSyncExternalStore(subscribe, getSnapshot);
}
