// Production defaults of the periods the configuration can shorten (variables.ts defines their variables): the tests
// run them short instead of waiting them out.

/** A claimed outbox row is taken again by any instance after this, if its sender died (OUTBOX_LEASE_SECONDS). */
export const OUTBOX_LEASE_SECONDS = 60;
/** The first retry of a message that could not be sent; each next one waits twice as long (OUTBOX_FIRST_RETRY_SECONDS). */
export const OUTBOX_FIRST_RETRY_SECONDS = 15;
/** How long the rest of a refused request's body is still read after its answer, at most (REFUSED_BODY_READ_SECONDS). */
export const REFUSED_BODY_READ_SECONDS = 10;
/** Between two rounds of the retention purge (RETENTION_PURGE_INTERVAL_HOURS). */
export const RETENTION_PURGE_INTERVAL_HOURS = 24;
/** How often every instance looks for scheduled content publishes that are due (CONTENT_SCHEDULE_POLL_SECONDS). */
export const CONTENT_SCHEDULE_POLL_SECONDS = 10;
/** How often every instance looks for follow-ups that came due, to remind their owner (FOLLOW_UP_REMINDER_POLL_SECONDS). */
export const FOLLOW_UP_REMINDER_POLL_SECONDS = 30;
/** How often each instance writes the site analytics it counted in memory (ANALYTICS_FLUSH_SECONDS). */
export const ANALYTICS_FLUSH_SECONDS = 5;
