import {
  DAY_MS,
  CHANNELS_MAX,
  ITEM_KINDS,
  JOB_STATUSES,
  DASHBOARD_CHART_WEEKS,
  REPORT_DEFAULT_PERIOD,
  WORK_ITEM_KINDS,
  type ChannelCounts,
  type PeriodCount,
  type ReportPeriod,
  type DashboardStats,
  type WorkItemKind,
} from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { NotificationPlan } from '../deliveries/notification-plan';
import { ITEMS } from '../items/item-kinds';
import { DashboardRepository } from './dashboard.repository';

/** Every status present, zero where nothing has it. */
function completeCounts<T extends string>(statuses: readonly T[], counts: Record<string, number>): Record<T, number> {
  return Object.fromEntries(statuses.map((status) => [status, counts[status] ?? 0])) as Record<T, number>;
}

/**
 * The kinds a visitor waits on for an answer (leads and contact messages): one still in its first status has had
 * none recorded. An applicant waits on a decision instead (the board's days in a status).
 */
const FIRST_REPLY_KINDS = ['lead', 'contact'] as const satisfies readonly WorkItemKind[];

/** Monday 00:00 UTC of the week holding `date`. */
export function isoWeekStart(date: Date): Date {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS);
}

/** A channel's count of the kind's goal reached, named after the goal status (qualified leads, hired applications); none for a kind without one. */
const goalCountOf = (kind: WorkItemKind) => ITEM_KINDS[kind].goalStatus as Extract<keyof ChannelCounts, 'qualified' | 'hired'> | null;

const submissionsOf = (row: ChannelCounts) => row.leads + row.contacts + row.applications;

/**
 * The channels' rows, the busiest first (then by source and medium, unknown last); past CHANNELS_MAX, the quietest
 * are added up in one row marked `other`, so the answer stays small however many sources visitors make up.
 */
export function rankChannels(rows: ChannelCounts[]): ChannelCounts[] {
  const text = (value: string | null) => value ?? '\uffff';
  const ranked = rows.toSorted(
    (a, b) => submissionsOf(b) - submissionsOf(a) || text(a.source).localeCompare(text(b.source)) || text(a.medium).localeCompare(text(b.medium)),
  );
  if (ranked.length <= CHANNELS_MAX) return ranked;
  const other: ChannelCounts = { source: null, medium: null, leads: 0, contacts: 0, applications: 0, qualified: 0, hired: 0, other: true };
  for (const row of ranked.slice(CHANNELS_MAX - 1)) {
    for (const key of ['leads', 'contacts', 'applications', 'qualified', 'hired'] as const) other[key] += row[key];
  }
  return [...ranked.slice(0, CHANNELS_MAX - 1), other];
}

@Injectable()
export class DashboardService {
  constructor(
    private readonly dashboard: DashboardRepository,
    private readonly notifications: NotificationPlan,
  ) {}

  /**
   * "Submissions by channel": the submissions (not spam) of the last `days` of each of `kinds` per source and medium,
   * with the leads qualified and the applications hired among them (their status now).
   */
  async channels(days: ReportPeriod, kinds: readonly WorkItemKind[], now = new Date()): Promise<ChannelCounts[]> {
    const since = new Date(now.getTime() - days * DAY_MS);
    const perKind = await Promise.all(kinds.map(async (kind) => ({ kind, rows: await this.dashboard.channelsSince(kind, since) })));
    const channels = new Map<string, ChannelCounts>();
    for (const { kind, rows } of perKind) {
      const [total, reached] = [ITEMS[kind].list, goalCountOf(kind)];
      for (const row of rows) {
        const key = JSON.stringify([row.source, row.medium]);
        let channel = channels.get(key);
        if (!channel) {
          channel = { source: row.source, medium: row.medium, leads: 0, contacts: 0, applications: 0, qualified: 0, hired: 0 };
          channels.set(key, channel);
        }
        channel[total] += row.total;
        if (reached) channel[reached] += row.reached;
      }
    }
    return rankChannels([...channels.values()]);
  }

  /** Every figure but those of the admin asking: their overdue follow-ups (by role) and their calls. */
  async stats(now = new Date()): Promise<Omit<DashboardStats, 'overdueFollowUps' | 'myCalls'>> {
    const firstWeek = new Date(isoWeekStart(now).getTime() - (DASHBOARD_CHART_WEEKS - 1) * 7 * DAY_MS);
    const days = REPORT_DEFAULT_PERIOD;
    const periodStart = new Date(now.getTime() - days * DAY_MS);
    const previousStart = new Date(now.getTime() - 2 * days * DAY_MS);
    const [byKind, jobs, weekly, failingDeliveries, purge, routesToNobody, receivedByKind, jobsPosted, waiting] = await Promise.all([
      Promise.all(WORK_ITEM_KINDS.map((kind) => this.dashboard.itemsByStatus(kind))),
      this.dashboard.jobsByStatus(),
      this.dashboard.leadsPerWeekSince(firstWeek),
      this.dashboard.failingDeliveries(),
      this.dashboard.purgeStatus(),
      this.notifications.routesToNobody(),
      Promise.all(WORK_ITEM_KINDS.map((kind) => this.dashboard.itemsCreatedInPeriods(kind, periodStart, previousStart))),
      this.dashboard.jobsCreatedInPeriods(periodStart, previousStart),
      Promise.all(FIRST_REPLY_KINDS.map((kind) => this.dashboard.stillInFirstStatus(kind))),
    ]);
    const received = Object.fromEntries(
      WORK_ITEM_KINDS.map((kind, index) => [ITEMS[kind].list, receivedByKind[index] ?? { current: 0, previous: 0 }]),
    ) as Record<(typeof ITEMS)[WorkItemKind]['list'], PeriodCount>;
    const waitingForFirstReply = Object.fromEntries(
      FIRST_REPLY_KINDS.map((kind, index) => {
        const found = waiting[index];
        return [kind, { count: found?.count ?? 0, oldestAt: found?.oldestAt?.toISOString() ?? null }];
      }),
    ) as DashboardStats['waitingForFirstReply'];
    // Each kind's counts under its key of the answer (leadsByStatus…).
    const statusCounts = Object.fromEntries(
      WORK_ITEM_KINDS.map((kind, index) => [ITEMS[kind].statusCounts, completeCounts(ITEM_KINDS[kind].statuses, byKind[index] ?? {})]),
    ) as Pick<DashboardStats, (typeof ITEMS)[WorkItemKind]['statusCounts']>;
    const weeklyCounts = new Map(weekly.map((week) => [week.weekStart, week.count]));
    const newLeadsPerWeek = Array.from({ length: DASHBOARD_CHART_WEEKS }, (_, index) => {
      const weekStart = new Date(firstWeek.getTime() + index * 7 * DAY_MS).toISOString().slice(0, 10);
      return { weekStart, count: weeklyCounts.get(weekStart) ?? 0 };
    });
    return {
      totalLeads: Object.values(statusCounts.leadsByStatus).reduce((sum, value) => sum + value, 0),
      ...statusCounts,
      jobsByStatus: completeCounts(JOB_STATUSES, jobs),
      failingDeliveries,
      purgeFailing: purge?.failingSince ? { since: purge.failingSince, lastError: purge.lastError ?? '', lastSuccessAt: purge.lastSuccessAt } : null,
      routesToNobody,
      newLeadsPerWeek,
      waitingForFirstReply,
      received: { days, ...received, jobs: jobsPosted },
    };
  }
}
