/**
 * A value read from the database and kept for a short time, so busy callers (visitors' list calls, every form's
 * notification routes) cost no query. Concurrent callers share one load; a write on this instance replaces or clears
 * the value at once, and other instances (several behind nginx) see the change within the time to live.
 */
export class TtlCache<Value> {
  private entry: { value: Value; expiresAt: number } | undefined;
  private loading: Promise<Value> | undefined;
  /** Bumped by every write, so a load that started before it is not kept after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value while it is fresh, else what `load` answers (one load at a time, shared). */
  get(load: () => Promise<Value>): Promise<Value> {
    const fresh = this.fresh();
    if (fresh !== undefined) return Promise.resolve(fresh);
    if (!this.loading) {
      const generation = this.generation;
      this.loading = load()
        .then((value) => {
          if (generation === this.generation) this.entry = { value, expiresAt: this.now() + this.ttlMs };
          return value;
        })
        .finally(() => {
          if (generation === this.generation) this.loading = undefined;
        });
    }
    return this.loading;
  }

  /** Loads again now, whatever the age of the value (a screen that must show what is stored). */
  refresh(load: () => Promise<Value>): Promise<Value> {
    this.clear();
    return this.get(load);
  }

  /** The value while it is fresh; undefined when the next get() would load. */
  fresh(): Value | undefined {
    return this.entry !== undefined && this.now() < this.entry.expiresAt ? this.entry.value : undefined;
  }

  /** The value just written on this instance. */
  set(value: Value): void {
    this.clear();
    this.entry = { value, expiresAt: this.now() + this.ttlMs };
  }

  clear(): void {
    this.generation += 1;
    this.entry = undefined;
    this.loading = undefined;
  }
}

/** How long a visitor may see a public list (jobs, portfolio) that another instance has just changed. */
export const PUBLIC_LIST_TTL_MS = 5000;
