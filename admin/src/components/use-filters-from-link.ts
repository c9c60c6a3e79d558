import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../app/hooks';
import { filtersFromLink, filtersOfLink, type TableKey } from '../app/tables-slice';

/**
 * A link to a list with filters in its query (the dashboard's "Overdue follow-ups" → `/leads?overdue=true`) sets the
 * table's filters, then leaves the address bare: the filters live in the store from then on, as if chosen by hand.
 * True until then, so the screen waits instead of fetching with the filters it had.
 */
export function useFiltersFromLink(table: TableKey): boolean {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  useEffect(() => {
    const filters = filtersOfLink(search);
    if (!filters) return;
    dispatch(filtersFromLink({ table, filters }));
    void navigate({ pathname, hash }, { replace: true });
  }, [table, pathname, search, hash, navigate, dispatch]);

  return filtersOfLink(search) !== null;
}
