import {
  ADMIN_PAGE_SIZE,
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ACTOR_LABELS,
  AUDIT_ACTORS,
  auditActorName,
  type AuditAction,
  type AuditActor,
  type AuditEntry,
  type AuditQuery,
} from '@brightwave/common';
import { useEffect, useState } from 'react';
import { FiDownload } from 'react-icons/fi';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { optionsOf, SelectField, TextField } from '../../components/ui/fields';
import { Pagination } from '../../components/ui/pagination';
import { cardClasses } from '../../components/ui/table';
import { logFailure } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useCsvExport } from '../../lib/use-csv-export';
import { useGetAuditEntriesQuery } from './audit-api';

interface Filters {
  action: AuditAction | '';
  actor: AuditActor | '';
  adminId: string;
  targetId: string;
  /** YYYY-MM-DD from the date inputs, days of the admin's time zone. */
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { action: '', actor: '', adminId: '', targetId: '', from: '', to: '' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters as query parameters: the days run from local midnight to the end of the day; a half-typed id is left out. */
function queryOf(filters: Filters): AuditQuery {
  const adminId = filters.adminId.trim();
  return {
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(UUID.test(adminId) ? { adminId } : {}),
    ...(filters.targetId.trim() ? { targetId: filters.targetId.trim() } : {}),
    ...(filters.from ? { from: new Date(`${filters.from}T00:00:00`).toISOString() } : {}),
    ...(filters.to ? { to: new Date(`${filters.to}T23:59:59.999`).toISOString() } : {}),
  };
}

/** What changed, readable: from → to, the field names, counts. */
function describe(entry: AuditEntry): string {
  // The OS user of a command-line entry is shown in the Admin column.
  const { from, to, fields, osUser: _osUser, ...rest } = entry.details;
  const parts: string[] = [];
  if (from !== undefined || to !== undefined) parts.push(`${String(from)} → ${String(to)}`);
  if (Array.isArray(fields)) parts.push(`fields: ${fields.join(', ')}`);
  for (const [key, value] of Object.entries(rest)) parts.push(`${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  return parts.join('; ');
}

const label = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

/**
 * Audit log: every admin action and command-line action, newest first, with filters, paging and CSV export of the
 * current filter (made and recorded by the server).
 */
export function AuditPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const query = queryOf(filters);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetAuditEntriesQuery({ query: { ...query, page, limit: ADMIN_PAGE_SIZE } });
  const { exporting, exportCsv } = useCsvExport('audit log');
  const adminIdInvalid = filters.adminId.trim() !== '' && !UUID.test(filters.adminId.trim());

  useEffect(() => {
    if (isError) logFailure('audit log fetch failed', error);
  }, [isError, error]);

  function change(next: Partial<Filters>) {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  }

  function onExport() {
    return exportCsv('/api/admin/audit/export.csv', query);
  }

  return (
    <>
      <PageHeader title="Audit log">
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          Every admin action: sign-ins, status changes, edits, downloads, exports, settings and privacy requests, and the commands run on the server (Admin: cli
          and the system user). Entries are never changed or removed (the database refuses it), except by the retention purge once they are older than the audit
          retention.
        </p>
      </PageHeader>
      <section aria-label="Audit log" className={cardClasses}>
        <form
          className="flex flex-wrap items-end gap-3 border-b border-gray-200 px-4 py-3"
          role="search"
          aria-label="Filter the audit log"
          onSubmit={(event) => event.preventDefault()}
        >
          <div className="min-w-52">
            <SelectField
              label="Action"
              placeholder="All actions"
              value={filters.action}
              options={optionsOf(AUDIT_ACTIONS, AUDIT_ACTION_LABELS)}
              onChange={(event) => change({ action: event.target.value as AuditAction | '' })}
            />
          </div>
          <div className="min-w-40">
            <SelectField
              label="Actor"
              placeholder="Anyone"
              value={filters.actor}
              options={optionsOf(AUDIT_ACTORS, AUDIT_ACTOR_LABELS)}
              onChange={(event) => change({ actor: event.target.value as AuditActor | '' })}
            />
          </div>
          <div className="min-w-72">
            <TextField
              label="Admin ID"
              value={filters.adminId}
              error={adminIdInvalid ? "Paste an admin's ID, or choose an admin in the table." : undefined}
              onChange={(event) => change({ adminId: event.target.value })}
            />
          </div>
          <div className="min-w-56">
            <TextField label="Target ID" value={filters.targetId} onChange={(event) => change({ targetId: event.target.value })} />
          </div>
          <div>
            <TextField label="From" type="date" value={filters.from} onChange={(event) => change({ from: event.target.value })} />
          </div>
          <div>
            <TextField label="To" type="date" value={filters.to} onChange={(event) => change({ to: event.target.value })} />
          </div>
          <button type="button" className={buttonClasses('secondary')} onClick={() => change(NO_FILTERS)}>
            Clear filters
          </button>
          {/* Named by its visible text and then what it exports (WCAG 2.5.3: a spoken "Export CSV" finds it). */}
          <button type="button" className={buttonClasses('secondary')} onClick={onExport} disabled={exporting}>
            <FiDownload aria-hidden="true" />
            {exporting ? (
              <span>
                Exporting<span className="sr-only"> the audit log</span>…
              </span>
            ) : (
              <span>
                Export CSV<span className="sr-only"> of the audit log</span>
              </span>
            )}
          </button>
        </form>
        <DataTable
          caption="Audit entries, newest first"
          rows={data?.entries ?? []}
          isLoading={isLoading}
          isError={isError}
          isFetching={isFetching}
          onRetry={refetch}
          loadingLabel="Loading the audit log…"
          emptyText="No entries match these filters."
          columns={[
            { header: 'Time', className: 'whitespace-nowrap', cell: (row) => formatDateTime(row.createdAt) },
            {
              header: 'Admin',
              cell: (row) =>
                row.adminId ? (
                  <button
                    type="button"
                    className="text-left text-blue-700 underline hover:text-blue-900"
                    aria-label={`Show only the entries of ${row.adminEmail ?? row.adminId}`}
                    onClick={() => change({ adminId: row.adminId ?? '' })}
                  >
                    {row.adminEmail ?? row.adminId}
                  </button>
                ) : (
                  auditActorName(row)
                ),
            },
            { header: 'Action', className: 'font-medium', cell: (row) => label(row.action) },
            {
              header: 'Target',
              className: 'break-all',
              cell: (row) => (row.targetKind ? `${row.targetKind}${row.targetId ? ` ${row.targetId}` : ''}` : ''),
            },
            { header: 'Details', className: 'max-w-xs break-words text-gray-700', cell: describe },
            { header: 'IP address', cell: (row) => row.address ?? '' },
            { header: 'Browser', className: 'max-w-48 break-words text-xs text-gray-700', cell: (row) => row.userAgent ?? '' },
          ]}
        />
        {data && data.total > 0 && <Pagination label="Audit log" page={page} pageSize={ADMIN_PAGE_SIZE} total={data.total} onPageChange={setPage} />}
      </section>
    </>
  );
}
