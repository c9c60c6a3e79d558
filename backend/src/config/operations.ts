// Limits of the operations endpoints (metrics, readiness, overload): defaults here, env overrides in variables.ts.

/** Beyond this mean event-loop delay (per second sampled) requests are answered 503: each would wait that long. */
export const PRESSURE_MAX_EVENT_LOOP_DELAY_MS = 1000;
/** What an overloaded instance asks clients to wait before trying again. */
export const PRESSURE_RETRY_AFTER_SECONDS = 10;
/** How often the event-loop delay, heap and RSS are sampled for the overload check. */
export const PRESSURE_SAMPLE_INTERVAL_MS = 1000;
/** The database (and Redis) must answer /api/ready's check within this. */
export const READY_CHECK_TIMEOUT_MS = 2000;
/** What a starting, draining or cut-off instance asks its health checker to wait before asking again. */
export const NOT_READY_RETRY_AFTER_SECONDS = 5;
/** A database restart or failover takes seconds: a request it refused asks the client to come back this soon. */
export const DATABASE_AWAY_RETRY_AFTER_SECONDS = 5;
/** Retry-After of a 503 for a transaction PostgreSQL rolled back for another's sake (a deadlock): that one is done by then. */
export const DATABASE_CONFLICT_RETRY_AFTER_SECONDS = 1;
/** A shorter METRICS_TOKEN could be guessed. */
export const METRICS_TOKEN_MIN_LENGTH = 16;
/** An archive can be attacked offline, for as long as anyone likes: each guess costs scrypt's half second, no more. */
export const BACKUP_PASSPHRASE_MIN_LENGTH = 16;
/** Latency buckets of http_request_duration_seconds: an API answer takes milliseconds, an upload seconds. */
export const HTTP_DURATION_BUCKETS_SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
