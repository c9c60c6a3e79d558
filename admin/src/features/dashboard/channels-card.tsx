import { REPORT_DEFAULT_PERIOD, type ChannelCounts, type ReportPeriod, type WorkItemKind } from '@brightwave/common';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { SelectField } from '../../components/ui/fields';
import { LoadError, Loading } from '../../components/ui/feedback';
import { TableHead } from '../../components/ui/table-head';
import { cardClasses, tableClasses, tdClasses } from '../../components/ui/table';
import { logFailure } from '../../lib/api-error';
import { REPORT_PERIOD_OPTIONS } from '../../lib/format';
import { useGetChannelsQuery } from './dashboard-api';

type Count = Exclude<keyof ChannelCounts, 'source' | 'medium' | 'other'>;

/** The count columns of each kind the role may see: its submissions, then how many reached qualified or hired. */
const KIND_COLUMNS: Record<WorkItemKind, { header: string; count: Count }[]> = {
  lead: [
    { header: 'Leads', count: 'leads' },
    { header: 'Qualified', count: 'qualified' },
  ],
  contact: [{ header: 'Contact messages', count: 'contacts' }],
  application: [
    { header: 'Applications', count: 'applications' },
    { header: 'Hired', count: 'hired' },
  ],
};

/**
 * The list each count is of (its status filter beside the channel's). Applications have no list of their own to
 * filter by channel (each job's pipeline lists its own): their counts are figures only.
 */
const COUNT_LISTS: Partial<Record<Count, { path: string; status?: string; noun: string }>> = {
  leads: { path: '/leads', noun: 'leads' },
  qualified: { path: '/leads', status: 'qualified', noun: 'qualified leads' },
  contacts: { path: '/queries', noun: 'contact messages' },
};

/**
 * A count as a link to its list filtered by the row's channel (the inboxes read source, medium and status from the
 * address); a count of no one channel (the quietest ones together, or no source recorded) is not a link: no filter
 * finds those rows.
 */
function CountCell({ row, count }: { row: ChannelCounts; count: Count }) {
  const value = row[count];
  const list = COUNT_LISTS[count];
  if (!list || row.other || row.source === null || value === 0) return value;
  const channel = row.medium ? `${row.source} / ${row.medium}` : row.source;
  const query = new URLSearchParams({ source: row.source, ...(row.medium ? { medium: row.medium } : {}), ...(list.status ? { status: list.status } : {}) });
  return (
    <Link to={`${list.path}?${query.toString()}`} aria-label={`${value} ${list.noun} from ${channel}`} className="text-blue-800 underline">
      {value}
    </Link>
  );
}

/** A channel's source as shown: the row of the quietest channels, and submissions from before attribution was kept. */
function sourceOf(row: ChannelCounts): string {
  if (row.other) return 'Other channels';
  return row.source ?? 'Not recorded';
}

/**
 * "Submissions by channel": per source and medium, the leads, contact messages and applications of the period (not
 * spam) of the kinds the role may see, with the leads qualified and the applications hired among them.
 */
export function ChannelsCard() {
  const headingId = useId();
  const [days, setDays] = useState<ReportPeriod>(REPORT_DEFAULT_PERIOD);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetChannelsQuery(days);

  useEffect(() => {
    if (isError) logFailure('dashboard channels fetch failed', error);
  }, [isError, error]);

  const columns = (data?.kinds ?? []).flatMap((kind) => KIND_COLUMNS[kind]);
  const channels = data?.channels ?? [];
  return (
    <section aria-labelledby={headingId} aria-busy={isFetching} className={`${cardClasses} mt-6 p-5`}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          Submissions by channel
        </h2>
        <div className="w-40">
          <SelectField
            label="Period"
            value={String(days)}
            options={REPORT_PERIOD_OPTIONS}
            onChange={(event) => setDays(Number(event.target.value) as ReportPeriod)}
          />
        </div>
      </div>
      {isLoading ? (
        <Loading label="Loading channels…" />
      ) : isError ? (
        <LoadError onRetry={refetch} />
      ) : channels.length === 0 ? (
        <p className="text-sm text-gray-700">No submissions in the last {days} days.</p>
      ) : (
        // Focusable and named, so a keyboard can scroll the table on a narrow screen (axe scrollable-region-focusable).
        <div
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-600"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          role="group"
          aria-label="Submissions by channel (scrolls sideways)"
        >
          <table className={tableClasses}>
            <caption className="sr-only">Submissions of the last {days} days by source and medium, the busiest first</caption>
            <TableHead headers={['Source', 'Medium', ...columns.map((column) => column.header)]} />
            <tbody className="divide-y divide-gray-200">
              {channels.map((row) => (
                <tr key={row.other ? 'other' : JSON.stringify([row.source, row.medium])}>
                  <th scope="row" className={`${tdClasses} text-left font-medium`}>
                    {sourceOf(row)}
                  </th>
                  <td className={tdClasses}>{row.other ? '' : (row.medium ?? '—')}</td>
                  {columns.map((column) => (
                    <td key={column.count} className={`${tdClasses} tabular-nums`}>
                      <CountCell row={row} count={column.count} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
