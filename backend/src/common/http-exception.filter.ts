import { MESSAGES } from '@brightwave/common';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface ErrorBody {
  success: false;
  message: string;
  errors?: Record<string, string>;
}

const GENERIC_BY_STATUS: Partial<Record<number, string>> = {
  400: MESSAGES.validationFailed,
  401: MESSAGES.notAuthorized,
  403: MESSAGES.notAuthorized,
  404: MESSAGES.notFound,
  413: MESSAGES.bodyTooLarge,
  415: 'Please send the request as JSON',
  429: MESSAGES.rateLimited,
};

/** Turns any thrown value into the one error envelope; unknown errors are logged and answered as a generic 500. */
export function toErrorResponse(exception: unknown, logger: Logger): { status: number; body: ErrorBody } {
  if (exception instanceof ThrottlerException) {
    return { status: HttpStatus.TOO_MANY_REQUESTS, body: { success: false, message: MESSAGES.rateLimited } };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'object' && response !== null && (response as ErrorBody).success === false) {
      return { status, body: response as ErrorBody };
    }
    // Nest re-raises Fastify's body-parsing errors as a plain HttpException carrying Fastify's text.
    if (status === HttpStatus.BAD_REQUEST && /JSON/i.test(exception.message)) {
      return { status, body: { success: false, message: MESSAGES.malformedJson } };
    }
    return { status, body: { success: false, message: GENERIC_BY_STATUS[status] ?? exception.message } };
  }
  logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { success: false, message: MESSAGES.internalError } };
}

@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const { status, body } = toErrorResponse(exception, this.logger);
    if (status >= 500) this.logger.error(`request ${request.id} failed with ${status}`);
    reply.status(status).send(body);
  }
}
