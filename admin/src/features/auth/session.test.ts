import type { AdminDetails } from '@brightwave/common';
import { act, renderHook } from '@testing-library/react';
import { ADMIN_DETAILS_KEY, ADMIN_TOKEN_KEY, endSession, isSignedIn, readStoredSession, startSession, useSession } from './session';

const admin: AdminDetails = { _id: 'a1', id: 'a1', name: 'Ada Admin', email: 'ada@example.test' };

describe('admin session', () => {
  it('starts from the session kept in browser storage', () => {
    window.localStorage.setItem(ADMIN_TOKEN_KEY, 'stored');
    window.localStorage.setItem(ADMIN_DETAILS_KEY, JSON.stringify(admin));
    expect(readStoredSession()).toEqual({ token: 'stored', admin });
    expect(isSignedIn(readStoredSession())).toBe(true);
    const { result } = renderHook(() => useSession());
    expect(result.current).toEqual({ token: 'stored', admin });
  });

  it('is signed out when the token or the details are missing', () => {
    window.localStorage.setItem(ADMIN_TOKEN_KEY, 'stored');
    expect(isSignedIn(readStoredSession())).toBe(false);
    window.localStorage.clear();
    window.localStorage.setItem(ADMIN_DETAILS_KEY, JSON.stringify(admin));
    expect(isSignedIn(readStoredSession())).toBe(false);
  });

  it('treats unreadable stored details as none', () => {
    window.localStorage.setItem(ADMIN_TOKEN_KEY, 'stored');
    window.localStorage.setItem(ADMIN_DETAILS_KEY, '{not json');
    expect(readStoredSession().admin).toBeNull();
  });

  it('startSession stores adminToken and adminDetails', () => {
    const { result } = renderHook(() => useSession());
    act(() => startSession('fresh', admin));
    expect(result.current).toEqual({ token: 'fresh', admin });
    expect(window.localStorage.getItem(ADMIN_TOKEN_KEY)).toBe('fresh');
    expect(JSON.parse(window.localStorage.getItem(ADMIN_DETAILS_KEY)!)).toEqual(admin);
  });

  it('endSession removes both keys and signs out', () => {
    const { result } = renderHook(() => useSession());
    act(() => startSession('fresh', admin));
    act(() => endSession());
    expect(result.current).toEqual({ token: null, admin: null });
    expect(window.localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(ADMIN_DETAILS_KEY)).toBeNull();
  });

  it('a logout in another tab ends the session here too', () => {
    startSession('fresh', admin);
    const { result } = renderHook(() => useSession());
    expect(isSignedIn(result.current)).toBe(true);
    // The other tab removed the token; this tab only hears a storage event.
    window.localStorage.removeItem(ADMIN_TOKEN_KEY);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: ADMIN_TOKEN_KEY, oldValue: 'fresh', newValue: null }));
    });
    expect(result.current).toEqual({ token: null, admin: null });
    expect(window.localStorage.getItem(ADMIN_DETAILS_KEY)).toBeNull();
  });
});
