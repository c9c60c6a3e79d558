import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { addressOf, filtersFromLink, filtersOfLink, selectTableParams, type TableKey } from '../app/tables-slice';

/**
 * The query each open table's screen last wrote into its address (or read from it): an address that differs from it
 * and from the table's view was changed elsewhere (a link, a bookmark, a reload). One screen shows a table at a time.
 */
const lastWritten = new Map<TableKey, string>();

/**
 * Keeps a list's view (search, filters, sort, page) in its address, so a view can be bookmarked, shared and
 * reloaded: an address that names a view (a bookmark, a reload, the dashboard's `/leads?status=new`) sets the table's
 * filters; every change made on the screen then replaces the address's query (no history entry per keystroke, and no
 * navigation of the router: the router keeps the address it opened the screen with). A
 * bare address (the sidebar's link) keeps the view the store holds, as moving between screens always has.
 * True while an address's view is being set, so the screen waits instead of fetching the view it had.
 */
export function useTableAddress(table: TableKey): boolean {
  const { pathname } = useLocation();
  // The address bar's query, not the router's: the view is written there without a navigation (below), so the
  // router's copy is the one the screen was opened with. The router still re-renders the screen on every navigation.
  const search = window.location.search;
  const dispatch = useAppDispatch();
  const params = useAppSelector((state) => selectTableParams(state, table));
  const query = addressOf(params);
  const wanted = query ? `?${query}` : '';
  // The screen's own path: while the next screen loads (a navigation is a transition), this one still renders with
  // the next one's address, which is not its to read or write; the address bar may already hold the next one's
  // while the router does not yet.
  const [ownPath] = useState(() => window.location.pathname);
  const onOwnPath = window.location.pathname === ownPath && ownPath.endsWith(pathname);
  const fromElsewhere = onOwnPath && search !== wanted && search !== lastWritten.get(table) ? filtersOfLink(search) : null;

  useEffect(() => {
    if (!onOwnPath) return;
    if (fromElsewhere) {
      // Read once: written as the view writes it (values it does not offer left out) on the next turn.
      lastWritten.set(table, search);
      dispatch(filtersFromLink({ table, filters: fromElsewhere }));
    } else if (search !== wanted) {
      lastWritten.set(table, wanted);
      // Written into the address bar without a navigation of the router: a navigation is a transition, and one
      // started while the admin leaves the screen kept the next screen from showing on a slow machine.
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${wanted}${window.location.hash}`);
    } else {
      // Opened on an address that names the view the store holds (back from an item): the screen's own, so the next
      // change on the screen is written, not mistaken for a link that names this view.
      lastWritten.set(table, wanted);
    }
  }, [onOwnPath, fromElsewhere, search, wanted, table, dispatch]);
  // A screen opened again reads its address afresh (a link that names the view it last wrote still sets it).
  useEffect(() => () => void lastWritten.delete(table), [table]);

  return fromElsewhere !== null;
}
