import type { WorkSortOrder } from '@brightwave/common';
import { useEffect, useState, type ReactNode } from 'react';
import { FiDownload } from 'react-icons/fi';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { FOLLOW_UP_SORT, searchChanged, selectTableParams, sortChanged, spamViewChanged, statusFilterChanged, type TableKey } from '../app/tables-slice';
import { FilterChips, FiltersPopover, type FilterChip } from './filters-popover';
import { ListShortcutsButton } from './list-shortcuts-help';
import { buttonClasses } from './ui/button';
import { SelectField, TextField } from './ui/fields';

const SEARCH_DEBOUNCE_MS = 300;

interface ListToolbarProps {
  table: TableKey;
  noun: string;
  /** The status filter's choices; left out, the list has no status filter. */
  statusOptions?: { value: string; label: string }[];
  searchPlaceholder?: string;
  /** Receives the search as typed, so an export never misses a search still being debounced. */
  onExport?: (search: string) => void;
  exporting?: boolean;
  /** Leads and contact messages: a "Show" filter between the inbox and suspected spam. */
  spamFilter?: boolean;
  /** Lists of the staff workspace: "Follow-up" among the orders. */
  followUpSort?: boolean;
  /** False for a list in an order of its own (My work): no Sort control. */
  sortable?: boolean;
  /** Lists of items (work queues): the button that lists their keyboard shortcuts. */
  shortcuts?: boolean;
  /** More filters, after the status filter, in the Filters popover. */
  children?: ReactNode;
  /** The chips of those filters' chosen values (the status's and Show's are the toolbar's own). */
  chips?: readonly FilterChip[];
}

const SORT_OPTIONS: { value: WorkSortOrder; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
];
const FOLLOW_UP_SORT_OPTION = { value: FOLLOW_UP_SORT, label: 'Follow-up' };

/**
 * Search, the Filters popover (its chosen filters as removable chips under the toolbar), sort, CSV export of the
 * current filter and, on work queues, the keyboard shortcuts' help.
 */
export function ListToolbar({
  table,
  noun,
  statusOptions,
  searchPlaceholder = 'Name, email or message',
  onExport,
  exporting,
  spamFilter,
  followUpSort,
  sortable = true,
  shortcuts,
  children,
  chips = [],
}: ListToolbarProps) {
  const params = useAppSelector((state) => selectTableParams(state, table));
  const dispatch = useAppDispatch();
  const [search, setSearch] = useState(params.q);

  useEffect(() => {
    if (search === params.q) return;
    const timer = window.setTimeout(() => dispatch(searchChanged({ table, q: search })), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, params.q, table, dispatch]);

  const statusLabel = statusOptions?.find((option) => option.value === params.status)?.label;
  const allChips: FilterChip[] = [
    ...(spamFilter && params.spam ? [{ key: 'spam', name: 'Show', value: 'Spam', onRemove: () => dispatch(spamViewChanged({ table, spam: false })) }] : []),
    ...(statusOptions && params.status
      ? [{ key: 'status', name: 'Status', value: statusLabel ?? params.status, onRemove: () => dispatch(statusFilterChanged({ table, status: '' })) }]
      : []),
    ...chips,
  ];

  return (
    <div className="relative border-b border-gray-200 px-4 py-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <TextField
            label={`Search ${noun}`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={searchPlaceholder}
          />
        </div>
        <FiltersPopover chosen={allChips.length}>
          {spamFilter && (
            <SelectField
              label="Show"
              value={params.spam ? 'spam' : 'inbox'}
              options={[
                { value: 'inbox', label: 'Inbox' },
                { value: 'spam', label: 'Spam' },
              ]}
              onChange={(event) => dispatch(spamViewChanged({ table, spam: event.target.value === 'spam' }))}
            />
          )}
          {statusOptions && (
            <SelectField
              label="Status"
              value={params.status}
              placeholder="All statuses"
              options={statusOptions}
              onChange={(event) => dispatch(statusFilterChanged({ table, status: event.target.value }))}
            />
          )}
          {children}
        </FiltersPopover>
        {sortable && (
          <div className="w-40">
            <SelectField
              label="Sort"
              value={params.sort}
              options={followUpSort ? [...SORT_OPTIONS, FOLLOW_UP_SORT_OPTION] : SORT_OPTIONS}
              onChange={(event) => dispatch(sortChanged({ table, sort: event.target.value as WorkSortOrder }))}
            />
          </div>
        )}
        {onExport && (
          <button type="button" className={buttonClasses('secondary')} onClick={() => onExport(search)} disabled={exporting}>
            <FiDownload aria-hidden="true" /> Export CSV
          </button>
        )}
        {shortcuts && <ListShortcutsButton />}
      </div>
      <FilterChips chips={allChips} onClearAll={() => allChips.forEach((chip) => chip.onRemove())} />
    </div>
  );
}
