import type { AnalyticsForm } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, between, desc, eq, gte, lt, not, sql, sum, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DATABASE, type Database } from '../database/database';
import { analyticsDays, analyticsForms, analyticsPages, analyticsSources, contacts, jobApplications, leads } from '../database/schema';
import type { PendingCounts } from './pending-counts';

/** A period of whole days (UTC), `from` and `to` included, YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

/** A channel to narrow the funnels to: a source, and a medium ('' for none) when given. */
export interface ChannelFilter {
  source?: string;
  medium?: string;
}

export interface DayRow {
  day: string;
  visitors: number;
  views: number;
}
export interface PageRow {
  path: string;
  visitors: number;
  views: number;
}
export interface SourceRow {
  source: string;
  medium: string;
  visitors: number;
  views: number;
}
export interface FormRow {
  form: AnalyticsForm;
  views: number;
  starts: number;
}
/** Stored submissions (not spam) of one kind, per channel and day: how many, and how many reached the goal. */
export interface SubmissionRow {
  form: AnalyticsForm;
  day: string;
  source: string | null;
  medium: string | null;
  submissions: number;
  reached: number;
}

/** Each form's stored items, what is not spam, and the status that reaches its goal (a contact message has none). */
const SUBMISSIONS: Record<AnalyticsForm, { table: PgTable; createdAt: PgColumn; source: PgColumn; medium: PgColumn; notSpam?: SQL; reached?: SQL }> = {
  quote: {
    table: leads,
    createdAt: leads.createdAt,
    source: leads.source,
    medium: leads.medium,
    notSpam: not(leads.spam),
    reached: eq(leads.status, 'qualified'),
  },
  contact: { table: contacts, createdAt: contacts.createdAt, source: contacts.source, medium: contacts.medium, notSpam: not(contacts.spam) },
  application: {
    table: jobApplications,
    createdAt: jobApplications.createdAt,
    source: jobApplications.source,
    medium: jobApplications.medium,
    reached: eq(jobApplications.status, 'hired'),
  },
};

const total = (column: PgColumn) => sql<number>`coalesce(${sum(column)}, 0)`.mapWith(Number);

@Injectable()
export class AnalyticsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Adds the counts of a flush to the stored ones: one statement of four upserts (data-modifying CTEs), each row
   * set passed as arrays (unnest), so its size changes neither the SQL nor the number of parameters.
   */
  async add(counts: PendingCounts): Promise<void> {
    const column = <T>(rows: { keys: string[]; counts: number[] }[], index: number, of: 'keys' | 'counts') => sql.param(rows.map((row) => row[of][index] as T));
    const days = counts.days.rows();
    const pages = counts.pages.rows();
    const sources = counts.sources.rows();
    const forms = counts.forms.rows();
    await this.db.execute(sql`
      with added_days as (
        insert into ${analyticsDays} (day, visitors, views)
        select * from unnest(${column(days, 0, 'keys')}::date[], ${column(days, 0, 'counts')}::int[], ${column(days, 1, 'counts')}::int[])
        on conflict (day) do update
          set visitors = ${analyticsDays}.visitors + excluded.visitors, views = ${analyticsDays}.views + excluded.views
        returning 1
      ), added_pages as (
        insert into ${analyticsPages} (day, path, visitors, views)
        select * from unnest(${column(pages, 0, 'keys')}::date[], ${column(pages, 1, 'keys')}::text[],
          ${column(pages, 0, 'counts')}::int[], ${column(pages, 1, 'counts')}::int[])
        on conflict (day, path) do update
          set visitors = ${analyticsPages}.visitors + excluded.visitors, views = ${analyticsPages}.views + excluded.views
        returning 1
      ), added_sources as (
        insert into ${analyticsSources} (day, source, medium, visitors, views)
        select * from unnest(${column(sources, 0, 'keys')}::date[], ${column(sources, 1, 'keys')}::text[], ${column(sources, 2, 'keys')}::text[],
          ${column(sources, 0, 'counts')}::int[], ${column(sources, 1, 'counts')}::int[])
        on conflict (day, source, medium) do update
          set visitors = ${analyticsSources}.visitors + excluded.visitors, views = ${analyticsSources}.views + excluded.views
        returning 1
      ), added_forms as (
        insert into ${analyticsForms} (day, form, source, medium, views, starts)
        select * from unnest(${column(forms, 0, 'keys')}::date[], ${column(forms, 1, 'keys')}::text[], ${column(forms, 2, 'keys')}::text[],
          ${column(forms, 3, 'keys')}::text[], ${column(forms, 0, 'counts')}::int[], ${column(forms, 1, 'counts')}::int[])
        on conflict (day, form, source, medium) do update
          set views = ${analyticsForms}.views + excluded.views, starts = ${analyticsForms}.starts + excluded.starts
        returning 1
      )
      select (select count(*) from added_days) + (select count(*) from added_pages)
        + (select count(*) from added_sources) + (select count(*) from added_forms) as rows`);
  }

  days({ from, to }: DayRange): Promise<DayRow[]> {
    return this.db
      .select({ day: analyticsDays.day, visitors: analyticsDays.visitors, views: analyticsDays.views })
      .from(analyticsDays)
      .where(between(analyticsDays.day, from, to))
      .orderBy(asc(analyticsDays.day));
  }

  /** The pages of the period, the most viewed first (`limit`: at most that many). */
  pages({ from, to }: DayRange, limit?: number): Promise<PageRow[]> {
    const views = total(analyticsPages.views);
    const query = this.db
      .select({ path: analyticsPages.path, visitors: total(analyticsPages.visitors), views })
      .from(analyticsPages)
      .where(between(analyticsPages.day, from, to))
      .groupBy(analyticsPages.path)
      .orderBy(desc(views), asc(analyticsPages.path));
    return limit === undefined ? query : query.limit(limit);
  }

  sources({ from, to }: DayRange): Promise<SourceRow[]> {
    return this.db
      .select({
        source: analyticsSources.source,
        medium: analyticsSources.medium,
        visitors: total(analyticsSources.visitors),
        views: total(analyticsSources.views),
      })
      .from(analyticsSources)
      .where(between(analyticsSources.day, from, to))
      .groupBy(analyticsSources.source, analyticsSources.medium);
  }

  /** Per form, the views of its page and its starts over the period (of one channel, when `channel` names one). */
  forms({ from, to }: DayRange, channel: ChannelFilter = {}): Promise<FormRow[]> {
    return this.db
      .select({ form: analyticsForms.form, views: total(analyticsForms.views), starts: total(analyticsForms.starts) })
      .from(analyticsForms)
      .where(
        and(
          between(analyticsForms.day, from, to),
          channel.source === undefined ? undefined : eq(analyticsForms.source, channel.source),
          channel.medium === undefined ? undefined : eq(analyticsForms.medium, channel.medium),
        ),
      )
      .groupBy(analyticsForms.form);
  }

  /** Per form, channel and day (UTC): the stored submissions of the period, spam left out, and those that reached the goal. */
  async submissions({ from, to }: DayRange, channel: ChannelFilter = {}): Promise<SubmissionRow[]> {
    const start = new Date(`${from}T00:00:00Z`);
    const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + 24 * 3600_000);
    const perForm = await Promise.all(
      (Object.entries(SUBMISSIONS) as [AnalyticsForm, (typeof SUBMISSIONS)[AnalyticsForm]][]).map(async ([form, kind]) => {
        const day = sql<string>`to_char(${kind.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
        const reached = kind.reached ? sql<number>`count(*) filter (where ${kind.reached})`.mapWith(Number) : sql<number>`0`.mapWith(Number);
        const rows = await this.db
          .select({ day, source: kind.source, medium: kind.medium, submissions: sql<number>`count(*)`.mapWith(Number), reached })
          .from(kind.table)
          .where(
            and(
              gte(kind.createdAt, start),
              lt(kind.createdAt, end),
              kind.notSpam,
              channel.source === undefined ? undefined : eq(kind.source, channel.source),
              // A submission with no medium is '' in the analytics tables.
              channel.medium === undefined ? undefined : channel.medium === '' ? sql`${kind.medium} is null` : eq(kind.medium, channel.medium),
            ),
          )
          .groupBy(day, kind.source, kind.medium);
        return rows.map((row) => ({ form, ...row, source: row.source as string | null, medium: row.medium as string | null }));
      }),
    );
    return perForm.flat();
  }

  /** Every stored row of the period, day by day, for the CSV export (a year is a few thousand rows a table). */
  async everyDay({ from, to }: DayRange, channel: ChannelFilter = {}) {
    const [pages, sources, forms] = await Promise.all([
      this.db
        .select()
        .from(analyticsPages)
        .where(between(analyticsPages.day, from, to))
        .orderBy(asc(analyticsPages.day), desc(analyticsPages.views), asc(analyticsPages.path)),
      this.db
        .select()
        .from(analyticsSources)
        .where(between(analyticsSources.day, from, to))
        .orderBy(asc(analyticsSources.day), desc(analyticsSources.visitors), asc(analyticsSources.source), asc(analyticsSources.medium)),
      this.db
        .select()
        .from(analyticsForms)
        .where(
          and(
            between(analyticsForms.day, from, to),
            channel.source === undefined ? undefined : eq(analyticsForms.source, channel.source),
            channel.medium === undefined ? undefined : eq(analyticsForms.medium, channel.medium),
          ),
        )
        .orderBy(asc(analyticsForms.day), asc(analyticsForms.form), asc(analyticsForms.source), asc(analyticsForms.medium)),
    ]);
    return { pages, sources, forms };
  }

  /** Removes the days before `day` (YYYY-MM-DD) from every analytics table, inside the caller's transaction; answers the rows removed. */
  static async deleteBefore(tx: Pick<Database, 'execute'>, day: string): Promise<number> {
    const result = await tx.execute(sql`
      with removed_days as (delete from ${analyticsDays} where day < ${day}::date returning 1),
        removed_pages as (delete from ${analyticsPages} where day < ${day}::date returning 1),
        removed_sources as (delete from ${analyticsSources} where day < ${day}::date returning 1),
        removed_forms as (delete from ${analyticsForms} where day < ${day}::date returning 1)
      select (select count(*) from removed_days) + (select count(*) from removed_pages)
        + (select count(*) from removed_sources) + (select count(*) from removed_forms) as removed`);
    const [row] = (result as unknown as { rows: { removed: number | string }[] }).rows;
    return Number(row?.removed ?? 0);
  }
}
