export interface PollOptions {
  /** What is awaited, for the error when time runs out ("the code mail", "nginx on port 8088"). */
  what: string;
  timeoutMs?: number;
  intervalMs?: number;
}

// What a suite awaits (a mail, a port, a row) takes well under a second on a quiet machine; the deadline is for a
// busy 2-core CI machine, and only a failing wait ever reaches it.
const POLL_TIMEOUT_MS = 30_000;
const POLL_INTERVAL_MS = 100;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks `check` until it answers something truthy and answers that; every `intervalMs`, for at most `timeoutMs`, then
 * throws naming `what`. An error thrown by `check` (a process that exited, a refused answer) ends the wait at once.
 */
export async function pollUntil<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { what, timeoutMs = POLL_TIMEOUT_MS, intervalMs = POLL_INTERVAL_MS }: PollOptions,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() >= deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}
