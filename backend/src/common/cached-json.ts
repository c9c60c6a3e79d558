import type { JsonBytes } from './answer';

/**
 * A public answer kept as ready-to-send JSON bytes for a short time: visitors' list calls then cost no database
 * query and no serialisation. A write on this instance clears it at once; other instances (several behind
 * nginx) show the change within the time to live.
 */
export class CachedJson<Answer> {
  private body: JsonBytes<Answer> | undefined;
  private expiresAt = 0;
  private loading: Promise<JsonBytes<Answer>> | undefined;
  /** Bumped by clear(), so a load that started before a write is not kept after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(load: () => Promise<Answer>): Promise<JsonBytes<Answer>> {
    if (this.body !== undefined && this.now() < this.expiresAt) return Promise.resolve(this.body);
    if (!this.loading) {
      const generation = this.generation;
      this.loading = load()
        .then((value) => {
          const body: JsonBytes<Answer> = Buffer.from(JSON.stringify(value));
          if (generation === this.generation) {
            this.body = body;
            this.expiresAt = this.now() + this.ttlMs;
          }
          return body;
        })
        .finally(() => {
          this.loading = undefined;
        });
    }
    return this.loading;
  }

  /** The cached answer while it is fresh; undefined when the next get() would load. */
  fresh(): JsonBytes<Answer> | undefined {
    return this.body !== undefined && this.now() < this.expiresAt ? this.body : undefined;
  }

  clear(): void {
    this.generation += 1;
    this.body = undefined;
    this.loading = undefined;
  }
}

/** How long a visitor may see a list that another instance has just changed. */
export const PUBLIC_LIST_TTL_MS = 5000;
