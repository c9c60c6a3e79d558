import {
  LIST_MAX_PAGE,
  SORT_ORDERS,
  type AnswerFilter,
  type ChannelFilter,
  type OwnerFilter,
  type SortOrder,
  type WorkListQuery,
  type WorkSortOrder,
} from '@brightwave/common';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../features/auth/auth-actions';

/** `work` is My work: its own filters (due today) and search, over the one list the server answers. */
export type TableKey = 'leads' | 'queries' | 'jobs' | 'applications' | 'deliveries' | 'work';

/** My work's follow-up filter: any time (`''`), or due by the end of today (overdue ones included). */
export type DueFilter = '' | 'today';

/** The order of the workspace's lists (leads, contact messages) by follow-up time; the other lists offer SORT_ORDERS only. */
export const FOLLOW_UP_SORT = 'follow-up' satisfies WorkSortOrder;

export interface TableParams {
  page: number;
  q: string;
  status: string;
  sort: WorkSortOrder;
  /** Leads and contact messages: the suspected spam instead of the inbox. */
  spam: boolean;
  /** Leads and contact messages: whose items (`anyone` is no filter). */
  owner: OwnerFilter;
  /** Leads and contact messages: only the items whose follow-up time has passed. */
  overdue: boolean;
  /** Leads and contact messages: only the items of this attribution source, and of this medium (`''` is no filter). */
  source: string;
  medium: string;
  /** The workspace's lists: only the items whose answer to this choice question (its id) is `answer`; both chosen, or no filter. */
  question: string;
  answer: string;
  /** My work: only the items whose follow-up is due by the end of today. */
  due: DueFilter;
  /** Applications: only those a knockout answer rejected on arrival (docs/features/form-questions.md). */
  knockedOut: boolean;
}

export type TablesState = Record<TableKey, TableParams>;

const FIRST_PAGE: TableParams = {
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
};
const initialState: TablesState = {
  leads: FIRST_PAGE,
  queries: FIRST_PAGE,
  jobs: FIRST_PAGE,
  applications: FIRST_PAGE,
  deliveries: FIRST_PAGE,
  work: FIRST_PAGE,
};

// Page, search, filter and sort of each admin table; kept while the admin moves between screens.
// A new search, filter or sort starts again at page 1.
export const tablesSlice = createSlice({
  name: 'tables',
  initialState,
  reducers: {
    pageChanged(state, action: PayloadAction<{ table: TableKey; page: number }>) {
      state[action.payload.table].page = Math.max(1, Math.floor(action.payload.page));
    },
    searchChanged(state, action: PayloadAction<{ table: TableKey; q: string }>) {
      state[action.payload.table] = { ...state[action.payload.table], q: action.payload.q, page: 1 };
    },
    statusFilterChanged(state, action: PayloadAction<{ table: TableKey; status: string }>) {
      state[action.payload.table] = { ...state[action.payload.table], status: action.payload.status, page: 1 };
    },
    sortChanged(state, action: PayloadAction<{ table: TableKey; sort: WorkSortOrder }>) {
      state[action.payload.table] = { ...state[action.payload.table], sort: action.payload.sort, page: 1 };
    },
    spamViewChanged(state, action: PayloadAction<{ table: TableKey; spam: boolean }>) {
      const before = state[action.payload.table];
      // Suspected spam is nobody's work: it has no follow-ups to order by.
      const sort = action.payload.spam && before.sort === FOLLOW_UP_SORT ? 'newest' : before.sort;
      state[action.payload.table] = { ...before, spam: action.payload.spam, sort, page: 1 };
    },
    ownerFilterChanged(state, action: PayloadAction<{ table: TableKey; owner: OwnerFilter }>) {
      state[action.payload.table] = { ...state[action.payload.table], owner: action.payload.owner, page: 1 };
    },
    overdueFilterChanged(state, action: PayloadAction<{ table: TableKey; overdue: boolean }>) {
      state[action.payload.table] = { ...state[action.payload.table], overdue: action.payload.overdue, page: 1 };
    },
    channelFilterChanged(state, action: PayloadAction<{ table: TableKey } & Partial<Pick<TableParams, 'source' | 'medium'>>>) {
      const { table, ...channel } = action.payload;
      state[table] = { ...state[table], ...channel, page: 1 };
    },
    answerFilterChanged(state, action: PayloadAction<{ table: TableKey } & Pick<TableParams, 'question' | 'answer'>>) {
      const { table, question, answer } = action.payload;
      state[table] = { ...state[table], question, answer, page: 1 };
    },
    dueFilterChanged(state, action: PayloadAction<{ table: TableKey; due: DueFilter }>) {
      state[action.payload.table] = { ...state[action.payload.table], due: action.payload.due, page: 1 };
    },
    knockedOutFilterChanged(state, action: PayloadAction<{ table: TableKey; knockedOut: boolean }>) {
      state[action.payload.table] = { ...state[action.payload.table], knockedOut: action.payload.knockedOut, page: 1 };
    },
    /** A link with filters in its query (the dashboard's overdue counts): those filters, the others as they start. */
    filtersFromLink(state, action: PayloadAction<{ table: TableKey; filters: Partial<TableParams> }>) {
      state[action.payload.table] = { ...FIRST_PAGE, ...action.payload.filters };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
  },
  selectors: {
    selectTableParams: (state, table: TableKey) => state[table],
  },
});

export const {
  pageChanged,
  searchChanged,
  statusFilterChanged,
  sortChanged,
  spamViewChanged,
  ownerFilterChanged,
  overdueFilterChanged,
  channelFilterChanged,
  answerFilterChanged,
  dueFilterChanged,
  knockedOutFilterChanged,
  filtersFromLink,
} = tablesSlice.actions;
export const { selectTableParams } = tablesSlice.selectors;

type ListParams = Pick<TableParams, 'page' | 'q' | 'status' | 'sort' | 'spam'>;

const isSortOrder = (sort: string): sort is SortOrder => (SORT_ORDERS as readonly string[]).includes(sort);

/** Query parameters of a list endpoint for one page of a table (empty values left out; the follow-up order is workQueryOf's). */
export function listQueryOf(params: ListParams, limit: number) {
  return { page: params.page, limit, ...filterQueryOf(params) };
}

/** The same filter without paging: every matching row (CSV export). */
export function filterQueryOf(params: ListParams) {
  return {
    ...(isSortOrder(params.sort) ? { sort: params.sort } : {}),
    ...(params.status ? { status: params.status } : {}),
    ...(params.q.trim() ? { q: params.q.trim() } : {}),
    ...(params.spam ? { spam: true } : {}),
  };
}

/** The workspace's filters of a list (whose items, overdue only) and its follow-up order, empty values left out. */
export function workQueryOf(params: Pick<TableParams, 'sort' | 'owner' | 'overdue'>): Pick<WorkListQuery, 'sort' | 'owner' | 'overdue'> {
  return {
    ...(params.sort === FOLLOW_UP_SORT ? { sort: FOLLOW_UP_SORT } : {}),
    ...(params.owner !== 'anyone' ? { owner: params.owner } : {}),
    ...(params.overdue ? { overdue: true } : {}),
  };
}

/** The channel filters of a list (the attribution's source and medium, as typed but trimmed), empty values left out. */
export function channelQueryOf(params: Pick<TableParams, 'source' | 'medium'>): ChannelFilter {
  const source = params.source.trim();
  const medium = params.medium.trim();
  return { ...(source ? { source } : {}), ...(medium ? { medium } : {}) };
}

/** The answer filter of a list: a question and its answer, or nothing until both are chosen. */
export function answerQueryOf({ question, answer }: Pick<TableParams, 'question' | 'answer'>): AnswerFilter {
  return question && answer ? { question, answer } : {};
}

const LINK_FILTERS = ['page', 'status', 'sort', 'owner', 'overdue', 'spam', 'q', 'source', 'medium', 'question', 'answer', 'due', 'knockedOut'] as const;

/**
 * The filters and page a link carries in its query (`/leads?overdue=true&owner=me&page=2`), or null when it carries
 * none. Values the lists do not offer are left out (the server would refuse them).
 */
export function filtersOfLink(search: string): Partial<TableParams> | null {
  const query = new URLSearchParams(search);
  if (!LINK_FILTERS.some((name) => query.has(name))) return null;
  const filters: Partial<TableParams> = {};
  const page = Number(query.get('page'));
  if (Number.isInteger(page) && page > 1 && page <= LIST_MAX_PAGE) filters.page = page;
  const status = query.get('status');
  if (status) filters.status = status;
  const sort = query.get('sort');
  if (sort === FOLLOW_UP_SORT || (sort !== null && isSortOrder(sort))) filters.sort = sort;
  const owner = query.get('owner');
  if (owner) filters.owner = owner;
  if (query.get('overdue') === 'true') filters.overdue = true;
  if (query.get('spam') === 'true') filters.spam = true;
  const q = query.get('q');
  if (q) filters.q = q;
  const source = query.get('source');
  if (source) filters.source = source;
  const medium = query.get('medium');
  if (medium) filters.medium = medium;
  const question = query.get('question');
  if (question) filters.question = question;
  const answer = query.get('answer');
  if (answer) filters.answer = answer;
  if (query.get('due') === 'today') filters.due = 'today';
  if (query.get('knockedOut') === 'true') filters.knockedOut = true;
  return filters;
}

/**
 * A table's view as the query of its address (`status=new&page=2`, without `?`): what differs from a new table, in
 * the order of LINK_FILTERS, so the same view always has the same address. filtersOfLink reads it back.
 */
export function addressOf(params: TableParams): string {
  const query = new URLSearchParams();
  for (const name of LINK_FILTERS) {
    const value = params[name];
    if (value !== FIRST_PAGE[name]) query.set(name, String(value));
  }
  return query.toString();
}
