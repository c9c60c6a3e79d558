import { LoggerService } from '@nestjs/common';
import pino, { Logger as PinoLogger } from 'pino';

/** One JSON logger for Nest's messages and the access log (which carries the request id). */
export class JsonLogger implements LoggerService {
  readonly pino: PinoLogger;

  constructor(level: string) {
    // Asynchronous destination: a log line never blocks the event loop on a write to stdout. pino writes what is
    // still buffered synchronously when the process exits (crash, process.exit, the SIGTERM drain's exit).
    this.pino = pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, pino.destination({ sync: false }));
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
