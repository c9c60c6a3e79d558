import type { ApiSuccess } from '@brightwave/common';

/** The success envelope of every JSON answer; controllers declare which contract answer they return. */
export function ok<Fields extends object>(fields: Fields): ApiSuccess<Fields> {
  return { success: true, ...fields };
}

/** Ready-to-send JSON text of an answer of type `Answer` (the public lists are cached as text). */
export type JsonText<Answer> = string & { readonly __answer?: Answer };
