import {
  ANALYTICS_FORM_KINDS,
  ANALYTICS_FORM_LABELS,
  ANALYTICS_FORMS,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_SCREEN_LABELS,
  ANALYTICS_SCREENS,
  ANALYTICS_TOP_MAX,
  DAY_MS,
  ITEM_KINDS,
  type AnalyticsDay,
  type AnalyticsDevice,
  type AnalyticsForm,
  type AnalyticsFunnel,
  type AnalyticsReport,
  type AnalyticsSource,
  type WorkItemKind,
} from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { csvExport, type CsvFile, type CsvValue } from '../common/csv';
import { DomainError } from '../common/domain-error';
import { AnalyticsRepository, type ChannelFilter, type DayRange, type ScreenRow, type SubmissionRow } from './analytics.repository';
import type { AnalyticsExportQueryDto, AnalyticsQueryDto } from './dto/analytics-query.dto';
import { channelKey } from './visitor-ledger';

/** The days of a range, in order (YYYY-MM-DD). */
function daysOf({ from, to }: DayRange): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** The period of a query, checked: `from` not after `to`, at most ANALYTICS_MAX_DAYS days. */
function rangeOf(query: AnalyticsQueryDto): DayRange {
  const days = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1) throw DomainError.invalid('The period must end on or after its first day', { to: 'to must be on or after from' });
  if (days > ANALYTICS_MAX_DAYS) {
    throw DomainError.invalid(`The period may cover at most ${ANALYTICS_MAX_DAYS} days`, {
      to: `to must be at most ${ANALYTICS_MAX_DAYS - 1} days after from`,
    });
  }
  return { from: query.from, to: query.to };
}

/** The channel the funnels are narrowed to: named as the attribution names it (lower case; '' is no medium). */
function channelOf(query: AnalyticsQueryDto): ChannelFilter {
  const source = query.source?.toLowerCase() || undefined;
  return source === undefined ? {} : { source, medium: query.medium?.toLowerCase() };
}

const inChannel = (row: { source: string | null; medium: string | null }, channel: ChannelFilter) =>
  (channel.source === undefined || row.source === channel.source) && (channel.medium === undefined || (row.medium ?? '') === channel.medium);

/** The forms whose funnels and submissions a role sees: those of the kinds of item it may see (itemKindsFor), as the dashboard counts. */
const formsOf = (kinds: readonly WorkItemKind[]): AnalyticsForm[] => ANALYTICS_FORMS.filter((form) => kinds.includes(ANALYTICS_FORM_KINDS[form]));

/** Whether the form's kind has a goal status (qualified, hired) whose items the funnel counts; a contact message has none. */
const hasGoal = (form: AnalyticsForm): boolean => ITEM_KINDS[ANALYTICS_FORM_KINDS[form]].goalStatus !== null;

const CSV_HEADERS = ['Section', 'Date', 'Path', 'Source', 'Medium', 'Form', 'Device', 'Visitors', 'Views', 'Starts', 'Submissions', 'Qualified or hired'];

/** The screen classes that had views, the most first (ties in the order of ANALYTICS_SCREENS, `unknown` last). */
const devicesOf = (rows: ScreenRow[]): AnalyticsDevice[] =>
  [...rows].sort((a, b) => b.views - a.views || ANALYTICS_SCREENS.indexOf(a.screen) - ANALYTICS_SCREENS.indexOf(b.screen));

/**
 * Site analytics for the admin: the daily counts of a period, with the stored submissions of the forms' funnels.
 * `kinds` are the kinds of item the caller's role may see: the funnels, and the submissions counted anywhere, are
 * those of these kinds only; the visits (days, pages, channels, devices) are everyone's.
 */
@Injectable()
export class AnalyticsService {
  constructor(private readonly repository: AnalyticsRepository) {}

  async report(query: AnalyticsQueryDto, kinds: readonly WorkItemKind[]): Promise<AnalyticsReport> {
    const range = rangeOf(query);
    const channel = channelOf(query);
    const shown = formsOf(kinds);
    const [days, pages, sources, screens, forms, submissions] = await Promise.all([
      this.daysOf(range, query.path, channel),
      this.repository.pages(range, ANALYTICS_TOP_MAX),
      this.repository.sources(range),
      // A page's devices with `path`; a channel's cannot be told (the screens are counted per page, not per channel).
      this.repository.screens(range, query.path),
      this.repository.forms(range, channel),
      this.repository.submissions(range, shown),
    ]);
    const byDay = new Map(days.map((day) => [day.day, day]));
    return {
      kinds: [...kinds],
      days: daysOf(range).map((date): AnalyticsDay => ({ date, visitors: byDay.get(date)?.visitors ?? 0, views: byDay.get(date)?.views ?? 0 })),
      pages,
      sources: this.sources(sources, submissions),
      devices: devicesOf(screens),
      funnels: shown.map((form): AnalyticsFunnel => {
        const top = forms.find((row) => row.form === form);
        const stored = submissions.filter((row) => row.form === form && inChannel(row, channel));
        return {
          form,
          views: top?.views ?? 0,
          starts: top?.starts ?? 0,
          submissions: stored.reduce((sum, row) => sum + row.submissions, 0),
          qualified: hasGoal(form) ? stored.reduce((sum, row) => sum + row.reached, 0) : null,
        };
      }),
    };
  }

  /** The visitors and views per day: of one page, of one channel, or of the whole site. */
  private daysOf(range: DayRange, path: string | undefined, channel: ChannelFilter) {
    if (path !== undefined && channel.source !== undefined) {
      throw DomainError.invalid('Narrow the report to a page or to a source, not both', { path: 'path cannot be given with source' });
    }
    if (path !== undefined) return this.repository.pageDays(range, path);
    if (channel.source !== undefined) return this.repository.channelDays(range, { ...channel, source: channel.source });
    return this.repository.days(range);
  }

  /**
   * Every stored count of the period, day by day, in one file with a column that says which count a row is; the rows
   * of forms, and the submissions, of `kinds` only (as report()).
   */
  async export({ tz, ...query }: AnalyticsExportQueryDto, kinds: readonly WorkItemKind[]): Promise<CsvFile> {
    const range = rangeOf(query);
    const channel = channelOf(query);
    const shown = formsOf(kinds);
    const [days, rows, submissions] = await Promise.all([
      this.repository.days(range),
      this.repository.everyDay(range, channel),
      this.repository.submissions(range, shown),
    ]);
    const lines: CsvValue[][] = [
      ...days.map((day) => ['Site', day.day, '', '', '', '', '', day.visitors, day.views, '', '', '']),
      ...rows.pages.map((page) => ['Page', page.day, page.path, '', '', '', '', page.visitors, page.views, '', '', '']),
      ...rows.sources.map((row) => {
        const stored = submissions.filter((item) => item.day === row.day && item.source === row.source && (item.medium ?? '') === row.medium);
        const submitted = stored.reduce((sum, item) => sum + item.submissions, 0);
        return ['Source', row.day, '', row.source, row.medium, '', '', row.visitors, row.views, '', submitted, ''];
      }),
      ...this.formDays(
        rows.forms.filter((row) => shown.includes(row.form)),
        submissions.filter((row) => row.source !== null && inChannel(row, channel)),
      ),
      ...rows.screens.map((row) => ['Device', row.day, row.path, '', '', '', ANALYTICS_SCREEN_LABELS[row.screen], '', row.views, '', '', '']),
    ];
    async function* pages(): AsyncGenerator<CsvValue[][]> {
      yield lines;
    }
    return csvExport('analytics', { headers: CSV_HEADERS, cells: (row: CsvValue[]) => row }, { timeZone: tz, pages: pages(), onEnd: async () => undefined });
  }

  /** The channels of the period: visitors from the counts, submissions from the stored items, the most visited first. */
  private sources(counted: { source: string; medium: string; visitors: number }[], submissions: SubmissionRow[]): AnalyticsSource[] {
    const channels = new Map<string, AnalyticsSource>();
    const channel = (source: string, medium: string | null) => {
      const key = channelKey(source, medium);
      let found = channels.get(key);
      if (!found) channels.set(key, (found = { source, medium, visitors: 0, submissions: 0 }));
      return found;
    };
    for (const row of counted) channel(row.source, row.medium || null).visitors += row.visitors;
    // Submissions stored before attribution was kept have no source: no channel to show them under.
    for (const row of submissions) if (row.source !== null) channel(row.source, row.medium || null).submissions += row.submissions;
    return [...channels.values()]
      .sort((a, b) => b.visitors - a.visitors || b.submissions - a.submissions || a.source.localeCompare(b.source))
      .slice(0, ANALYTICS_TOP_MAX);
  }

  /** The funnel's rows of the export: per day, form and channel, the counted steps and the stored submissions. */
  private formDays(
    counted: { day: string; form: AnalyticsForm; source: string; medium: string; views: number; starts: number }[],
    submissions: SubmissionRow[],
  ) {
    const rows = new Map<string, CsvValue[]>();
    const row = (day: string, form: AnalyticsForm, source: string, medium: string) => {
      const key = `${day}\t${form}\t${channelKey(source, medium)}`;
      let found = rows.get(key);
      if (!found) rows.set(key, (found = ['Form', day, '', source, medium, ANALYTICS_FORM_LABELS[form], '', '', 0, 0, 0, hasGoal(form) ? 0 : '']));
      return found;
    };
    const add = (cells: CsvValue[], index: number, value: number) => (cells[index] = Number(cells[index]) + value);
    for (const item of counted) {
      const cells = row(item.day, item.form, item.source, item.medium);
      add(cells, 8, item.views);
      add(cells, 9, item.starts);
    }
    for (const item of submissions) {
      const cells = row(item.day, item.form, item.source ?? '', item.medium ?? '');
      add(cells, 10, item.submissions);
      if (hasGoal(item.form)) add(cells, 11, item.reached);
    }
    return [...rows.values()].sort((a, b) => String(a[1]).localeCompare(String(b[1])) || String(a[5]).localeCompare(String(b[5])));
  }
}
