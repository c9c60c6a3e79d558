import { DrizzleQueryError } from 'drizzle-orm';

/**
 * The text of an error for the log. A failed query's message lists its parameters, which are visitors' and
 * applicants' data (names, e-mails, messages): the log gets the statement, the driver's reason and the stack only.
 */
export function loggableError(error: unknown): string {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause as { message?: unknown; code?: unknown } | undefined;
    const reason = cause ? `${String(cause.message)}${cause.code ? ` (${String(cause.code)})` : ''}` : 'no reason given';
    const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
    return [`Failed query: ${error.query}`, `reason: ${reason}`, ...frames].join('\n');
  }
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}
