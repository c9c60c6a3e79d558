import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// Runs the built server (npm test builds before testing) as a separate process, to kill it for real.
const mainJs = path.resolve(__dirname, '..', 'dist', 'main.js');
let PORT = 0;
let base = '';

/** A port nothing listens on, so a stray server from another run cannot answer for ours. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function start(dataDir: string): ChildProcess {
  return spawn(process.execPath, [mainJs], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      SITE_DIST_DIR: 'none',
      ADMIN_DIST_DIR: 'none',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
    },
  });
}

async function waitUntilHealthy(): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy');
}

const exited = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));

describe('A crash loses nothing that was acknowledged (embedded database)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-crash-'));
  let server: ChildProcess | undefined;
  beforeAll(async () => {
    if (!fs.existsSync(mainJs)) throw new Error('Build the backend first (npm run build -w @brightwave/backend)');
    PORT = await freePort();
    base = `http://127.0.0.1:${PORT}`;
  });
  afterEach(() => server?.kill('SIGKILL'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every lead answered with 201 after kill -9 and a restart, and drains on SIGTERM', async () => {
    server = start(dataDir);
    await waitUntilHealthy();
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

    server = start(dataDir);
    await waitUntilHealthy();
    // No admin exists in this data folder, so read the rows through a fresh PGlite on the same files
    // after a clean shutdown (SIGTERM closes the database).
    server.kill('SIGTERM');
    await exited(server);

    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(path.join(dataDir, 'db'));
    const { rows } = await db.query<{ id: string }>('select id from leads');
    await db.close();
    expect(rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
  });
});
