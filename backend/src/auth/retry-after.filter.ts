import { ArgumentsHost, Catch } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HttpExceptionFilter } from '../common/http-exception.filter';
import { RetryLaterError } from './retry-later.error';

/** Adds Retry-After to a RetryLaterError; the body is the usual error envelope. */
@Catch(RetryLaterError)
export class RetryAfterFilter extends HttpExceptionFilter {
  override catch(exception: RetryLaterError, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<FastifyReply>().header('Retry-After', String(exception.retryAfterSeconds));
    super.catch(exception, host);
  }
}
