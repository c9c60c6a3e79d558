import { MESSAGES } from '@brightwave/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './http-exception.filter';

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route runs (a path whose percent-encoding is
 * not UTF-8, such as `/api/leads/%C0%AF/status`, or a path parameter over its length limit). Without it Fastify
 * answers with a body of its own instead of the error envelope.
 */
export function answerFrameworkError(error: Error & { code?: string; statusCode?: number }, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? MESSAGES.urlTooLong : MESSAGES.malformedUrl;
  sendError(reply, error.statusCode && error.statusCode < 500 ? error.statusCode : 400, { success: false, message });
}
