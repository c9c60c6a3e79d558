import type { AdminDetails } from '@brightwave/common';
import { sessionEnded } from '../features/auth/auth-actions';
import { ADMIN_DETAILS_KEY, ADMIN_TOKEN_KEY, readStoredSession } from '../features/auth/session';
import { makeStore } from './store';
import {
  filterQueryOf,
  listQueryOf,
  pageChanged,
  searchChanged,
  selectTableParams,
  sortChanged,
  spamViewChanged,
  statusFilterChanged,
  tablesSlice,
} from './tables-slice';

const admin: AdminDetails = { _id: 'a1', id: 'a1', name: 'Ada Admin', email: 'ada@example.test' };

describe('store', () => {
  it('sessionEnded removes both keys and forgets what was fetched', () => {
    window.localStorage.setItem(ADMIN_TOKEN_KEY, 'stored');
    window.localStorage.setItem(ADMIN_DETAILS_KEY, JSON.stringify(admin));
    const store = makeStore();
    store.dispatch(sessionEnded());
    expect(readStoredSession()).toEqual({ token: null, admin: null });
    expect(window.localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(ADMIN_DETAILS_KEY)).toBeNull();
    expect(store.getState().api.queries).toEqual({});
  });
});

describe(tablesSlice.name, () => {
  it('starts every table at page 1, no search, no filter, newest first, the inbox not the spam', () => {
    const state = makeStore().getState();
    for (const table of ['leads', 'queries', 'jobs'] as const) {
      expect(selectTableParams(state, table)).toEqual({ page: 1, q: '', status: '', sort: 'newest', spam: false });
    }
  });

  it('changes the page of one table only', () => {
    const store = makeStore();
    store.dispatch(pageChanged({ table: 'leads', page: 3 }));
    expect(selectTableParams(store.getState(), 'leads').page).toBe(3);
    expect(selectTableParams(store.getState(), 'queries').page).toBe(1);
  });

  it('never goes below page 1', () => {
    const store = makeStore();
    store.dispatch(pageChanged({ table: 'jobs', page: 0 }));
    expect(selectTableParams(store.getState(), 'jobs').page).toBe(1);
  });

  it.each([
    ['a search', searchChanged({ table: 'leads', q: 'grace' })],
    ['a status filter', statusFilterChanged({ table: 'leads', status: 'lost' })],
    ['a sort', sortChanged({ table: 'leads', sort: 'oldest' })],
  ])('%s goes back to page 1', (_what, action) => {
    const store = makeStore();
    store.dispatch(pageChanged({ table: 'leads', page: 4 }));
    store.dispatch(action);
    expect(selectTableParams(store.getState(), 'leads').page).toBe(1);
  });

  it('forgets every table setting when the session ends', () => {
    const store = makeStore();
    store.dispatch(searchChanged({ table: 'queries', q: 'billing' }));
    store.dispatch(sessionEnded());
    expect(selectTableParams(store.getState(), 'queries').q).toBe('');
  });

  it('builds list parameters without empty values', () => {
    expect(listQueryOf({ page: 2, q: '  ', status: '', sort: 'newest', spam: false }, 20)).toEqual({ page: 2, limit: 20, sort: 'newest' });
    expect(listQueryOf({ page: 1, q: ' ada ', status: 'new', sort: 'oldest', spam: false }, 20)).toEqual({
      page: 1,
      limit: 20,
      sort: 'oldest',
      status: 'new',
      q: 'ada',
    });
    expect(filterQueryOf({ page: 5, q: 'x', status: 'lost', sort: 'newest', spam: true })).toEqual({
      sort: 'newest',
      status: 'lost',
      q: 'x',
      spam: true,
    });
  });

  it('shows the suspected spam of a table from page 1, and the inbox again after', () => {
    const store = makeStore();
    store.dispatch(pageChanged({ table: 'leads', page: 3 }));
    store.dispatch(spamViewChanged({ table: 'leads', spam: true }));
    expect(selectTableParams(store.getState(), 'leads')).toMatchObject({ spam: true, page: 1 });
    expect(selectTableParams(store.getState(), 'queries').spam).toBe(false);
    expect(listQueryOf(selectTableParams(store.getState(), 'leads'), 20)).toMatchObject({ spam: true });
    store.dispatch(spamViewChanged({ table: 'leads', spam: false }));
    expect(listQueryOf(selectTableParams(store.getState(), 'leads'), 20)).not.toHaveProperty('spam');
  });
});
