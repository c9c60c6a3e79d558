import {
  ADMIN_PAGE_SIZE,
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ACTOR_LABELS,
  AUDIT_ACTORS,
  type AuditAction,
  type AuditActor,
  type AuditEntry,
  type AuditQuery,
} from '@brightwave/common';
import { useEffect, useId, useState } from 'react';
import { FiDownload, FiX } from 'react-icons/fi';
import { Link, useSearchParams } from 'react-router-dom';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { optionsOf, SelectField, TextField } from '../../components/ui/fields';
import { Pagination } from '../../components/ui/pagination';
import { cardClasses } from '../../components/ui/table';
import { logFailure } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useCsvExport } from '../../lib/use-csv-export';
import { useGetAdminsQuery } from '../admins/admins-api';
import { useGetAuditEntriesQuery } from './audit-api';
import { auditSentence, targetNameOf, targetPathOf } from './audit-sentences';
import { formatUserAgent } from './user-agent';

/** The filters live in the address (`/admin/audit?adminId=…&system=show`): a view can be bookmarked, shared and reloaded. */
type FilterParam = 'action' | 'actor' | 'adminId' | 'targetId' | 'from' | 'to' | 'system' | 'page';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isAction = (value: string | null): value is AuditAction => value !== null && (AUDIT_ACTIONS as readonly string[]).includes(value);
const isActor = (value: string | null): value is AuditActor => value !== null && (AUDIT_ACTORS as readonly string[]).includes(value);

/** The filters as query parameters: the days run from local midnight to the end of the day; the system's noise is left out unless asked for. */
function queryOf(params: URLSearchParams, showSystem: boolean): AuditQuery {
  const action = params.get('action');
  const actor = params.get('actor');
  const from = params.get('from');
  const to = params.get('to');
  const adminId = params.get('adminId');
  return {
    ...(isAction(action) ? { action } : {}),
    ...(isActor(actor) ? { actor } : {}),
    // An address edited by hand may carry anything: only an id is sent.
    ...(adminId && UUID.test(adminId) ? { adminId } : {}),
    ...(params.get('targetId') ? { targetId: params.get('targetId') ?? '' } : {}),
    ...(from ? { from: new Date(`${from}T00:00:00`).toISOString() } : {}),
    ...(to ? { to: new Date(`${to}T23:59:59.999`).toISOString() } : {}),
    ...(showSystem ? {} : { hideSystem: true }),
  };
}

const linkClasses = 'text-left font-medium text-blue-800 underline hover:text-blue-950';

/** What an entry says, as a sentence; the admin and the item are buttons that filter the log by them. */
function Sentence({ entry, onAdmin, onItem }: { entry: AuditEntry; onAdmin: (id: string) => void; onItem: (id: string) => void }) {
  return (
    <>
      {auditSentence(entry).map((part, index) => {
        if ('text' in part) return <span key={index}>{part.text}</span>;
        if ('actor' in part) {
          const { adminId } = entry;
          return adminId ? (
            <button key={index} type="button" className={linkClasses} aria-label={`Show only the entries of ${part.actor}`} onClick={() => onAdmin(adminId)}>
              {part.actor}
            </button>
          ) : (
            <span key={index} className="font-medium">
              {part.actor}
            </span>
          );
        }
        const { targetId } = entry;
        return targetId ? (
          <button key={index} type="button" className={linkClasses} aria-label={`Show only the entries about ${part.target}`} onClick={() => onItem(targetId)}>
            {part.target}
          </button>
        ) : (
          <span key={index}>{part.target}</span>
        );
      })}
    </>
  );
}

/** The item the log is filtered by: its name (a link to its page, where it has one) and a button that drops the filter. */
function ItemFilter({ entry, onRemove }: { entry: AuditEntry | undefined; onRemove: () => void }) {
  const name = entry ? targetNameOf(entry) : 'one item';
  const path = entry ? targetPathOf(entry) : null;
  return (
    <p className="flex flex-wrap items-center gap-2 border-b border-gray-200 px-4 py-2 text-sm text-gray-800">
      <span>Only the entries about</span>
      {path ? (
        <Link to={path} className={linkClasses}>
          {name}
        </Link>
      ) : (
        <span className="font-medium">{name}</span>
      )}
      <button type="button" className={buttonClasses('secondary')} aria-label={`Show every item, not only ${name}`} onClick={onRemove}>
        <FiX aria-hidden="true" />
        <span>Show every item</span>
      </button>
    </p>
  );
}

/**
 * Audit log: every admin action and command-line action, newest first, as sentences naming who did what to which item,
 * with filters (in the address), paging and CSV export of the current filter (made and recorded by the server).
 */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const systemId = useId();
  const page = Math.max(1, Number(params.get('page')) || 1);
  // Held here as well as in the address: the address changes a moment after the click (a data router navigates
  // asynchronously), and the checkbox must not flick back meanwhile.
  const [showSystem, setShowSystem] = useState(() => params.get('system') === 'show');
  const query = queryOf(params, showSystem);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetAuditEntriesQuery({ query: { ...query, page, limit: ADMIN_PAGE_SIZE } });
  const admins = useGetAdminsQuery().data?.admins ?? [];
  const { exporting, exportCsv } = useCsvExport('audit log');
  const targetId = params.get('targetId');

  useEffect(() => {
    if (isError) logFailure('audit log fetch failed', error);
  }, [isError, error]);

  /** Sets (or with '' removes) filters; any change but paging goes back to the first page. */
  function change(next: Partial<Record<FilterParam, string>>) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [name, value] of Object.entries(next)) {
          if (value) updated.set(name, value);
          else updated.delete(name);
        }
        if (!('page' in next)) updated.delete('page');
        return updated;
      },
      { replace: true },
    );
  }

  function onExport() {
    return exportCsv('/api/admin/audit/export.csv', query);
  }

  const entries = data?.entries ?? [];
  return (
    <>
      <PageHeader title="Audit log">
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          Every admin action: sign-ins, status changes, edits, downloads, exports, settings and privacy requests, and the commands run on the server (the
          command line and the system). Entries are never changed or removed (the database refuses it), except by the retention purge once they are older than
          the audit retention. Choose a name in an entry to see only that admin&apos;s or that item&apos;s entries.
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
              value={params.get('action') ?? ''}
              options={optionsOf(AUDIT_ACTIONS, AUDIT_ACTION_LABELS)}
              onChange={(event) => change({ action: event.target.value })}
            />
          </div>
          <div className="min-w-48">
            <SelectField
              label="Admin"
              placeholder="Any admin"
              value={params.get('adminId') ?? ''}
              options={admins.map((admin) => ({ value: admin._id, label: admin.name }))}
              onChange={(event) => change({ adminId: event.target.value })}
            />
          </div>
          <div className="min-w-40">
            <SelectField
              label="Actor"
              placeholder="Anyone"
              value={params.get('actor') ?? ''}
              options={optionsOf(AUDIT_ACTORS, AUDIT_ACTOR_LABELS)}
              onChange={(event) => change({ actor: event.target.value })}
            />
          </div>
          <div>
            <TextField label="From" type="date" value={params.get('from') ?? ''} onChange={(event) => change({ from: event.target.value })} />
          </div>
          <div>
            <TextField label="To" type="date" value={params.get('to') ?? ''} onChange={(event) => change({ to: event.target.value })} />
          </div>
          <div className="flex items-center gap-2 pb-2">
            <input
              id={systemId}
              type="checkbox"
              className="h-4 w-4 rounded border-gray-400"
              checked={showSystem}
              aria-describedby={`${systemId}-hint`}
              onChange={(event) => {
                setShowSystem(event.target.checked);
                change({ system: event.target.checked ? 'show' : '' });
              }}
            />
            <label htmlFor={systemId} className="text-sm font-medium text-gray-800">
              Show system entries
            </label>
            <span id={`${systemId}-hint`} className="sr-only">
              Whole-list reads and retention purges that removed nothing
            </span>
          </div>
          <button
            type="button"
            className={buttonClasses('secondary')}
            onClick={() => {
              setShowSystem(false);
              setParams(new URLSearchParams(), { replace: true });
            }}
          >
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
        {targetId && <ItemFilter entry={entries.find((entry) => entry.targetId === targetId)} onRemove={() => change({ targetId: '' })} />}
        <DataTable
          caption="Audit entries, newest first"
          rows={entries}
          isLoading={isLoading}
          isError={isError}
          isFetching={isFetching}
          onRetry={refetch}
          loadingLabel="Loading the audit log…"
          emptyText="No entries match these filters."
          columns={[
            { header: 'Time', className: 'whitespace-nowrap', cell: (row) => formatDateTime(row.createdAt) },
            {
              header: 'What happened',
              className: 'min-w-72 max-w-xl',
              cell: (row) => <Sentence entry={row} onAdmin={(adminId) => change({ adminId })} onItem={(id) => change({ targetId: id })} />,
            },
            { header: 'IP address', cell: (row) => row.address ?? '' },
            {
              header: 'Browser',
              className: 'whitespace-nowrap text-gray-700',
              cell: (row) => <span title={row.userAgent ?? undefined}>{formatUserAgent(row.userAgent)}</span>,
            },
          ]}
        />
        {data && data.total > 0 && (
          <Pagination label="Audit log" page={page} pageSize={ADMIN_PAGE_SIZE} total={data.total} onPageChange={(next) => change({ page: String(next) })} />
        )}
      </section>
    </>
  );
}
