import type { AdminDetails } from '@brightwave/common';
import { sessionEnded } from '../features/auth/auth-actions';
import { ADMIN_DETAILS_KEY, ADMIN_TOKEN_KEY, readStoredSession } from '../features/auth/session';
import { makeStore } from './store';
import {
  addressOf,
  answerFilterChanged,
  answerQueryOf,
  channelFilterChanged,
  channelQueryOf,
  dueFilterChanged,
  filterQueryOf,
  filtersFromLink,
  filtersOfLink,
  listQueryOf,
  overdueFilterChanged,
  ownerFilterChanged,
  pageChanged,
  searchChanged,
  selectTableParams,
  sortChanged,
  spamViewChanged,
  statusFilterChanged,
  tablesSlice,
  workQueryOf,
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
  it("starts every table at page 1, no search, no filter, newest first, the inbox not the spam, anyone's items, any channel", () => {
    const state = makeStore().getState();
    for (const table of ['leads', 'queries', 'jobs'] as const) {
      expect(selectTableParams(state, table)).toEqual({
        page: 1,
        q: '',
        status: '',
        sort: 'newest',
        spam: false,
        owner: 'anyone',
        overdue: false,
        source: '',
        medium: '',
        question: '',
        answer: '',
        due: '',
        knockedOut: false,
      });
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
    ['an owner filter', ownerFilterChanged({ table: 'leads', owner: 'me' })],
    ['the overdue filter', overdueFilterChanged({ table: 'leads', overdue: true })],
    ['a source filter', channelFilterChanged({ table: 'leads', source: 'newsletter' })],
    ['a medium filter', channelFilterChanged({ table: 'leads', medium: 'email' })],
    ['the due filter', dueFilterChanged({ table: 'leads', due: 'today' })],
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

  it("sends the workspace's filters only when set: owner, overdue only, the follow-up order", () => {
    const params = selectTableParams(makeStore().getState(), 'leads');
    expect(workQueryOf(params)).toEqual({});
    expect(workQueryOf({ sort: 'follow-up', owner: 'unassigned', overdue: true })).toEqual({ sort: 'follow-up', owner: 'unassigned', overdue: true });
    expect(workQueryOf({ sort: 'oldest', owner: 'anyone', overdue: false })).toEqual({});
  });

  it('sends the channel filters only when set, trimmed, each on its own', () => {
    const store = makeStore();
    expect(channelQueryOf(selectTableParams(store.getState(), 'leads'))).toEqual({});
    store.dispatch(channelFilterChanged({ table: 'leads', source: ' Newsletter ' }));
    expect(channelQueryOf(selectTableParams(store.getState(), 'leads'))).toEqual({ source: 'Newsletter' });
    store.dispatch(channelFilterChanged({ table: 'leads', medium: 'email' }));
    expect(channelQueryOf(selectTableParams(store.getState(), 'leads'))).toEqual({ source: 'Newsletter', medium: 'email' });
    expect(channelQueryOf({ source: '  ', medium: '' })).toEqual({});
    expect(selectTableParams(store.getState(), 'queries')).toMatchObject({ source: '', medium: '' });
  });

  it('filters by an answer once a question and its answer are both chosen; a new question clears the answer', () => {
    const store = makeStore();
    store.dispatch(pageChanged({ table: 'leads', page: 2 }));
    store.dispatch(answerFilterChanged({ table: 'leads', question: 'budget', answer: '' }));
    expect(answerQueryOf(selectTableParams(store.getState(), 'leads'))).toEqual({});
    store.dispatch(answerFilterChanged({ table: 'leads', question: 'budget', answer: 'Under 10k' }));
    expect(answerQueryOf(selectTableParams(store.getState(), 'leads'))).toEqual({ question: 'budget', answer: 'Under 10k' });
    expect(selectTableParams(store.getState(), 'leads').page).toBe(1);
    expect(addressOf(selectTableParams(store.getState(), 'leads'))).toBe('question=budget&answer=Under+10k');
    expect(selectTableParams(store.getState(), 'queries')).toMatchObject({ question: '', answer: '' });
  });

  it("leaves the follow-up order to workQueryOf: the other lists' calls only know newest and oldest", () => {
    expect(listQueryOf({ page: 1, q: '', status: '', sort: 'follow-up', spam: false }, 20)).toEqual({ page: 1, limit: 20 });
    expect(filterQueryOf({ page: 1, q: '', status: '', sort: 'follow-up', spam: false })).toEqual({});
  });

  it('orders suspected spam by date again: it has no follow-ups', () => {
    const store = makeStore();
    store.dispatch(sortChanged({ table: 'leads', sort: 'follow-up' }));
    store.dispatch(spamViewChanged({ table: 'leads', spam: true }));
    expect(selectTableParams(store.getState(), 'leads').sort).toBe('newest');
  });

  it("reads a link's filters and leaves out what the lists do not offer", () => {
    expect(filtersOfLink('')).toBeNull();
    expect(filtersOfLink('?tab=1')).toBeNull();
    expect(filtersOfLink('?overdue=true')).toEqual({ overdue: true });
    expect(filtersOfLink('?owner=me&sort=follow-up&status=new&q=ada&spam=true')).toEqual({
      owner: 'me',
      sort: 'follow-up',
      status: 'new',
      q: 'ada',
      spam: true,
    });
    expect(filtersOfLink('?overdue=yes&sort=alphabetical')).toEqual({});
    expect(filtersOfLink('?source=newsletter&medium=email')).toEqual({ source: 'newsletter', medium: 'email' });
    expect(filtersOfLink('?question=budget&answer=Under+10k')).toEqual({ question: 'budget', answer: 'Under 10k' });
    expect(filtersOfLink('?page=3')).toEqual({ page: 3 });
    expect(filtersOfLink('?page=0&status=new')).toEqual({ status: 'new' });
    expect(filtersOfLink('?page=2.5')).toEqual({});
    expect(filtersOfLink('?due=today')).toEqual({ due: 'today' });
    expect(filtersOfLink('?due=tomorrow')).toEqual({});
  });

  it('writes a view as the query of its address, only what differs from a new table, and reads it back', () => {
    const store = makeStore();
    expect(addressOf(selectTableParams(store.getState(), 'leads'))).toBe('');
    store.dispatch(searchChanged({ table: 'leads', q: 'ada lovelace' }));
    store.dispatch(statusFilterChanged({ table: 'leads', status: 'new' }));
    store.dispatch(pageChanged({ table: 'leads', page: 2 }));
    const address = addressOf(selectTableParams(store.getState(), 'leads'));
    expect(address).toBe('page=2&status=new&q=ada+lovelace');
    const fresh = makeStore();
    fresh.dispatch(filtersFromLink({ table: 'leads', filters: filtersOfLink(`?${address}`) ?? {} }));
    expect(selectTableParams(fresh.getState(), 'leads')).toEqual(selectTableParams(store.getState(), 'leads'));
  });

  it("sets a link's filters on a table from page 1, every other filter as it starts", () => {
    const store = makeStore();
    store.dispatch(searchChanged({ table: 'leads', q: 'grace' }));
    store.dispatch(pageChanged({ table: 'leads', page: 3 }));
    store.dispatch(filtersFromLink({ table: 'leads', filters: { overdue: true } }));
    expect(selectTableParams(store.getState(), 'leads')).toEqual({
      page: 1,
      q: '',
      status: '',
      sort: 'newest',
      spam: false,
      owner: 'anyone',
      overdue: true,
      source: '',
      medium: '',
      question: '',
      answer: '',
      due: '',
      knockedOut: false,
    });
  });
});
