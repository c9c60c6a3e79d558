import { LoggerService } from '@nestjs/common';
import pino, { Logger as PinoLogger } from 'pino';

/** One JSON logger for Nest's messages and Fastify's request logs (which carry the request id). */
export class JsonLogger implements LoggerService {
  readonly pino: PinoLogger;

  constructor(level: string) {
    this.pino = pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
  }

  log(message: unknown, context?: string) {
    this.pino.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.pino.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.pino.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.pino.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.pino.trace({ context }, String(message));
  }
}
