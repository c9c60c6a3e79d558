import { DAY_MS, APPLICATION_STATUSES, CONTACT_STATUSES, JOB_STATUSES, DASHBOARD_CHART_WEEKS, LEAD_STATUSES, type DashboardStats } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { DashboardRepository } from './dashboard.repository';

/** Every status present, zero where nothing has it. */
function completeCounts<T extends string>(statuses: readonly T[], counts: Record<string, number>): Record<T, number> {
  return Object.fromEntries(statuses.map((status) => [status, counts[status] ?? 0])) as Record<T, number>;
}

/** Monday 00:00 UTC of the week holding `date`. */
export function isoWeekStart(date: Date): Date {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS);
}

@Injectable()
export class DashboardService {
  constructor(private readonly dashboard: DashboardRepository) {}

  /** Every figure but the overdue follow-ups, which depend on the role asking (WorkspaceService.overdueCounts). */
  async stats(now = new Date()): Promise<Omit<DashboardStats, 'overdueFollowUps'>> {
    const firstWeek = new Date(isoWeekStart(now).getTime() - (DASHBOARD_CHART_WEEKS - 1) * 7 * DAY_MS);
    const [leads, contacts, jobs, applications, weekly, failingDeliveries, purge] = await Promise.all([
      this.dashboard.leadsByStatus(),
      this.dashboard.contactsByStatus(),
      this.dashboard.jobsByStatus(),
      this.dashboard.applicationsByStatus(),
      this.dashboard.leadsPerWeekSince(firstWeek),
      this.dashboard.failingDeliveries(),
      this.dashboard.purgeStatus(),
    ]);
    const leadsByStatus = completeCounts(LEAD_STATUSES, leads);
    const weeklyCounts = new Map(weekly.map((week) => [week.weekStart, week.count]));
    const newLeadsPerWeek = Array.from({ length: DASHBOARD_CHART_WEEKS }, (_, index) => {
      const weekStart = new Date(firstWeek.getTime() + index * 7 * DAY_MS).toISOString().slice(0, 10);
      return { weekStart, count: weeklyCounts.get(weekStart) ?? 0 };
    });
    return {
      totalLeads: Object.values(leadsByStatus).reduce((sum, value) => sum + value, 0),
      leadsByStatus,
      contactsByStatus: completeCounts(CONTACT_STATUSES, contacts),
      jobsByStatus: completeCounts(JOB_STATUSES, jobs),
      applicationsByStatus: completeCounts(APPLICATION_STATUSES, applications),
      failingDeliveries,
      purgeFailing: purge?.failingSince ? { since: purge.failingSince, lastError: purge.lastError ?? '', lastSuccessAt: purge.lastSuccessAt } : null,
      newLeadsPerWeek,
    };
  }
}
