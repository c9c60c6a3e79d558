import {
  ANALYTICS_CHANNELS_PER_DAY_MAX,
  ANALYTICS_FORM_LABELS,
  ANALYTICS_OTHER,
  ANALYTICS_SCREEN_LABELS,
  REPORT_DEFAULT_PERIOD,
  DAY_MS,
  SCREEN_DESKTOP_FROM,
  SCREEN_TABLET_FROM,
  type AnalyticsDevice,
  type AnalyticsFunnel,
  type ReportPeriod,
  type AnalyticsQuery,
  type AnalyticsSource,
} from '@brightwave/common';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { FiDownload } from 'react-icons/fi';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { SelectField } from '../../components/ui/fields';
import { LoadError, Loading } from '../../components/ui/feedback';
import { TableHead } from '../../components/ui/table-head';
import { cardClasses, tableClasses, tdClasses } from '../../components/ui/table';
import { logFailure } from '../../lib/api-error';
import { REPORT_PERIOD_OPTIONS } from '../../lib/format';
import { useCsvExport } from '../../lib/use-csv-export';
import { useGetAnalyticsQuery } from './analytics-api';
import { VisitsChart } from './visits-chart';

const ALL_SOURCES = '';
/** A page or source in the top lists: a button that narrows the report to it, looking like a link. */
const filterLinkClasses = 'text-left text-blue-800 underline decoration-dotted underline-offset-2 hover:decoration-solid';

/** The last `days` days up to today, UTC (the days the counts are kept by). */
export function periodOf(days: number, now = new Date()): Pick<AnalyticsQuery, 'from' | 'to'> {
  const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
  return { from: utcDay(now.getTime() - (days - 1) * DAY_MS), to: utcDay(now.getTime()) };
}

/** A channel as one option value (JSON of source and medium) and as shown. */
const channelValue = (source: AnalyticsSource) => JSON.stringify([source.source, source.medium ?? '']);
const channelLabel = (source: AnalyticsSource) => (source.medium ? `${source.source} / ${source.medium}` : source.source);

/** A share of a step of the funnel, of the step before; none when there is nothing to share. */
function share(part: number, whole: number): string {
  return whole > 0 ? ` (${Math.round((part / whole) * 100)} %)` : '';
}

/** The page views per screen class, each with its share of them all, as a table with a bar per share. */
function DevicesTable({ devices, caption }: { devices: AnalyticsDevice[]; caption: string }) {
  const views = devices.reduce((sum, device) => sum + device.views, 0);
  return (
    <div className="overflow-x-auto">
      <table className={tableClasses}>
        <caption className="sr-only">{caption}</caption>
        <TableHead headers={['Device', 'Page views', 'Share']} />
        <tbody className="divide-y divide-gray-200">
          {devices.map((device) => {
            const percent = Math.round((device.views / views) * 100);
            return (
              <tr key={device.screen}>
                <th scope="row" className={`${tdClasses} text-left font-medium`}>
                  {ANALYTICS_SCREEN_LABELS[device.screen]}
                </th>
                <td className={`${tdClasses} tabular-nums`}>{device.views}</td>
                <td className={`${tdClasses} w-1/2`}>
                  <div className="flex items-center gap-3">
                    <span className="w-12 shrink-0 tabular-nums">{percent} %</span>
                    <div aria-hidden="true" className="h-2 flex-1 rounded-full bg-gray-100">
                      <div className="h-2 rounded-full bg-blue-700" style={{ width: `${percent}%` }} />
                    </div>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Card({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${cardClasses} mt-6 p-5`}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

function Total({ title, value }: { title: string; value: number }) {
  return (
    <section aria-label={title} className={`${cardClasses} p-5`}>
      <h2 className="text-sm font-medium text-gray-700">{title}</h2>
      <p className="mt-2 text-3xl font-bold text-gray-900">{value}</p>
    </section>
  );
}

function FunnelRow({ funnel }: { funnel: AnalyticsFunnel }) {
  return (
    <tr>
      <th scope="row" className={`${tdClasses} text-left font-medium`}>
        {ANALYTICS_FORM_LABELS[funnel.form]}
      </th>
      <td className={`${tdClasses} tabular-nums`}>{funnel.views}</td>
      <td className={`${tdClasses} tabular-nums`}>
        {funnel.starts}
        {share(funnel.starts, funnel.views)}
      </td>
      <td className={`${tdClasses} tabular-nums`}>
        {funnel.submissions}
        {share(funnel.submissions, funnel.starts)}
      </td>
      <td className={`${tdClasses} tabular-nums`}>
        {funnel.qualified === null ? '—' : funnel.qualified}
        {funnel.qualified === null ? '' : share(funnel.qualified, funnel.submissions)}
      </td>
    </tr>
  );
}

/**
 * Admin → Analytics: the site's cookieless analytics (daily counts, nothing about a person) for the last 7, 30 or 90
 * days: visitors and page views per day, the top pages and sources, the devices, and each form's funnel. A clicked
 * page narrows the days and the devices to it; a clicked or chosen source narrows the days and the funnels to it.
 * The CSV export has every count day by day.
 */
export function AnalyticsPage() {
  const [days, setDays] = useState<ReportPeriod>(REPORT_DEFAULT_PERIOD);
  const [channel, setChannel] = useState(ALL_SOURCES);
  // A clicked page narrows the days to it; a chosen source narrows the days and the funnels (one or the other).
  const [page, setPage] = useState<string | null>(null);
  const period = periodOf(days);
  const [source, medium] = channel === ALL_SOURCES ? [] : (JSON.parse(channel) as [string, string]);
  const exportQuery: AnalyticsQuery = { ...period, ...(source === undefined ? {} : { source, medium }) };
  const query: AnalyticsQuery = page === null ? exportQuery : { ...period, path: page };
  const { data, currentData, isLoading, isFetching, isError, error, refetch } = useGetAnalyticsQuery(query);
  const chooseChannel = (value: string) => {
    setPage(null);
    setChannel(value);
  };
  const choosePage = (path: string) => {
    setChannel(ALL_SOURCES);
    setPage(path);
  };
  const { exporting, exportCsv } = useCsvExport('analytics');

  useEffect(() => {
    if (isError) logFailure('analytics fetch failed', error);
  }, [isError, error]);

  // The sources of the period to narrow the funnels to; the one chosen stays listed while the answer is on its way.
  const sources = data?.sources ?? [];
  const channelOptions = [
    { value: ALL_SOURCES, label: 'All sources' },
    ...sources.map((item) => ({ value: channelValue(item), label: channelLabel(item) })),
    ...(channel !== ALL_SOURCES && !sources.some((item) => channelValue(item) === channel)
      ? [{ value: channel, label: channelLabel({ source: source ?? '', medium: medium || null, visitors: 0, submissions: 0 }) }]
      : []),
  ];
  const channelName = channelOptions.find((option) => option.value === channel)?.label;
  // What the days are narrowed to, as a person reads it ("/careers", "google / cpc"), if anything.
  const narrowedTo = page ?? (source === undefined ? null : channelName);
  // The titles say what the numbers shown are of: while the answer to a new choice is on its way, the last answer
  // stays (marked busy) under the titles it was asked with, so old numbers never carry a new title.
  const view = { days, page, source, channelName, narrowedTo };
  const [shown, setShown] = useState(view);
  if (currentData !== undefined && JSON.stringify(shown) !== JSON.stringify(view)) setShown(view);
  const of = shown.narrowedTo === null ? '' : ` of ${shown.narrowedTo}`;
  // Submissions are counted of the kinds of item the role may see only (an editor sees none).
  const seesSubmissions = (data?.kinds.length ?? 0) > 0;

  return (
    <>
      <PageHeader
        title="Analytics"
        actions={
          <div className="flex flex-wrap items-end gap-3">
            <div className="w-40">
              <SelectField
                label="Period"
                value={String(days)}
                options={REPORT_PERIOD_OPTIONS}
                onChange={(event) => setDays(Number(event.target.value) as ReportPeriod)}
              />
            </div>
            <button
              type="button"
              className={buttonClasses('secondary')}
              onClick={() => exportCsv('/api/admin/analytics/export.csv', exportQuery)}
              disabled={exporting}
            >
              <FiDownload aria-hidden="true" />
              {exporting ? 'Exporting…' : 'Export CSV'}
            </button>
          </div>
        }
      >
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          Counted without cookies: a visitor is told apart for one day only, by a keyed hash that is never stored. Visits that ask not to be tracked, and bots,
          are not counted. Days are UTC.
        </p>
      </PageHeader>
      {isLoading ? (
        <Loading label="Loading analytics…" />
      ) : !data ? (
        isError ? (
          <LoadError onRetry={refetch} />
        ) : null
      ) : (
        <div aria-busy={isFetching}>
          {narrowedTo !== null && (
            <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-gray-800">
              <span className="rounded-full bg-blue-50 px-3 py-1 text-blue-950">
                {page === null ? 'Source' : 'Page'}: <strong className="break-all">{narrowedTo}</strong>
              </span>
              <button
                type="button"
                className={buttonClasses('ghost', 'px-2 py-1')}
                onClick={() => {
                  setPage(null);
                  setChannel(ALL_SOURCES);
                }}
              >
                Remove filter<span className="sr-only"> {narrowedTo}: show the whole site</span>
              </button>
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Total title={`Visitors${of}, last ${shown.days} days`} value={data.days.reduce((sum, day) => sum + day.visitors, 0)} />
            <Total title={`Page views${of}, last ${shown.days} days`} value={data.days.reduce((sum, day) => sum + day.views, 0)} />
          </div>

          <Card title={`Visitors and page views per day${of}`}>
            <VisitsChart days={data.days} />
          </Card>

          <div className="grid gap-x-6 xl:grid-cols-2">
            <Card title="Top pages">
              {data.pages.length === 0 ? (
                <p className="text-sm text-gray-700">No page views in these days.</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className={tableClasses}>
                    <caption className="sr-only">Pages of the last {shown.days} days, the most viewed first</caption>
                    <TableHead headers={['Page', 'Visitors', 'Page views']} />
                    <tbody className="divide-y divide-gray-200">
                      {data.pages.map((row) => (
                        <tr key={row.path}>
                          <th scope="row" className={`${tdClasses} break-all text-left font-medium`}>
                            {row.path === ANALYTICS_OTHER ? (
                              row.path
                            ) : (
                              <button type="button" className={filterLinkClasses} aria-pressed={page === row.path} onClick={() => choosePage(row.path)}>
                                <span className="sr-only">Show the days of </span>
                                {row.path}
                              </button>
                            )}
                          </th>
                          <td className={`${tdClasses} tabular-nums`}>{row.visitors}</td>
                          <td className={`${tdClasses} tabular-nums`}>{row.views}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {data.pages.some((page) => page.path === ANALYTICS_OTHER) && (
                    <p className="mt-3 text-xs text-gray-700">
                      {ANALYTICS_OTHER}: the paths that are no page of the site (a mistyped address, a closed job), added up.
                    </p>
                  )}
                </div>
              )}
            </Card>

            <Card title="Top sources">
              {sources.length === 0 ? (
                <p className="text-sm text-gray-700">No visits in these days.</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className={tableClasses}>
                    <caption className="sr-only">Sources of the last {shown.days} days, the most visitors first</caption>
                    <TableHead headers={['Source', 'Medium', 'Visitors', ...(seesSubmissions ? ['Submissions'] : [])]} />
                    <tbody className="divide-y divide-gray-200">
                      {sources.map((item) => (
                        <tr key={channelValue(item)}>
                          <th scope="row" className={`${tdClasses} break-all text-left font-medium`}>
                            {item.source === ANALYTICS_OTHER ? (
                              item.source
                            ) : (
                              <button
                                type="button"
                                className={filterLinkClasses}
                                aria-pressed={channel === channelValue(item)}
                                onClick={() => chooseChannel(channelValue(item))}
                              >
                                <span className="sr-only">Show the days and funnels of </span>
                                {item.source}
                                {item.medium ? <span className="sr-only"> / {item.medium}</span> : null}
                              </button>
                            )}
                          </th>
                          <td className={tdClasses}>{item.medium ?? '—'}</td>
                          <td className={`${tdClasses} tabular-nums`}>{item.visitors}</td>
                          {seesSubmissions && <td className={`${tdClasses} tabular-nums`}>{item.submissions}</td>}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {sources.some((item) => item.source === ANALYTICS_OTHER) && (
                    <p className="mt-3 text-xs text-gray-700">
                      {ANALYTICS_OTHER}: the channels of a day past its first {ANALYTICS_CHANNELS_PER_DAY_MAX}, added up.
                    </p>
                  )}
                </div>
              )}
            </Card>
          </div>

          <Card title={`Devices${shown.page === null ? '' : ` of ${shown.page}`}`}>
            {data.devices.length === 0 ? (
              <p className="text-sm text-gray-700">No page views in these days.</p>
            ) : (
              <DevicesTable
                devices={data.devices}
                caption={`Page views${shown.page === null ? '' : ` of ${shown.page}`} per device of the last ${shown.days} days, with the share of each, the most first`}
              />
            )}
            <p className="mt-3 text-xs text-gray-700">
              By the width of the visitor&apos;s window: a phone below {SCREEN_TABLET_FROM} px, a tablet below {SCREEN_DESKTOP_FROM} px, a desktop from there.
              Counted per page, so a source does not narrow them.
              {data.devices.some((device) => device.screen === 'unknown') && ' Unknown: views whose report named none of these.'}
            </p>
          </Card>

          {seesSubmissions ? (
            <Card
              title="Form funnels"
              actions={
                <div className="w-64">
                  <SelectField label="Source" value={channel} options={channelOptions} onChange={(event) => chooseChannel(event.target.value)} />
                </div>
              }
            >
              <div className="overflow-x-auto">
                <table className={tableClasses}>
                  <caption className="sr-only">
                    Each form of the last {shown.days} days{shown.source === undefined ? '' : `, visits from ${shown.channelName}`}: views of its page, starts,
                    submissions and those qualified or hired, each with its share of the step before
                  </caption>
                  <TableHead headers={['Form', 'Page views', 'Started', 'Submitted', 'Qualified or hired']} />
                  <tbody className="divide-y divide-gray-200">
                    {data.funnels.map((funnel) => (
                      <FunnelRow key={funnel.form} funnel={funnel} />
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="mt-3 text-xs text-gray-700">
                Submissions are the stored items (suspected spam left out), also those of visitors who were not counted; qualified counts the quote requests
                whose status is qualified now, hired the applications hired now. Only the forms whose submissions your role may see are shown.
              </p>
            </Card>
          ) : (
            <Card title="Form funnels">
              <p className="text-sm text-gray-700">
                The funnels end in submissions, which your role does not see: they are shown to the roles that see leads, contact messages or applications.
              </p>
            </Card>
          )}
        </div>
      )}
    </>
  );
}
