/** A row of a list, as far as moving between items needs it. */
export interface ListedItem {
  _id: string;
}

/** One page of the list the admin came from: its number and rows, and whether pages come before and after it. */
export interface ListPage<Row extends ListedItem> {
  page: number;
  rows: readonly Row[];
  hasPrevious: boolean;
  hasNext: boolean;
}

/** A neighbour of the item in its list, and the list's page it is on. */
export interface Neighbour<Row extends ListedItem> {
  row: Row;
  page: number;
}

export interface Neighbours<Row extends ListedItem> {
  /** Whether the item is on the page: when not, nothing is known of its neighbours here. */
  found: boolean;
  previous: Neighbour<Row> | null;
  next: Neighbour<Row> | null;
  /** The item is the page's first (last) row and a page comes before (after): its neighbour is that page's last (first) row. */
  needsPreviousPage: boolean;
  needsNextPage: boolean;
}

/**
 * The items before and after an item in the order of its list: on the same page, else the last row of the page
 * before or the first of the page after (when those pages are given).
 */
export function neighboursOf<Row extends ListedItem>(id: string, here: ListPage<Row>, before?: readonly Row[], after?: readonly Row[]): Neighbours<Row> {
  const index = here.rows.findIndex((row) => row._id === id);
  if (index < 0) return { found: false, previous: null, next: null, needsPreviousPage: false, needsNextPage: false };
  const needsPreviousPage = index === 0 && here.hasPrevious;
  const needsNextPage = index === here.rows.length - 1 && here.hasNext;
  const previousRow = index > 0 ? here.rows[index - 1] : before?.at(-1);
  const nextRow = index < here.rows.length - 1 ? here.rows[index + 1] : after?.[0];
  return {
    found: true,
    previous: previousRow ? { row: previousRow, page: index > 0 ? here.page : here.page - 1 } : null,
    next: nextRow ? { row: nextRow, page: index < here.rows.length - 1 ? here.page : here.page + 1 } : null,
    needsPreviousPage,
    needsNextPage,
  };
}
