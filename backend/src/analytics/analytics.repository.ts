import { ANALYTICS_CHANNELS_PER_DAY_MAX, ANALYTICS_FORM_KINDS, ITEM_KINDS, type AnalyticsForm, type AnalyticsScreen } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, between, desc, eq, gte, inArray, lt, not, sql, sum } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { DATABASE, type Database } from '../database/database';
import { analyticsDays, analyticsForms, analyticsPages, analyticsScreens, analyticsSources } from '../database/schema';
import { ITEMS } from '../items/item-kinds';
import type { PendingCounts } from './pending-counts';
import { channelKey, OTHER_CHANNEL } from './visitor-ledger';
import { ADVISORY_LOCK_KEYS } from '../database/advisory-locks';
import { sqlRows } from '../database/sql-rows';

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
export interface ScreenRow {
  screen: AnalyticsScreen;
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

const total = (column: PgColumn) => sql<number>`coalesce(${sum(column)}, 0)`.mapWith(Number);

type CountRow = { keys: string[]; counts: number[] };

/**
 * Rows whose channel (the keys at `at` and `at + 1`: source and medium) is replaced by `channelOf`'s, added up where
 * several become one (an upsert may not touch a row twice).
 */
function withChannels(rows: CountRow[], at: number, channelOf: (day: string, channel: string) => string): CountRow[] {
  const merged = new Map<string, CountRow>();
  for (const row of rows) {
    const [source = '', medium = ''] = channelOf(row.keys[0] ?? '', `${row.keys[at] ?? ''}\t${row.keys[at + 1] ?? ''}`).split('\t');
    const keys = [...row.keys.slice(0, at), source, medium, ...row.keys.slice(at + 2)];
    const id = keys.join('\u0000');
    const found = merged.get(id);
    if (found) found.counts = found.counts.map((count, index) => count + (row.counts[index] ?? 0));
    else merged.set(id, { keys, counts: [...row.counts] });
  }
  return [...merged.values()];
}

@Injectable()
export class AnalyticsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Adds the counts of a flush to the stored ones: one statement of five upserts (data-modifying CTEs), each row
   * set passed as arrays (unnest), so its size changes neither the SQL nor the number of parameters. A day keeps at
   * most ANALYTICS_CHANNELS_PER_DAY_MAX channels of its own (whatever the instances counted, each with its own
   * bound when they share no Redis): the rows of later ones are added to OTHER_CHANNEL's. The writes of all
   * instances take turns (an advisory lock), so the day's channels are read before any is added.
   */
  async add(counts: PendingCounts): Promise<void> {
    const column = <T>(rows: CountRow[], index: number, of: 'keys' | 'counts') => sql.param(rows.map((row) => row[of][index] as T));
    const days = counts.days.rows();
    const pages = counts.pages.rows();
    const screens = counts.screens.rows();
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_KEYS.analyticsWrites})`);
      const channelOf = await this.storedChannels(tx, [...counts.sources.rows(), ...counts.forms.rows()]);
      // Sources are keyed (day, source, medium), forms (day, form, source, medium).
      const sources = withChannels(counts.sources.rows(), 1, channelOf);
      const forms = withChannels(counts.forms.rows(), 2, channelOf);
      await tx.execute(sql`
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
      ), added_screens as (
        insert into ${analyticsScreens} (day, path, screen, views)
        select * from unnest(${column(screens, 0, 'keys')}::date[], ${column(screens, 1, 'keys')}::text[], ${column(screens, 2, 'keys')}::text[],
          ${column(screens, 0, 'counts')}::int[])
        on conflict (day, path, screen) do update set views = ${analyticsScreens}.views + excluded.views
        returning 1
      )
      select (select count(*) from added_days) + (select count(*) from added_pages)
        + (select count(*) from added_sources) + (select count(*) from added_forms) + (select count(*) from added_screens) as rows`);
    });
  }

  /**
   * The channel a row of a day is stored under: its own while the day holds fewer than ANALYTICS_CHANNELS_PER_DAY_MAX
   * channels (stored, or admitted before it in this write), else OTHER_CHANNEL. No channel ('', a start of a visitor
   * never seen) stays as it is.
   */
  private async storedChannels(tx: Pick<Database, 'select'>, rows: CountRow[]): Promise<(day: string, channel: string) => string> {
    const days = [...new Set(rows.map((row) => row.keys[0] ?? ''))];
    const stored =
      days.length === 0
        ? []
        : await tx
            .select({ day: analyticsSources.day, source: analyticsSources.source, medium: analyticsSources.medium })
            .from(analyticsSources)
            .where(inArray(analyticsSources.day, days));
    const channels = new Map<string, Set<string>>();
    const of = (day: string) => {
      let kept = channels.get(day);
      if (!kept) channels.set(day, (kept = new Set()));
      return kept;
    };
    for (const row of stored) of(row.day).add(channelKey(row.source, row.medium));
    return (day, channel) => {
      if (channel === '\t') return channel;
      const kept = of(day);
      if (kept.has(channel)) return channel;
      const admitted = kept.size < ANALYTICS_CHANNELS_PER_DAY_MAX || channel === OTHER_CHANNEL ? channel : OTHER_CHANNEL;
      kept.add(admitted);
      return admitted;
    };
  }

  days({ from, to }: DayRange): Promise<DayRow[]> {
    return this.db
      .select({ day: analyticsDays.day, visitors: analyticsDays.visitors, views: analyticsDays.views })
      .from(analyticsDays)
      .where(between(analyticsDays.day, from, to))
      .orderBy(asc(analyticsDays.day));
  }

  /** The days of one page: its visitors and views per day. */
  pageDays({ from, to }: DayRange, path: string): Promise<DayRow[]> {
    return this.db
      .select({ day: analyticsPages.day, visitors: analyticsPages.visitors, views: analyticsPages.views })
      .from(analyticsPages)
      .where(and(between(analyticsPages.day, from, to), eq(analyticsPages.path, path)))
      .orderBy(asc(analyticsPages.day));
  }

  /** The days of one source (and medium, when named): its visitors and views per day, its media added up when none is named. */
  channelDays({ from, to }: DayRange, channel: Required<Pick<ChannelFilter, 'source'>> & ChannelFilter): Promise<DayRow[]> {
    return this.db
      .select({ day: analyticsSources.day, visitors: total(analyticsSources.visitors), views: total(analyticsSources.views) })
      .from(analyticsSources)
      .where(
        and(
          between(analyticsSources.day, from, to),
          eq(analyticsSources.source, channel.source),
          channel.medium === undefined ? undefined : eq(analyticsSources.medium, channel.medium),
        ),
      )
      .groupBy(analyticsSources.day)
      .orderBy(asc(analyticsSources.day));
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

  /** The page views per screen class over the period (of one page, when `path` names one). */
  screens({ from, to }: DayRange, path?: string): Promise<ScreenRow[]> {
    return this.db
      .select({ screen: analyticsScreens.screen, views: total(analyticsScreens.views) })
      .from(analyticsScreens)
      .where(and(between(analyticsScreens.day, from, to), path === undefined ? undefined : eq(analyticsScreens.path, path)))
      .groupBy(analyticsScreens.screen);
  }

  /**
   * Per form of `forms`, channel and day (UTC): the stored submissions of the period, spam left out, and those that
   * reached the goal. The other forms' tables are not read.
   */
  async submissions({ from, to }: DayRange, forms: readonly AnalyticsForm[], channel: ChannelFilter = {}): Promise<SubmissionRow[]> {
    const start = new Date(`${from}T00:00:00Z`);
    const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + 24 * 3600_000);
    const perForm = await Promise.all(
      forms.map(async (form) => {
        // The form's stored items (not spam), and how many have its kind's goal status now (none for a contact message).
        const kind = ANALYTICS_FORM_KINDS[form];
        const { table, columns } = ITEMS[kind];
        const goal = ITEM_KINDS[kind].goalStatus;
        const day = sql<string>`to_char(${columns.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
        const reached = goal ? sql<number>`count(*) filter (where ${columns.status} = ${goal})`.mapWith(Number) : sql<number>`0`.mapWith(Number);
        const rows = await this.db
          .select({ day, source: columns.source, medium: columns.medium, submissions: sql<number>`count(*)`.mapWith(Number), reached })
          .from(table)
          .where(
            and(
              gte(columns.createdAt, start),
              lt(columns.createdAt, end),
              columns.spam && not(columns.spam),
              channel.source === undefined ? undefined : eq(columns.source, channel.source),
              // A submission with no medium is '' in the analytics tables.
              channel.medium === undefined ? undefined : channel.medium === '' ? sql`${columns.medium} is null` : eq(columns.medium, channel.medium),
            ),
          )
          .groupBy(day, columns.source, columns.medium);
        return rows.map((row) => ({ form, ...row }));
      }),
    );
    return perForm.flat();
  }

  /** Every stored row of the period, day by day, for the CSV export (a year is a few thousand rows a table). */
  async everyDay({ from, to }: DayRange, channel: ChannelFilter = {}) {
    const [pages, sources, forms, screens] = await Promise.all([
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
      this.db
        .select()
        .from(analyticsScreens)
        .where(between(analyticsScreens.day, from, to))
        .orderBy(asc(analyticsScreens.day), asc(analyticsScreens.path), asc(analyticsScreens.screen)),
    ]);
    return { pages, sources, forms, screens };
  }

  /** Removes the days before `day` (YYYY-MM-DD) from every analytics table, inside the caller's transaction; answers the rows removed. */
  static async deleteBefore(tx: Pick<Database, 'execute'>, day: string): Promise<number> {
    const [row] = await sqlRows<{ removed: number | string }>(
      tx,
      sql`
      with removed_days as (delete from ${analyticsDays} where day < ${day}::date returning 1),
        removed_pages as (delete from ${analyticsPages} where day < ${day}::date returning 1),
        removed_sources as (delete from ${analyticsSources} where day < ${day}::date returning 1),
        removed_forms as (delete from ${analyticsForms} where day < ${day}::date returning 1),
        removed_screens as (delete from ${analyticsScreens} where day < ${day}::date returning 1)
      select (select count(*) from removed_days) + (select count(*) from removed_pages)
        + (select count(*) from removed_sources) + (select count(*) from removed_forms) + (select count(*) from removed_screens) as removed`,
    );
    return Number(row?.removed ?? 0);
  }
}
