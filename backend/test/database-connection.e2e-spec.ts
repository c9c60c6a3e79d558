// PostgreSQL pass: connections to a server: refused, dropped, reconnected.
import { Client } from 'pg';
import { createTestApp, TestApp, describeOnPostgres } from './support/test-app';

// Only a PostgreSQL server can close our connections; PGlite runs inside the process.
describeOnPostgres('PostgreSQL connections', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps serving when the server closes the idle connections (restart, failover)', async () => {
    await t.http.get('/api/ready').expect(200);
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const database = new URL(t.config.database.url as string).pathname.slice(1);
      const closed = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]);
      expect(closed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Let the closed connections report their error to the pool before the next request.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await t.http.get('/api/ready').expect(200);
  });
});
