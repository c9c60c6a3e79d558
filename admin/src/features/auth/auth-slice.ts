import type { AdminDetails } from '@brightwave/common';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStoredSession } from './session-storage';

export interface AuthState {
  token: string | null;
  admin: AdminDetails | null;
}

// The state mirrors browser storage; the store's listener writes storage when these actions pass.
export const authSlice = createSlice({
  name: 'auth',
  initialState: (): AuthState => readStoredSession(),
  reducers: {
    sessionStarted(_state, action: PayloadAction<{ token: string; admin: AdminDetails }>) {
      return { token: action.payload.token, admin: action.payload.admin };
    },
    sessionEnded() {
      return { token: null, admin: null };
    },
  },
  selectors: {
    selectIsAuthenticated: (state) => Boolean(state.token && state.admin),
    selectAdmin: (state) => state.admin,
  },
});

export const { sessionStarted, sessionEnded } = authSlice.actions;
export const { selectIsAuthenticated, selectAdmin } = authSlice.selectors;
