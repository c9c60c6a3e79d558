// The failure every 4xx and 5xx answer carries (ApiFailure, contract.ts: `{ success: false, message, errors? }`), read
// in one place for both apps: the site's forms take its message, the admin's forms its message and its field errors.

/** What a failure says: its message when it has one a person can read, and its errors by field (none when it names none). */
export interface ParsedFailure {
  message: string | undefined;
  errors: Record<string, string>;
}

/**
 * Reads an answer's body as the failure envelope. Anything else (an HTML page from a proxy, no body at all) says
 * nothing, and a blank message or a field error that is not text counts as none: the caller then shows its fallback.
 */
export function parseApiFailure(body: unknown): ParsedFailure {
  if (!isObject(body)) return { message: undefined, errors: {} };
  const message = isText(body.message) ? body.message : undefined;
  const errors: Record<string, string> = {};
  if (isObject(body.errors)) {
    for (const [field, error] of Object.entries(body.errors)) if (isText(error)) errors[field] = error;
  }
  return { message, errors };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
