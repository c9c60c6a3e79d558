import type { BookingSlot } from '@brightwave/common';

/**
 * What went wrong, in the words of the domain. Services throw these and know nothing of HTTP; the one exception
 * filter maps each code to a status (http-exception.filter.ts), and the admin CLI reads the message.
 */
export type ErrorCode = 'invalid' | 'unauthorized' | 'forbidden' | 'not-found' | 'gone' | 'conflict' | 'rate-limited' | 'unavailable';

export interface DomainErrorDetails {
  /** A message per field, for forms. */
  errors?: Record<string, string>;
  /** A booking refused because its time is not free: the free slots to offer instead (ApiFailure.slots). */
  slots?: BookingSlot[];
  /** When the same request may succeed: sent as Retry-After. */
  retryAfterSeconds?: number;
}

/** An error whose message is meant for the person who made the request. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static invalid(message: string, errors?: Record<string, string>): DomainError {
    return new DomainError('invalid', message, { errors });
  }

  static unauthorized(message: string): DomainError {
    return new DomainError('unauthorized', message);
  }

  static forbidden(message: string): DomainError {
    return new DomainError('forbidden', message);
  }

  static notFound(message: string): DomainError {
    return new DomainError('not-found', message);
  }

  /** No longer there: a retired endpoint (the message names the one to call instead), an expired link. */
  static gone(message: string): DomainError {
    return new DomainError('gone', message);
  }

  static conflict(message: string, errors?: Record<string, string>): DomainError {
    return new DomainError('conflict', message, { errors });
  }

  /** A booking whose time is not free (409), with the free slots to offer instead. */
  static slotTaken(message: string, slots: BookingSlot[]): DomainError {
    return new DomainError('conflict', message, { slots });
  }

  static rateLimited(message: string, retryAfterSeconds: number): DomainError {
    return new DomainError('rate-limited', message, { retryAfterSeconds });
  }

  static unavailable(message: string, retryAfterSeconds?: number): DomainError {
    return new DomainError('unavailable', message, { retryAfterSeconds });
  }
}
