// Errors that mean "the database is away" (restarting, failing over, unreachable), not "this request is wrong":
// the request may succeed a moment later, so it is answered 503, not 500.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down),
// 53300 too_many_connections; class 08 is every connection exception.
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
// node-postgres reports a lost or unobtainable connection with these texts and no code.
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool/,
];

/** True when the error, or any error it wraps (drizzle wraps the driver's), says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Duck-typed, not `instanceof Error`: errors made by Node's own modules may come from another realm (jest's vm).
  let current = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | null | undefined;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const { code, message, errors } = current;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // A connection to a name with several addresses fails with an AggregateError of each attempt.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = current.cause as typeof current;
  }
  return false;
}

// 40P01 deadlock_detected and 40001 serialization_failure: PostgreSQL rolled the transaction back for the sake of another
// running at the same moment, which is done a moment later; the same request then succeeds (or is refused for what it is).
const CONFLICT_SQLSTATES = new Set(['40P01', '40001']);

/**
 * True when the error, or one it wraps, is PostgreSQL ending the transaction for another's sake (a deadlock): answered
 * 503 with Retry-After, not 500. Paths that expect it handle it themselves (a booking tries again: retryingDeadlocks).
 */
export function isDatabaseConflict(error: unknown): boolean {
  let current = error as { code?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    if (typeof current.code === 'string' && CONFLICT_SQLSTATES.has(current.code)) return true;
    current = current.cause as typeof current;
  }
  return false;
}
