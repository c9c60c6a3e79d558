import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { authSlice, sessionEnded, sessionStarted } from '../features/auth/auth-slice';
import { tablesSlice } from './tables-slice';
import { clearStoredSession, storeSession } from '../features/auth/session-storage';
import { api } from './api';

const rootReducer = combineSlices(api, authSlice, tablesSlice);
export type RootState = ReturnType<typeof rootReducer>;

export function makeStore() {
  // Storage follows the session actions, so reducers stay pure and every exit path clears the same keys.
  const session = createListenerMiddleware();
  session.startListening({
    actionCreator: sessionStarted,
    effect: (action) => storeSession(action.payload.token, action.payload.admin),
  });
  session.startListening({
    actionCreator: sessionEnded,
    effect: (_action, listenerApi) => {
      clearStoredSession();
      // Nothing fetched for the previous session may be shown to the next one.
      listenerApi.dispatch(api.util.resetApiState());
    },
  });

  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().prepend(session.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
