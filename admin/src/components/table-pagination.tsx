import { ADMIN_PAGE_SIZE } from '@brightwave/common';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { pageChanged, selectTableParams, type TableKey } from '../app/tables-slice';
import { Pagination } from './ui/pagination';

/** Pagination of a stored admin table; shown only once the list has rows. `estimated`: the list's `totalEstimated`. */
export function TablePagination({ table, label, total, estimated }: { table: TableKey; label: string; total: number | undefined; estimated?: boolean }) {
  const page = useAppSelector((state) => selectTableParams(state, table).page);
  const dispatch = useAppDispatch();
  if (total === undefined || total <= 0) return null;
  return (
    <Pagination
      label={label}
      page={page}
      pageSize={ADMIN_PAGE_SIZE}
      total={total}
      estimated={estimated}
      onPageChange={(next) => dispatch(pageChanged({ table, page: next }))}
    />
  );
}
