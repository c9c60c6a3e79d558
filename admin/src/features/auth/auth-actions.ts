import { createAction } from '@reduxjs/toolkit';

/**
 * Ends the session from inside the store (a 401, a logout): the store's listener clears browser storage
 * (session.ts, which sends the guard to the login page) and forgets every fetched row and table setting.
 */
export const sessionEnded = createAction('auth/sessionEnded');
