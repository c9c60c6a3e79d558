import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { sessionEnded } from '../features/auth/auth-actions';
import { endSession } from '../features/auth/session';
import { tablesSlice } from './tables-slice';
import { api } from './api';

const rootReducer = combineSlices(api, tablesSlice);
export type RootState = ReturnType<typeof rootReducer>;

export function makeStore() {
  // Storage follows the session action, so reducers stay pure and every exit path clears the same keys.
  const session = createListenerMiddleware();
  session.startListening({
    actionCreator: sessionEnded,
    effect: (_action, listenerApi) => {
      endSession();
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
