import { MESSAGES } from '@brightwave/common';
import { HttpException, Logger, NotFoundException } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { DrizzleQueryError } from 'drizzle-orm';
import { DomainError } from './domain-error';
import { toErrorResponse } from './http-exception.filter';

describe(toErrorResponse.name, () => {
  const logger = new Logger('test');
  beforeEach(() => jest.spyOn(logger, 'error').mockImplementation(() => undefined));

  it('answers an unknown error with a generic 500 that carries no internals, and logs it', () => {
    const { status, body } = toErrorResponse(new Error('connection refused at db:5432'), logger);
    expect(status).toBe(500);
    expect(body).toEqual({ success: false, message: MESSAGES.internalError });
    expect(JSON.stringify(body)).not.toContain('5432');
    expect(logger.error).toHaveBeenCalled();
  });

  it('answers 503 with Retry-After, not 500, when the database is away (refused, shut down, connection lost)', () => {
    jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    jest.mocked(logger.error).mockClear();
    const shutDown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (const error of [
      new DrizzleQueryError('select 1', [], shutDown),
      new DrizzleQueryError('select 1', [], refused),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
    ]) {
      expect(toErrorResponse(error, logger)).toEqual({
        status: 503,
        body: { success: false, message: MESSAGES.serviceUnavailable },
        retryAfterSeconds: expect.any(Number),
      });
    }
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('answers 503 with Retry-After, not 500, when PostgreSQL rolled the transaction back for another (deadlock, serialization)', () => {
    jest
      .spyOn(logger, 'warn')
      .mockImplementation(() => undefined)
      .mockClear();
    jest.mocked(logger.error).mockClear();
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const serialization = Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' });
    for (const error of [new DrizzleQueryError('insert into "meetings" …', [], deadlock), new DrizzleQueryError('update "leads" …', [], serialization)]) {
      expect(toErrorResponse(error, logger)).toEqual({ status: 503, body: { success: false, message: MESSAGES.serviceUnavailable }, retryAfterSeconds: 1 });
    }
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('keeps the envelope of a DomainError, with its field errors', () => {
    const { status, body } = toErrorResponse(DomainError.invalid('Please provide your name', { name: 'Please provide your name' }), logger);
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, message: 'Please provide your name', errors: { name: 'Please provide your name' } });
  });

  it('words framework errors for a person', () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /api/x'), logger).body.message).toBe(MESSAGES.notFound);
    expect(toErrorResponse(new ThrottlerException(), logger)).toEqual({
      status: 429,
      body: { success: false, message: MESSAGES.rateLimited },
    });
    expect(toErrorResponse(new HttpException("Body is not valid JSON but content-type is set to 'application/json'", 400), logger).body.message).toBe(
      MESSAGES.malformedJson,
    );
  });
});
