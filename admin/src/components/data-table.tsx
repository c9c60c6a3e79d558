import type { ReactNode } from 'react';
import { ListStates, type ListStatesProps } from './list-states';
import { tableClasses, tdClasses, thClasses } from './ui/table';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Classes added to the cell's own. */
  className?: string;
}

interface DataTableProps<Row extends { _id: string }> extends Omit<ListStatesProps, 'count'> {
  caption: string;
  rows: Row[];
  columns: Column<Row>[];
  /** Set while a new page or filter is being fetched; left out, the table is never marked busy. */
  isFetching?: boolean;
}

/** An admin list as a table (caption for screen readers, a header per column), or its loading, error or empty state. */
export function DataTable<Row extends { _id: string }>({ caption, rows, columns, isFetching, ...states }: DataTableProps<Row>) {
  return (
    <ListStates {...states} count={rows.length}>
      {/* Focusable, so a keyboard can scroll a table wider than the screen (WCAG 2.1.1; axe scrollable-region-focusable). No
          role of its own: a region would repeat the table's caption beside the page's sections of the same name. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-600" tabIndex={0} aria-busy={isFetching}>
        <table className={tableClasses}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-gray-50">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={thClasses}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {rows.map((row) => (
              <tr key={row._id}>
                {columns.map((column) => (
                  <td key={column.header} className={column.className ? `${tdClasses} ${column.className}` : tdClasses}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ListStates>
  );
}
