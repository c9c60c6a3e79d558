// A clock for tests of expiries: only Date is faked, and moved by hand (jest.setSystemTime). The server's clock, the
// JWT library and the TOTP checks read it, while timers, I/O and the database's waits run for real.

/** Everything jest could fake but Date. */
const REAL_TIMERS = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

/** Fakes Date alone, starting at `now` (jest.useRealTimers() ends it). */
export function fakeOnlyDate(now: number | Date = Date.now()): void {
  jest.useFakeTimers({ now, doNotFake: [...REAL_TIMERS] });
}
