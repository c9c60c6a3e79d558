import { useCallback, useRef, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ListShortcutsHelp } from './list-shortcuts-help';
import { ListStates, type ListStatesProps } from './list-states';
import { tableClasses, tdClasses, thClasses } from './ui/table';
import { useListShortcuts } from './use-list-shortcuts';

export interface Column<Row> {
  header: string;
  /** What the header cell shows, when not its text (a "select all" checkbox); `header` still keys the column. */
  headerCell?: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes added to the cell's own. */
  className?: string;
  /**
   * How the cell shows on a phone, where a work queue's rows are cards: the card's title, a field as it is (a status
   * badge, an age), a field after its header ("Owner Ada"); left out, the card leaves it to the item's page.
   */
  phone?: 'title' | 'field' | 'labelled';
}

/**
 * A work queue's row as a card below the `sm` width (no sideways scrolling on a phone): the same cells laid out by
 * CSS, not a second rendering. The header row is hidden there: the cards' fields say what they are.
 */
const CARD = {
  table: 'max-sm:block',
  head: 'max-sm:hidden',
  body: 'max-sm:flex max-sm:flex-col max-sm:gap-3 max-sm:divide-y-0 max-sm:p-3',
  row: 'max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-2 max-sm:rounded-lg max-sm:border max-sm:border-gray-200 max-sm:p-3',
  title: 'max-sm:order-first max-sm:w-full max-sm:p-0 max-sm:text-base max-sm:break-words',
  field: 'max-sm:max-w-full max-sm:p-0 max-sm:whitespace-normal',
  labelled:
    'max-sm:max-w-full max-sm:p-0 max-sm:whitespace-normal max-sm:before:mr-1 max-sm:before:font-medium max-sm:before:text-gray-700 max-sm:before:content-[attr(data-label)]',
  hidden: 'max-sm:hidden',
} as const;

/** A list whose rows are items with pages of their own: keyboard shortcuts, and a click on a row opens its item. */
export interface WorkQueue<Row> {
  /** The address of the row's item page (the row also links to it, for the keyboard and a middle click). */
  pathOf: (row: Row) => string;
  /** The row's Select checkbox, when the list has one: x toggles it. */
  toggle?: (row: Row) => void;
}

interface DataTableProps<Row extends { _id: string }> extends Omit<ListStatesProps, 'count'> {
  caption: string;
  rows: Row[];
  columns: Column<Row>[];
  /** Set while a new page or filter is being fetched; left out, the table is never marked busy. */
  isFetching?: boolean;
  queue?: WorkQueue<Row>;
}

/** An admin list as a table (caption for screen readers, a header per column), or its loading, error or empty state. */
export function DataTable<Row extends { _id: string }>({ caption, rows, columns, isFetching, queue, ...states }: DataTableProps<Row>) {
  return (
    <ListStates {...states} count={rows.length}>
      {/* Focusable, so a keyboard can scroll a table wider than the screen (WCAG 2.1.1; axe scrollable-region-focusable). No
          role of its own: a region would repeat the table's caption beside the page's sections of the same name. Positioned,
          so that visually hidden text in its cells (absolutely positioned) stays inside it and never widens the page. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-600" tabIndex={0} aria-busy={isFetching}>
        <table className={queue ? `${tableClasses} ${CARD.table}` : tableClasses}>
          <caption className="sr-only">{caption}</caption>
          <thead className={queue ? `bg-gray-50 ${CARD.head}` : 'bg-gray-50'}>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={thClasses}>
                  {column.headerCell ?? column.header}
                </th>
              ))}
            </tr>
          </thead>
          {queue ? (
            <QueueBody rows={rows} columns={columns} queue={queue} />
          ) : (
            <tbody className="divide-y divide-gray-200">
              {rows.map((row) => (
                <tr key={row._id}>
                  <Cells row={row} columns={columns} />
                </tr>
              ))}
            </tbody>
          )}
        </table>
      </div>
    </ListStates>
  );
}

function Cells<Row>({ row, columns, cards }: { row: Row; columns: Column<Row>[]; cards?: boolean }) {
  return columns.map((column) => {
    const classes = [tdClasses, column.className, cards ? CARD[column.phone ?? 'hidden'] : undefined].filter(Boolean).join(' ');
    return (
      <td key={column.header} className={classes} data-label={cards && column.phone === 'labelled' ? column.header : undefined}>
        {column.cell(row)}
      </td>
    );
  });
}

/** What a click on a row leaves to itself: its controls, and what opened from them (a dialog's portal). */
const CONTROLS = 'a, button, input, select, textarea, label, summary, [role="button"], [contenteditable]';

/** The rows of a work queue: each focusable by j/k (with a visible ring), opened by Enter or a click. */
function QueueBody<Row extends { _id: string }>({ rows, columns, queue }: { rows: Row[]; columns: Column<Row>[]; queue: WorkQueue<Row> }) {
  const body = useRef<HTMLTableSectionElement>(null);
  const navigate = useNavigate();
  const { pathOf, toggle } = queue;
  const onOpen = useCallback(
    (index: number) => {
      const row = rows.at(index);
      if (row) void navigate(pathOf(row));
    },
    [rows, navigate, pathOf],
  );
  const onToggle = useCallback(
    (index: number) => {
      const row = rows.at(index);
      if (row) toggle?.(row);
    },
    [rows, toggle],
  );
  const { helpOpen, setHelpOpen } = useListShortcuts({ body, onOpen, onToggle: toggle ? onToggle : undefined });

  function onClick(event: MouseEvent<HTMLTableRowElement>, row: Row) {
    // A plain click only: with a modifier the browser's own (a new tab) belongs to the row's link.
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const target = event.target as Element;
    // React passes on clicks from a portal opened in a cell (Read more's dialog): not the row's.
    if (!event.currentTarget.contains(target) || target.closest(CONTROLS)) return;
    // Text being selected (to copy an address) is not a click to open.
    if (window.getSelection()?.toString()) return;
    void navigate(pathOf(row));
  }

  return (
    <>
      <tbody ref={body} className={`divide-y divide-gray-200 ${CARD.body}`}>
        {rows.map((row) => (
          // Not a control of its own: the row's link opens the item by keyboard (and Enter on a row reached by j/k).
          <tr
            key={row._id}
            tabIndex={-1}
            onClick={(event) => onClick(event, row)}
            className={`cursor-pointer hover:bg-gray-50 focus:bg-blue-50 focus:outline-2 focus:-outline-offset-2 focus:outline-blue-600 ${CARD.row}`}
          >
            <Cells row={row} columns={columns} cards />
          </tr>
        ))}
      </tbody>
      <ListShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </>
  );
}
