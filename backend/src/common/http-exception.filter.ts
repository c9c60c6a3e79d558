import { DATABASE_AWAY_RETRY_AFTER_SECONDS, DATABASE_CONFLICT_RETRY_AFTER_SECONDS } from '../config/operations';
import { MESSAGES, type ApiFailure } from '@brightwave/common';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseConflict, isDatabaseUnavailable } from '../database/connection-errors';
import { loggableError } from './loggable-error';
import { DomainError, type ErrorCode } from './domain-error';
import { tooLargeMessageOf } from './multipart-upload';

/** Sends the error envelope: the one place that writes an error answer and its Retry-After. */
export function sendError(reply: FastifyReply, status: number, body: ApiFailure, retryAfterSeconds?: number): FastifyReply {
  if (retryAfterSeconds !== undefined) reply.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return reply.status(status).send(body);
}

const GENERIC_BY_STATUS: Partial<Record<number, string>> = {
  400: MESSAGES.validationFailed,
  401: MESSAGES.notAuthorized,
  403: MESSAGES.notAuthorized,
  404: MESSAGES.notFound,
  413: MESSAGES.bodyTooLarge,
  415: MESSAGES.unsupportedMediaType,
  429: MESSAGES.rateLimited,
};

/** The one place where the domain's error codes become HTTP statuses. */
export const STATUS_BY_CODE: Record<ErrorCode, HttpStatus> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthorized: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  'not-found': HttpStatus.NOT_FOUND,
  gone: HttpStatus.GONE,
  conflict: HttpStatus.CONFLICT,
  'rate-limited': HttpStatus.TOO_MANY_REQUESTS,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
};

/** Turns any thrown value into the one error envelope; unknown errors are logged and answered as a generic 500. */
export function toErrorResponse(exception: unknown, logger: Logger): { status: number; body: ApiFailure; retryAfterSeconds?: number } {
  if (exception instanceof DomainError) {
    const { errors, slots } = exception.details;
    const body: ApiFailure = { success: false, message: exception.message, ...(errors ? { errors } : {}), ...(slots ? { slots } : {}) };
    return { status: STATUS_BY_CODE[exception.code], body };
  }
  if (exception instanceof ThrottlerException) {
    return { status: HttpStatus.TOO_MANY_REQUESTS, body: { success: false, message: MESSAGES.rateLimited } };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'object' && response !== null && (response as ApiFailure).success === false) {
      return { status, body: response as ApiFailure };
    }
    // Nest re-raises Fastify's body-parsing errors as a plain HttpException carrying Fastify's text.
    if (status === HttpStatus.BAD_REQUEST && /JSON/i.test(exception.message)) {
      return { status, body: { success: false, message: MESSAGES.malformedJson } };
    }
    return { status, body: { success: false, message: GENERIC_BY_STATUS[status] ?? exception.message } };
  }
  if (isDatabaseUnavailable(exception)) {
    logger.warn(`database unavailable: ${loggableError(exception).split('\n').slice(0, 2).join(' ')}`);
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      body: { success: false, message: MESSAGES.serviceUnavailable },
      retryAfterSeconds: DATABASE_AWAY_RETRY_AFTER_SECONDS,
    };
  }
  if (isDatabaseConflict(exception)) {
    logger.warn(`transaction rolled back for another's sake: ${loggableError(exception).split('\n').slice(0, 2).join(' ')}`);
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      body: { success: false, message: MESSAGES.serviceUnavailable },
      retryAfterSeconds: DATABASE_CONFLICT_RETRY_AFTER_SECONDS,
    };
  }
  logger.error(loggableError(exception));
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { success: false, message: MESSAGES.internalError } };
}

@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const { status, body, retryAfterSeconds } = toErrorResponse(exception, this.logger);
    // A route that takes a file says what its limit is (the picture upload).
    if (status === HttpStatus.PAYLOAD_TOO_LARGE) body.message = tooLargeMessageOf(request) ?? body.message;
    if (status >= 500) this.logger.error(`request ${request.id} failed with ${status}`);
    sendError(reply, status, body, exception instanceof DomainError ? exception.details.retryAfterSeconds : retryAfterSeconds);
  }
}
