import { ANALYTICS_CHANNELS_PER_DAY_MAX } from '@brightwave/common';
import type { Countable } from './collect-event';
import { OTHER_CHANNEL, tallyOf } from './visitor-ledger';

/** Rows counted in memory since the last flush, at most (days of a database outage); past it new rows are not counted. */
export const PENDING_ROWS_MAX = 50_000;

/** Counts of one table (each row the same number of them), added up by key until they are written. */
export class CountTable {
  private readonly entries = new Map<string, { keys: string[]; counts: number[] }>();

  get size(): number {
    return this.entries.size;
  }

  /** Adds `counts` to the row of `keys`; false when the row is new and there is no room for it. */
  add(keys: string[], counts: number[], room: boolean): boolean {
    const id = keys.join('\u0000');
    const entry = this.entries.get(id);
    if (entry) {
      counts.forEach((count, index) => (entry.counts[index] = (entry.counts[index] ?? 0) + count));
      return true;
    }
    if (!room) return false;
    this.entries.set(id, { keys, counts: [...counts] });
    return true;
  }

  rows(): { keys: string[]; counts: number[] }[] {
    return [...this.entries.values()];
  }

  /** Adds another table's counts to these, its new rows while `room()`; answers whether all found room. */
  merge(other: CountTable, room: () => boolean): boolean {
    let all = true;
    for (const row of other.rows()) all = this.add(row.keys, row.counts, room()) && all;
    return all;
  }
}

/**
 * What an instance counted since its last flush, per table of the database: days (visitors, views), pages and
 * channels (visitors, views), forms per channel (views of the form's page, starts), screen classes per page (views).
 * Views are counted report by report; visitors and starts are what the ledger's tallies gained (`tallies`, claimed
 * before each write). At most ANALYTICS_CHANNELS_PER_DAY_MAX channels a day have rows of their own, the others are
 * added up as OTHER_CHANNEL.
 */
export class PendingCounts {
  readonly days = new CountTable();
  readonly pages = new CountTable();
  readonly sources = new CountTable();
  readonly forms = new CountTable();
  readonly screens = new CountTable();
  /** The ledger's tallies that reports of this batch added to, to be claimed before it is written. */
  readonly tallies = new Set<string>();
  /** The channels with rows, per day. */
  private readonly channels = new Map<string, Set<string>>();
  private full = false;

  get size(): number {
    return this.days.size + this.pages.size + this.sources.size + this.forms.size + this.screens.size;
  }

  get isEmpty(): boolean {
    return this.size === 0 && this.tallies.size === 0;
  }

  /** Whether a report was dropped for want of room since this batch began. */
  get overflowed(): boolean {
    return this.full;
  }

  /** Adds one report of `day`, counted under `channel` (what the ledger answered: undefined for a start of a visitor never seen today). */
  count(day: string, event: Countable, channel: string | undefined): void {
    if (event.kind === 'start') {
      this.tallies.add(tallyOf.starts(day, event.form, channel));
      return;
    }
    const kept = channel ?? OTHER_CHANNEL;
    this.tallies.add(tallyOf.site(day)).add(tallyOf.page(day, event.path)).add(tallyOf.channel(day, kept));
    const [source = '', medium = ''] = this.channelOf(day, kept).split('\t');
    this.one(this.days, [day], [0, 1]);
    this.one(this.pages, [day, event.path], [0, 1]);
    this.one(this.sources, [day, source, medium], [0, 1]);
    if (event.form) this.one(this.forms, [day, event.form, source, medium], [1, 0]);
    this.one(this.screens, [day, event.path, event.screen], [1]);
  }

  /** Adds what the ledger's tallies gained (VisitorLedger.claim) to the rows they count: visitors, or a form's starts. */
  addVisitors(gained: Map<string, number>): void {
    for (const [tally, count] of gained) {
      const day = tally.slice(0, 10);
      const [kind, ...rest] = tally.slice(10).split('\t');
      if (kind === 'd') this.one(this.days, [day], [count, 0]);
      else if (kind === 'p') this.one(this.pages, [day, rest.join('\t')], [count, 0]);
      else if (kind === 'c') this.one(this.sources, [day, ...this.channelOf(day, rest.join('\t')).split('\t')], [count, 0]);
      else if (kind === 's') {
        const [form = '', ...channel] = rest;
        const [source = '', medium = ''] = channel.join('\t') === '' ? [] : this.channelOf(day, channel.join('\t')).split('\t');
        this.one(this.forms, [day, form, source, medium], [0, count]);
      }
    }
    this.tallies.clear();
  }

  /** Adds the counts of a batch made since this one (a write of this one failed), within PENDING_ROWS_MAX rows. */
  merge(other: PendingCounts): void {
    const room = () => this.size < PENDING_ROWS_MAX;
    for (const table of ['days', 'pages', 'screens'] as const) {
      if (!this[table].merge(other[table], room)) this.full = true;
    }
    // Rows of channels through this batch's bound: the two batches may each have had their own first channels.
    for (const { keys, counts } of other.sources.rows()) {
      const [day = '', source = '', medium = ''] = keys;
      this.one(this.sources, [day, ...this.channelOf(day, `${source}\t${medium}`).split('\t')], counts);
    }
    for (const { keys, counts } of other.forms.rows()) {
      const [day = '', form = '', source = '', medium = ''] = keys;
      const channel = source === '' && medium === '' ? ['', ''] : this.channelOf(day, `${source}\t${medium}`).split('\t');
      this.one(this.forms, [day, form, ...channel], counts);
    }
    for (const tally of other.tallies) this.tallies.add(tally);
  }

  private one(table: CountTable, keys: string[], counts: number[]): void {
    if (!table.add(keys, counts, this.size < PENDING_ROWS_MAX)) this.full = true;
  }

  /** The channel a row of `day` is kept under: one of the day's first ANALYTICS_CHANNELS_PER_DAY_MAX here, else OTHER_CHANNEL. */
  private channelOf(day: string, channel: string): string {
    let channels = this.channels.get(day);
    if (!channels) this.channels.set(day, (channels = new Set()));
    if (channels.has(channel)) return channel;
    const kept = channels.size < ANALYTICS_CHANNELS_PER_DAY_MAX ? channel : OTHER_CHANNEL;
    channels.add(kept);
    return kept;
  }
}
