import type { AdminDetails } from '@brightwave/common';

// SPEC §3: the admin session lives in browser storage under these two keys.
export const ADMIN_TOKEN_KEY = 'adminToken';
export const ADMIN_DETAILS_KEY = 'adminDetails';

export interface StoredSession {
  token: string | null;
  admin: AdminDetails | null;
}

export function readStoredToken(): string | null {
  return window.localStorage.getItem(ADMIN_TOKEN_KEY);
}

export function readStoredSession(): StoredSession {
  const token = readStoredToken();
  const rawDetails = window.localStorage.getItem(ADMIN_DETAILS_KEY);
  let admin: AdminDetails | null = null;
  if (rawDetails) {
    try {
      admin = JSON.parse(rawDetails) as AdminDetails;
    } catch {
      // Unreadable details count as no details: the guard then asks for a new login.
      admin = null;
    }
  }
  return { token, admin };
}

export function storeSession(token: string, admin: AdminDetails): void {
  window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
  window.localStorage.setItem(ADMIN_DETAILS_KEY, JSON.stringify(admin));
}

export function clearStoredSession(): void {
  window.localStorage.removeItem(ADMIN_TOKEN_KEY);
  window.localStorage.removeItem(ADMIN_DETAILS_KEY);
}
