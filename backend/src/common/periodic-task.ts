import type { Logger } from '@nestjs/common';
import { loggableError } from './loggable-error';

export interface PeriodicTaskOptions {
  /** What the log calls a failed run: "<name> failed: <reason>". */
  name: string;
  /** From start() to the first run. */
  firstRunAfterMs: number;
  /** From the end of one run to the start of the next. */
  everyMs: number;
  run: () => Promise<unknown>;
}

/**
 * Background work of every instance on a timer (the retention purge, the resume sweep, the job expiry check). Runs
 * never overlap: the next one is scheduled when the previous one ends. A failed run is logged and the schedule goes
 * on. The timer never keeps the process alive, and stop() waits for a run in flight, so a shutdown does not close
 * the database under it.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly logger: Logger,
    private readonly options: PeriodicTaskOptions,
  ) {}

  start(): void {
    this.schedule(this.options.firstRunAfterMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.options
        .run()
        .then(
          () => undefined,
          (error: unknown) => this.logger.error(`${this.options.name} failed: ${loggableError(error)}`),
        )
        .finally(() => {
          this.running = undefined;
          this.schedule(this.options.everyMs);
        });
    }, delayMs);
    this.timer.unref();
  }
}
