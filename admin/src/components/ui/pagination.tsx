import { FiChevronLeft, FiChevronRight } from 'react-icons/fi';
import { buttonClasses } from './button';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  label: string;
  /** The total is the database's estimate (a list of many thousand rows): said as "about". */
  estimated?: boolean;
}

export function Pagination({ page, pageSize, total, onPageChange, label, estimated = false }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm text-gray-700">
      <p>
        {first}–{last} of {estimated ? 'about ' : ''}
        {total.toLocaleString('en-US')}
      </p>
      <div className="flex items-center gap-2">
        <button type="button" className={buttonClasses('secondary', 'px-3')} onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          <FiChevronLeft aria-hidden="true" /> Previous
        </button>
        <span aria-current="page">
          Page {page} of {estimated ? 'about ' : ''}
          {pages.toLocaleString('en-US')}
        </span>
        <button type="button" className={buttonClasses('secondary', 'px-3')} onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
          Next <FiChevronRight aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}
