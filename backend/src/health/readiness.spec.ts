import { MESSAGES } from '@brightwave/common';
import { loadConfig } from '../config/app-config';
import { NOT_READY_RETRY_AFTER_SECONDS } from '../config/operations';
import type { Database } from '../database/database';
import { DomainError } from '../common/domain-error';
import { Readiness } from './readiness';

describe(Readiness.name, () => {
  // The phase is decided before the database is asked: a database that must never be reached.
  const unreachable = {
    execute: () => {
      throw new Error('the database must not be asked');
    },
  } as unknown as Database;
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), SITE_DIST_DIR: 'none', ADMIN_DIST_DIR: 'none' });

  it('is not ready while starting: 503 with the starting message until createApp says it has started', async () => {
    const readiness = new Readiness(unreachable, config);
    const error = await readiness.check().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'unavailable', message: MESSAGES.notReadyStarting, details: { retryAfterSeconds: NOT_READY_RETRY_AFTER_SECONDS } });
  });

  it('is not ready once shutdown has begun, even if it had started', async () => {
    const readiness = new Readiness(unreachable, config);
    readiness.started();
    readiness.onModuleDestroy();
    await expect(readiness.check()).rejects.toMatchObject({ code: 'unavailable', message: MESSAGES.notReadyDraining });
  });

  it('does not start again after shutdown has begun', async () => {
    const readiness = new Readiness(unreachable, config);
    readiness.onModuleDestroy();
    readiness.started();
    await expect(readiness.check()).rejects.toMatchObject({ message: MESSAGES.notReadyDraining });
  });
});
