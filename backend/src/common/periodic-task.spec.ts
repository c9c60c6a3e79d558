import { Logger } from '@nestjs/common';
import { PeriodicTask } from './periodic-task';

describe(PeriodicTask.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const logger = () => {
    const errors: string[] = [];
    const log = new Logger('test');
    jest.spyOn(log, 'error').mockImplementation((message: unknown) => void errors.push(String(message)));
    return { log, errors };
  };

  it('runs first after its delay, then again each interval after the previous run ended, never two at once', async () => {
    const starts: number[] = [];
    let finish!: () => void;
    const task = new PeriodicTask(logger().log, {
      name: 'test task',
      firstRunAfterMs: 1000,
      everyMs: 5000,
      run: () => {
        starts.push(Date.now());
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    const startedAt = Date.now();
    task.start();
    await jest.advanceTimersByTimeAsync(999);
    expect(starts).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([startedAt + 1000]);
    // The run takes 20 s: no second one meanwhile.
    await jest.advanceTimersByTimeAsync(20_000);
    expect(starts).toHaveLength(1);
    finish();
    await jest.advanceTimersByTimeAsync(5000);
    expect(starts).toEqual([startedAt + 1000, startedAt + 26_000]);
    finish();
    await task.stop();
  });

  it('logs a failed run with its name and keeps the schedule', async () => {
    const { log, errors } = logger();
    let runs = 0;
    const task = new PeriodicTask(log, {
      name: 'test task',
      firstRunAfterMs: 0,
      everyMs: 1000,
      run: async () => {
        runs++;
        throw new Error('database away');
      },
    });
    task.start();
    await jest.advanceTimersByTimeAsync(2500);
    expect(runs).toBe(3);
    expect(errors[0]).toMatch(/^test task failed: .*database away/);
    await task.stop();
  });

  it('waits at stop for the run in flight and runs no more after it', async () => {
    let finish!: () => void;
    let runs = 0;
    let finished = false;
    const task = new PeriodicTask(logger().log, {
      name: 'test task',
      firstRunAfterMs: 0,
      everyMs: 1000,
      run: async () => {
        runs++;
        await new Promise<void>((resolve) => (finish = resolve));
        finished = true;
      },
    });
    task.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(100);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(finished).toBe(true);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(1);
  });
});
