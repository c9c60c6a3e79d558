import type { Countable } from './collect-event';
import type { Marks } from './visitor-ledger';

/** Rows counted in memory since the last flush, at most (a flood of made-up paths); past it new rows are not counted. */
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
 * channels (visitors, views), forms per channel (views of the form's page, starts).
 */
export class PendingCounts {
  readonly days = new CountTable();
  readonly pages = new CountTable();
  readonly sources = new CountTable();
  readonly forms = new CountTable();
  private full = false;

  get size(): number {
    return this.days.size + this.pages.size + this.sources.size + this.forms.size;
  }

  get isEmpty(): boolean {
    return this.size === 0;
  }

  /** Whether a report was dropped for want of room since this batch began. */
  get overflowed(): boolean {
    return this.full;
  }

  /** Adds one report of `day`, with what the ledger says it adds in visitors and starts. */
  count(day: string, event: Countable, marks: Marks): void {
    const room = this.size < PENDING_ROWS_MAX;
    const one = (table: CountTable, keys: string[], counts: number[]) => {
      if (!table.add(keys, counts, room)) this.full = true;
    };
    // The channel the ledger says it counts under; a start of a visitor never seen today has none ('').
    const [source = '', medium = ''] = marks.channelKey?.split('\t') ?? [];
    if (event.kind === 'start') {
      if (marks.start) one(this.forms, [day, event.form, source, medium], [0, 1]);
      return;
    }
    one(this.days, [day], [Number(marks.visitor), 1]);
    one(this.pages, [day, event.path], [Number(marks.page), 1]);
    one(this.sources, [day, source, medium], [Number(marks.channel), 1]);
    if (event.form) one(this.forms, [day, event.form, source, medium], [1, 0]);
  }

  /** Adds the counts of a batch made since this one (a write of this one failed), within PENDING_ROWS_MAX rows. */
  merge(other: PendingCounts): void {
    const room = () => this.size < PENDING_ROWS_MAX;
    for (const table of ['days', 'pages', 'sources', 'forms'] as const) {
      if (!this[table].merge(other[table], room)) this.full = true;
    }
  }
}
