import type { SortOrder } from '@brightwave/common';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../features/auth/auth-actions';

export type TableKey = 'leads' | 'queries' | 'jobs' | 'deliveries';

export interface TableParams {
  page: number;
  q: string;
  status: string;
  sort: SortOrder;
  /** Leads and contact queries: the suspected spam instead of the inbox. */
  spam: boolean;
}

export type TablesState = Record<TableKey, TableParams>;

const FIRST_PAGE: TableParams = { page: 1, q: '', status: '', sort: 'newest', spam: false };
const initialState: TablesState = { leads: FIRST_PAGE, queries: FIRST_PAGE, jobs: FIRST_PAGE, deliveries: FIRST_PAGE };

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
    sortChanged(state, action: PayloadAction<{ table: TableKey; sort: SortOrder }>) {
      state[action.payload.table] = { ...state[action.payload.table], sort: action.payload.sort, page: 1 };
    },
    spamViewChanged(state, action: PayloadAction<{ table: TableKey; spam: boolean }>) {
      state[action.payload.table] = { ...state[action.payload.table], spam: action.payload.spam, page: 1 };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
  },
  selectors: {
    selectTableParams: (state, table: TableKey) => state[table],
  },
});

export const { pageChanged, searchChanged, statusFilterChanged, sortChanged, spamViewChanged } = tablesSlice.actions;
export const { selectTableParams } = tablesSlice.selectors;

/** Query parameters of a list endpoint for one page of a table (empty values left out). */
export function listQueryOf(params: TableParams, limit: number) {
  return {
    page: params.page,
    limit,
    sort: params.sort,
    ...(params.status ? { status: params.status } : {}),
    ...(params.q.trim() ? { q: params.q.trim() } : {}),
    ...(params.spam ? { spam: true } : {}),
  };
}

/** The same filter without paging: every matching row (CSV export). */
export function filterQueryOf(params: TableParams) {
  return {
    sort: params.sort,
    ...(params.status ? { status: params.status } : {}),
    ...(params.q.trim() ? { q: params.q.trim() } : {}),
    ...(params.spam ? { spam: true } : {}),
  };
}
