// PostgreSQL pass: the server stopped and started under a running app.
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@brightwave/common';
import { Client } from 'pg';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, TestApp, describeOnPostgres } from './support/test-app';

/**
 * A TCP relay between the app and PostgreSQL: cutting it is the server going away (every connection reset, new
 * ones refused), opening it again is the server coming back, on the same port as after a restart.
 */
class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const [socket, peer] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(socket);
        // A side that fails (a reset, not only an end) closes the other, as the server's own socket would.
        socket.on('close', () => {
          this.sockets.delete(socket);
          peer.destroy();
        });
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

// Only a PostgreSQL server can go away; PGlite runs inside the process.
describeOnPostgres('PostgreSQL away', () => {
  const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `bw_away_${randomBytes(6).toString('hex')}`;
  const relay = new Relay({ host: serverUrl.hostname, port: Number(serverUrl.port || 5432) });
  const lead = (i: number) => ({ name: 'Away Test', email: `away-${i}@example.test`, service: 'web', message: 'Sent while the database restarts.' });
  let t: TestApp;
  let token: string;

  const onServer = async (sql: string, database = 'postgres') => {
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    const client = new Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await onServer(`CREATE DATABASE ${name}`);
    await relay.open();
    const url = new URL(serverUrl);
    url.port = String(relay.port);
    url.pathname = `/${name}`;
    t = await createTestApp({ DATABASE_URL: url.toString() });
    token = await loginAsAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await relay.cut();
    await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('answers 503 with a message (never 500) while the database is away, and serves again once it is back by itself', async () => {
    await relay.cut();
    const refused = await t.http.post('/api/leads').send(lead(0));
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ success: false, message: MESSAGES.serviceUnavailable });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.http.get('/api/leads').set({ Authorization: `Bearer ${token}` })).status).toBe(503);

    await relay.open();
    const stored = await t.http.post('/api/leads').send(lead(1)).expect(201);
    const rows = await onServer(`SELECT email FROM leads WHERE id = '${stored.body.data._id}'`, name);
    expect(rows).toEqual([{ email: 'away-1@example.test' }]);
  });

  it('keeps every acknowledged lead when the database goes away in the middle of a stream, and answers the rest 503', async () => {
    // 40 at once through a pool of 10 connections: when the 10th answer arrives, the rest are still waiting.
    let answered = 0;
    let cutting: Promise<void> | undefined;
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const i = index + 100;
        const response = await t.http.post('/api/leads').send(lead(i));
        if (++answered === 10) cutting = relay.cut();
        return { i, status: response.status, id: response.body?.data?._id as string | undefined };
      }),
    );
    await cutting;
    await relay.open();
    expect(answers.filter((answer) => ![201, 503].includes(answer.status))).toEqual([]);
    expect(answers.some((answer) => answer.status === 503)).toBe(true);
    const acknowledged = answers.filter((answer) => answer.status === 201).map((answer) => answer.id);
    const stored = await onServer(`SELECT id::text AS id FROM leads WHERE email LIKE 'away-1__@example.test'`, name);
    expect(stored.map((row) => row.id).sort()).toEqual(expect.arrayContaining([...acknowledged].sort()));
    await t.http
      .get('/api/leads')
      .set({ Authorization: `Bearer ${token}` })
      .expect(200);
  });

  it('survives connections closed by the server inside a transaction (pg_terminate_backend under writes)', async () => {
    const writes = Array.from({ length: 30 }, (_, i) =>
      t.http
        .patch(`/api/leads/${'0'.repeat(8)}-0000-4000-8000-${String(i).padStart(12, '0')}/status`)
        .set({ Authorization: `Bearer ${token}` })
        .send({ status: 'contacted' }),
    );
    const killing = onServer(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
    const statuses = (await Promise.all([...writes.map((write) => write.then((response) => response.status)), killing.then(() => 0)])).filter(Boolean);
    expect(statuses.filter((status) => ![404, 503].includes(status))).toEqual([]);
    await t.http.get('/api/health').expect(200);
    await t.http.post('/api/leads').send(lead(999)).expect(201);
  });
});
