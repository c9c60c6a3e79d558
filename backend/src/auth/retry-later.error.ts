import { HttpStatus } from '@nestjs/common';
import { ApiError } from '../common/api-error';

/** A 429 that tells the client when to try again (answered with a Retry-After header). */
export class RetryLaterError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(HttpStatus.TOO_MANY_REQUESTS, message);
  }
}
