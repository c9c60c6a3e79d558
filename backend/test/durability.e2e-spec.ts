import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pollUntil } from '@brightwave/testing';
import { startBuiltServer, waitUntilHealthy } from './support/built-server';
import { freePort } from './support/free-port';

// Runs the built server as a separate process, to kill it for real.
let PORT = 0;
let base = '';
// The outbox lease, short instead of the production 60 s (OUTBOX_LEASE_SECONDS), so the test need not wait it out.
const LEASE_MS = 5_000;

const start = (dataDir: string) =>
  startBuiltServer({
    port: PORT,
    dataDir,
    stdout: 'ignore',
    env: { LOG_LEVEL: 'error', RATE_LIMIT_PUBLIC_PER_MINUTE: '1000', NOTIFY_TO: 'staff@brightwave.test', OUTBOX_LEASE_SECONDS: String(LEASE_MS / 1000) },
  });

const exited = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));

describe('A crash loses nothing that was acknowledged (embedded database)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-crash-'));
  let server: ChildProcess | undefined;
  beforeAll(async () => {
    PORT = await freePort();
    base = `http://127.0.0.1:${PORT}`;
  });
  afterEach(() => server?.kill('SIGKILL'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every lead answered with 201, and sends its staff notification, through a kill -9, a restart and a SIGTERM shutdown', async () => {
    server = start(dataDir);
    await waitUntilHealthy(base, server);
    const acknowledged: string[] = [];
    for (let index = 0; index < 20; index++) {
      const response = await fetch(`${base}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Lead ${index}`, email: 'lead@example.com', service: 'web', message: 'Hello' }),
      });
      expect(response.status).toBe(201);
      acknowledged.push(((await response.json()) as { data: { _id: string } }).data._id);
    }
    server.kill('SIGKILL');
    await exited(server);
    const killedAt = Date.now();

    server = start(dataDir);
    await waitUntilHealthy(base, server);
    // Every lead's staff notification (the outbox row written with it) goes out after the restart: at least once each.
    // A row the killed process had claimed is taken again when its lease (LEASE_MS) runs out. Its mail may
    // already be in the outbox folder (sent, then killed before the row was marked), so the wait also covers the
    // lease and a few idle polls: after that the row has been claimed again, and SIGTERM lets that send finish.
    const leaseOverAt = killedAt + LEASE_MS + 5_000;
    const outbox = path.join(dataDir, 'outbox');
    const notificationIds = () =>
      new Set(
        (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
          .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
          .filter((mail) => mail.includes('Subject: New quote request'))
          .map((mail) => /^Message-ID: (.*)$/im.exec(mail)?.[1]),
      );
    const done = () => notificationIds().size === acknowledged.length && Date.now() > leaseOverAt;
    await pollUntil(done, { what: 'every notification once the lease is over', timeoutMs: LEASE_MS + 60_000, intervalMs: 200 });
    // No admin exists in this data folder, so read the rows through a fresh PGlite on the same files
    // after a clean shutdown (SIGTERM closes the database).
    server.kill('SIGTERM');
    await exited(server);

    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(path.join(dataDir, 'db'));
    const { rows } = await db.query<{ id: string }>('select id from leads');
    const deliveries = await db.query<{ subject_id: string; status: string; id: string }>('select id, subject_id, status from deliveries');
    await db.close();
    expect(rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
    expect(deliveries.rows.map((row) => row.subject_id).sort()).toEqual([...acknowledged].sort());
    expect(deliveries.rows.every((row) => row.status === 'sent')).toBe(true);
    expect(notificationIds()).toEqual(new Set(deliveries.rows.map((row) => `<${row.id}@brightwave.outbox>`)));
  }, 240_000);
});
