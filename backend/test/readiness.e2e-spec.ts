// PostgreSQL pass: the server cut off (connections refused and ended) and back.
import type { PGlite } from '@electric-sql/pglite';
import { MESSAGES } from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { Client } from 'pg';
import { NOT_READY_RETRY_AFTER_SECONDS, PRESSURE_RETRY_AFTER_SECONDS } from '../src/config/operations';
import { DATABASE, type Database } from '../src/database/database';
import { Readiness } from '../src/health/readiness';
import { createTestApp, TEST_DATABASE_KIND, TestApp } from './support/test-app';

/** Runs one statement as the server's superuser (TEST_DATABASE_URL). */
async function asSuperuser(statement: string, params: unknown[] = []): Promise<void> {
  const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement, params);
  } finally {
    await admin.end();
  }
}

/** For pollUntil: the answer of `call` once it has `status`. */
function answering<T extends { status: number }>(status: number, call: () => Promise<T>): () => Promise<T | false> {
  return async () => {
    const answer = await call();
    return answer.status === status && answer;
  };
}

describe('GET /api/health (liveness) and GET /api/ready (readiness)', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Redis configured where nothing listens (a port of this suite's range).
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:3449' });
  });
  afterAll(() => t.close());

  it('answers liveness without asking the database, never cached', async () => {
    const response = await t.http.get('/api/health').expect(200);
    expect(response.body).toEqual({ success: true, status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers ready once started while the database answers, and says Redis is down without being unready', async () => {
    // Without Redis the rate limits count per instance; everything else works.
    const response = await t.http.get('/api/ready').expect(200);
    expect(response.body).toEqual({ success: true, status: 'ready', redis: 'down' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('does not serve /metrics at all without METRICS_PORT or METRICS_TOKEN', async () => {
    const response = await t.http.get('/metrics').expect(404);
    expect(response.body.success).toBe(false);
  });

  it(`answers 503 with Retry-After while the database is cut off, and stays alive (${TEST_DATABASE_KIND})`, async () => {
    const expectCutOff = async () => {
      const response = await t.http.get('/api/ready').expect(503);
      expect(response.body).toEqual({ success: false, message: MESSAGES.databaseUnreachable });
      expect(response.headers['retry-after']).toBe(String(NOT_READY_RETRY_AFTER_SECONDS));
      await t.http.get('/api/health').expect(200);
    };
    if (TEST_DATABASE_KIND === 'postgres') {
      // New connections refused and the open ones ended: what an unreachable server looks like to the pool.
      const database = new URL(t.config.database.url as string).pathname.slice(1);
      await asSuperuser(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
      await asSuperuser('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]);
      await expectCutOff();
      await asSuperuser(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
      const back = await pollUntil(
        answering(200, () => t.http.get('/api/ready')),
        { what: 'ready again' },
      );
      expect(back.body).toEqual({ success: true, status: 'ready', redis: 'down' });
    } else {
      // PGlite runs one statement at a time: a transaction that does not end holds every other statement back,
      // so the check's timeout (READY_CHECK_TIMEOUT_MS) runs out, as with a server that does not answer.
      const client = (t.app.get<symbol, Database>(DATABASE) as unknown as { $client: PGlite }).$client;
      let release = () => {};
      const held = client.transaction(() => new Promise<void>((resolve) => (release = resolve)));
      try {
        await expectCutOff();
      } finally {
        release();
        await held;
      }
      await t.http.get('/api/ready').expect(200);
    }
  });

  it('answers 503 once shutdown has begun (SIGTERM: Nest runs the destroy hooks before the server stops)', async () => {
    t.app.get(Readiness).onModuleDestroy();
    const response = await t.http.get('/api/ready').expect(503);
    expect(response.body).toEqual({ success: false, message: MESSAGES.notReadyDraining });
    expect(response.headers['retry-after']).toBe(String(NOT_READY_RETRY_AFTER_SECONDS));
  });
});

describe('overload (@fastify/under-pressure)', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Any process uses more than 1 MB of heap: from the first sample on, the instance is overloaded.
    t = await createTestApp({ PRESSURE_MAX_HEAP_MB: '1' });
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After in the error envelope instead of queueing, and is not ready', async () => {
    const response = await pollUntil(
      answering(503, () => t.http.get('/api/jobs')),
      { what: 'overload' },
    );
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ success: false, message: MESSAGES.overloaded });
    expect(response.headers['retry-after']).toBe(String(PRESSURE_RETRY_AFTER_SECONDS));
    const ready = await t.http.get('/api/ready').expect(503);
    expect(ready.body).toEqual({ success: false, message: MESSAGES.overloaded });
  });

  it('still answers liveness: an overloaded process is not a dead one', async () => {
    await pollUntil(
      answering(503, () => t.http.get('/api/ready')),
      { what: 'not ready under overload' },
    );
    const response = await t.http.get('/api/health').expect(200);
    expect(response.body).toEqual({ success: true, status: 'ok' });
  });
});
