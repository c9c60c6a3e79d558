import type { WorkSortOrder } from '@brightwave/common';
import { useEffect, useState, type ReactNode } from 'react';
import { FiDownload } from 'react-icons/fi';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { FOLLOW_UP_SORT, searchChanged, selectTableParams, sortChanged, spamViewChanged, statusFilterChanged, type TableKey } from '../app/tables-slice';
import { ListShortcutsButton } from './list-shortcuts-help';
import { buttonClasses } from './ui/button';
import { SelectField, TextField } from './ui/fields';

const SEARCH_DEBOUNCE_MS = 300;

interface ListToolbarProps {
  table: TableKey;
  noun: string;
  statusOptions: { value: string; label: string }[];
  searchPlaceholder?: string;
  /** Receives the search as typed, so an export never misses a search still being debounced. */
  onExport?: (search: string) => void;
  exporting?: boolean;
  /** Leads and contact messages: a "Show" filter between the inbox and suspected spam. */
  spamFilter?: boolean;
  /** Lists of the staff workspace: "Follow-up" among the orders. */
  followUpSort?: boolean;
  /** Lists of items (work queues): the button that lists their keyboard shortcuts. */
  shortcuts?: boolean;
  /** More filters, after the status filter. */
  children?: ReactNode;
}

const SORT_OPTIONS: { value: WorkSortOrder; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
];
const FOLLOW_UP_SORT_OPTION = { value: FOLLOW_UP_SORT, label: 'Follow-up' };

/** Search, status filter, sort, CSV export of the current filter and, on work queues, the keyboard shortcuts' help. */
export function ListToolbar({
  table,
  noun,
  statusOptions,
  searchPlaceholder = 'Name, email or message',
  onExport,
  exporting,
  spamFilter,
  followUpSort,
  shortcuts,
  children,
}: ListToolbarProps) {
  const params = useAppSelector((state) => selectTableParams(state, table));
  const dispatch = useAppDispatch();
  const [search, setSearch] = useState(params.q);

  useEffect(() => {
    if (search === params.q) return;
    const timer = window.setTimeout(() => dispatch(searchChanged({ table, q: search })), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, params.q, table, dispatch]);

  return (
    <div className="flex flex-wrap items-end gap-3 border-b border-gray-200 px-4 py-3">
      <div className="min-w-56 flex-1">
        <TextField label={`Search ${noun}`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder={searchPlaceholder} />
      </div>
      {spamFilter && (
        <div className="w-36">
          <SelectField
            label="Show"
            value={params.spam ? 'spam' : 'inbox'}
            options={[
              { value: 'inbox', label: 'Inbox' },
              { value: 'spam', label: 'Spam' },
            ]}
            onChange={(event) => dispatch(spamViewChanged({ table, spam: event.target.value === 'spam' }))}
          />
        </div>
      )}
      <div className="w-44">
        <SelectField
          label="Status"
          value={params.status}
          placeholder="All statuses"
          options={statusOptions}
          onChange={(event) => dispatch(statusFilterChanged({ table, status: event.target.value }))}
        />
      </div>
      {children}
      <div className="w-40">
        <SelectField
          label="Sort"
          value={params.sort}
          options={followUpSort ? [...SORT_OPTIONS, FOLLOW_UP_SORT_OPTION] : SORT_OPTIONS}
          onChange={(event) => dispatch(sortChanged({ table, sort: event.target.value as WorkSortOrder }))}
        />
      </div>
      {onExport && (
        <button type="button" className={buttonClasses('secondary')} onClick={() => onExport(search)} disabled={exporting}>
          <FiDownload aria-hidden="true" /> Export CSV
        </button>
      )}
      {shortcuts && <ListShortcutsButton />}
    </div>
  );
}
