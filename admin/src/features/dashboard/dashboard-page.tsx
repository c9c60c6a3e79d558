import {
  DASHBOARD_CHART_WEEKS,
  MESSAGES,
  NOTIFICATION_ROUTE_FIELDS,
  canUse,
  takesCalls,
  type DashboardStats,
  type PeriodCount,
  type WorkItemKind,
} from '@brightwave/common';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { LoadError, Loading } from '../../components/ui/feedback';
import { cardClasses } from '../../components/ui/table';
import { logFailure } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useGetAccountQuery } from '../account/account-api';
import { countOf, overdueListPath, workItemKindsOf } from '../workspace/work-items';
import { ChannelsCard } from './channels-card';
import { useGetStatsQuery } from './dashboard-api';
import { MyCallsCard } from './my-calls-card';
import { MyFollowUpsCard } from './my-follow-ups-card';
import { PeriodChange } from './period-change';
import { WaitingCard } from './waiting-card';
import { WeeklyLeadsChart } from './weekly-leads-chart';

/** Where a figure's list is, and what opening it shows (the link's name after the figure): null when the role has no such list. */
interface FigureLink {
  to: string;
  opens: string;
}

/** What came into a figure in the period (its items' arrivals: every item arrives in its first status) and how many. */
interface FigureChange {
  count: PeriodCount;
  days: number;
  /** "received", "posted". */
  verb: string;
}

/**
 * A figure and, where the role may open it, a link to the list it counts with that list's filter in the address
 * (the lists read their view from it: use-table-address.ts); below it, what came in during the period against the
 * period before.
 */
function StatCard({ title, value, link, change }: { title: string; value: number; link: FigureLink | null; change?: FigureChange }) {
  return (
    <section aria-label={title} className={`${cardClasses} p-5`}>
      <h2 className="text-sm font-medium text-gray-700">{title}</h2>
      <p className="mt-2 text-3xl font-bold text-gray-900">
        {link ? (
          <Link to={link.to} aria-label={`${value} ${title}: ${link.opens}`} className="underline decoration-2 underline-offset-4 hover:text-blue-800">
            {value}
          </Link>
        ) : (
          value
        )}
      </p>
      {change && <PeriodChange count={change.count} days={change.days} verb={change.verb} />}
    </section>
  );
}

/** The stat cards' lists, for the kinds of items the role may see. */
function figureLinks(
  kinds: readonly WorkItemKind[],
): Record<'total' | 'newLeads' | 'pendingQueries' | 'activeJobs' | 'pendingApplications', FigureLink | null> {
  const leads = kinds.includes('lead');
  const jobs = kinds.includes('application');
  return {
    total: leads ? { to: '/leads', opens: 'open the leads' } : null,
    newLeads: leads ? { to: '/leads?status=new', opens: 'open the new leads' } : null,
    pendingQueries: kinds.includes('contact') ? { to: '/queries?status=pending', opens: 'open the pending contact messages' } : null,
    activeJobs: jobs ? { to: '/jobs?status=active', opens: 'open the active jobs' } : null,
    pendingApplications: jobs ? { to: '/applications?status=pending', opens: 'open the pending applications' } : null,
  };
}

/** Items whose follow-up time has passed, of the kinds the role covers, each count linking to those items. */
function OverdueCard({ counts, kinds }: { counts: DashboardStats['overdueFollowUps']; kinds: readonly WorkItemKind[] }) {
  const total = kinds.reduce((sum, kind) => sum + counts[kind], 0);
  return (
    <section aria-labelledby="overdue-heading" className={`${cardClasses} p-5`}>
      <h2 id="overdue-heading" className="text-sm font-medium text-gray-700">
        Overdue follow-ups
      </h2>
      <p className="mt-2 text-3xl font-bold text-gray-900">{total}</p>
      <ul className="mt-2 space-y-1 text-sm">
        {kinds.map((kind) => (
          <li key={kind}>
            <Link to={overdueListPath(kind)} className="text-blue-800 underline">
              {countOf(kind, counts[kind])} overdue
            </Link>
            {kind === 'application' && <span className="text-gray-700"> (in each job's applications)</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The routes whose staff mail reaches nobody. Shown to every role: it happens when no owner is active, and then only
 * the others sign in to see it.
 */
function RoutesToNobody({ routes }: { routes: DashboardStats['routesToNobody'] }) {
  return (
    <section role="alert" aria-label={MESSAGES.routesToNobodyTitle} className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      <h2 className="font-semibold">{MESSAGES.routesToNobodyTitle}</h2>
      <p className="mt-1">{MESSAGES.routesToNobody}</p>
      <ul className="mt-1 list-disc pl-5">
        {NOTIFICATION_ROUTE_FIELDS.filter((field) => routes.includes(field.key)).map((field) => (
          <li key={field.key}>
            {field.group}: {field.label}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DashboardPage() {
  const { data, isLoading, isError, error, refetch } = useGetStatsQuery();
  const role = useGetAccountQuery().data?.account.role;

  // SPEC §8: a failed stats fetch is only logged.
  useEffect(() => {
    if (isError) logFailure('dashboard stats fetch failed', error);
  }, [isError, error]);

  // The time the ages and "today" are counted from, taken once per visit: a figure does not change under the reader.
  const [now] = useState(() => new Date());
  const stats = data?.stats;
  const kinds = workItemKindsOf(role);
  const links = figureLinks(kinds);
  const received = stats?.received;
  const changeOf = (count: keyof Omit<DashboardStats['received'], 'days'>, verb: string): FigureChange | undefined =>
    received && { count: received[count], days: received.days, verb };
  return (
    <>
      <PageHeader title="Dashboard" />
      {isLoading ? (
        <Loading label="Loading statistics…" />
      ) : !stats ? (
        isError ? (
          <LoadError onRetry={refetch} />
        ) : null
      ) : (
        <>
          {/* Only owners can act on deliveries. */}
          {stats.failingDeliveries > 0 && role && canUse(role, 'owner') && (
            <section role="alert" aria-label="Deliveries failing" className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
              <h2 className="font-semibold">Deliveries failing</h2>
              <p className="mt-1">
                {stats.failingDeliveries === 1 ? '1 message' : `${stats.failingDeliveries} messages`} to staff or visitors could not be sent.{' '}
                <Link to="/deliveries" className="font-medium underline">
                  See deliveries
                </Link>
              </p>
            </section>
          )}
          {stats.routesToNobody.length > 0 && <RoutesToNobody routes={stats.routesToNobody} />}
          {/* Owners run the server: the purge's failures are theirs to look into (the server log says why). */}
          {stats.purgeFailing && role && canUse(role, 'owner') && (
            <section role="alert" aria-label={MESSAGES.purgeFailingTitle} className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
              <h2 className="font-semibold">{MESSAGES.purgeFailingTitle}</h2>
              <p className="mt-1">{MESSAGES.purgeFailing}</p>
              <p className="mt-1">
                Failing since {formatDateTime(stats.purgeFailing.since)}
                {stats.purgeFailing.lastSuccessAt ? ` (last success ${formatDateTime(stats.purgeFailing.lastSuccessAt)})` : ''}: {stats.purgeFailing.lastError}
              </p>
            </section>
          )}
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
            <StatCard title="Total Leads" value={stats.totalLeads} link={links.total} change={changeOf('leads', 'received')} />
            <StatCard title="New Leads" value={stats.leadsByStatus?.new ?? 0} link={links.newLeads} change={changeOf('leads', 'received')} />
            <StatCard
              title="Pending Queries"
              value={stats.contactsByStatus?.pending ?? 0}
              link={links.pendingQueries}
              change={changeOf('contacts', 'received')}
            />
            <StatCard title="Active Jobs" value={stats.jobsByStatus?.active ?? 0} link={links.activeJobs} change={changeOf('jobs', 'posted')} />
            <StatCard
              title="Pending Applications"
              value={stats.applicationsByStatus?.pending ?? 0}
              link={links.pendingApplications}
              change={changeOf('applications', 'received')}
            />
          </div>
          {/* The next actions: what waits for an answer, and my follow-ups. Editors see no submissions. */}
          {kinds.length > 0 && (
            <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {stats.waitingForFirstReply && <WaitingCard waiting={stats.waitingForFirstReply} kinds={kinds} now={now} />}
              <MyFollowUpsCard now={now} />
              {stats.overdueFollowUps && <OverdueCard counts={stats.overdueFollowUps} kinds={kinds} />}
              {stats.myCalls && role && takesCalls(role) && <MyCallsCard myCalls={stats.myCalls} />}
            </div>
          )}
          {stats.newLeadsPerWeek && (
            <section aria-labelledby="weekly-leads-heading" className={`${cardClasses} mt-6 p-5`}>
              <h2 id="weekly-leads-heading" className="mb-4 text-lg font-semibold text-gray-900">
                New leads per week (last {DASHBOARD_CHART_WEEKS} weeks)
              </h2>
              {stats.newLeadsPerWeek.every((week) => week.count === 0) && <p className="mb-2 text-sm text-gray-700">No new leads in these weeks yet.</p>}
              <WeeklyLeadsChart weeks={stats.newLeadsPerWeek.slice(-DASHBOARD_CHART_WEEKS)} />
            </section>
          )}
          {/* Editors see no submissions. */}
          {kinds.length > 0 && <ChannelsCard />}
        </>
      )}
    </>
  );
}
