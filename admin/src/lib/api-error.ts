// The one reader of a failed call's answer in the admin: RTK Query hands a refusal over as `{ status, data }`, and
// `data` is the API's failure envelope (parseApiFailure, packages/common), read here and nowhere else.
import { parseApiFailure, type ParsedFailure } from '@brightwave/common';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

const failureOf = (error: unknown): ParsedFailure => parseApiFailure((error as FetchBaseQueryError | undefined)?.data);

/** The server's `message` when the failure carries one, else the spec's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return failureOf(error).message ?? fallback;
}

/**
 * The server's errors by field of a refused form (a 400's `errors`: `{ subject, body }`, or paths such as
 * "offer.cards.2.title"); empty when the failure names no field (a 409, a network failure).
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return failureOf(error).errors;
}

/** SPEC §8: some failures are only logged, with no message for the user. */
export function logFailure(what: string, error: unknown): void {
  console.error(`[admin] ${what}`, error as FetchBaseQueryError | SerializedError);
}
