import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** The server's `message` when the failure carries one, else the spec's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as FetchBaseQueryError | undefined)?.data;
  if (data && typeof data === 'object' && 'message' in data) {
    const message = (data as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}

/** SPEC §8: some failures are only logged, with no message for the user. */
export function logFailure(what: string, error: unknown): void {
  console.error(`[admin] ${what}`, error as FetchBaseQueryError | SerializedError);
}
