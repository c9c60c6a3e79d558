// The built server (npm test builds before testing) as a separate process: for tests that kill it for real or
// read what it writes to stdout.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pollUntil } from '@brightwave/testing';

const mainJs = path.resolve(__dirname, '..', '..', 'dist', 'main.js');

/** Starts dist/main.js on PGlite in `dataDir`, on 127.0.0.1:`port`, without the site and admin files. */
export function startBuiltServer(options: { port: number; dataDir: string; stdout: 'ignore' | 'pipe'; env?: Record<string, string> }): ChildProcess {
  if (!fs.existsSync(mainJs)) throw new Error('Build the backend first (npm run build -w @brightwave/backend)');
  return spawn(process.execPath, [mainJs], {
    stdio: ['ignore', options.stdout, 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      SITE_DIST_DIR: 'none',
      ADMIN_DIST_DIR: 'none',
      // As in test-app.ts: on a loaded machine a start may hold the event loop for over a second, which would count
      // as overload (503) for the next second; the overload tests set their own limit.
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...options.env,
    },
  });
}

/** Up to a minute: a first start migrates the embedded database, slow on a loaded 2-core machine. */
export async function waitUntilHealthy(base: string, server: ChildProcess): Promise<void> {
  await pollUntil(
    () => {
      if (server.exitCode !== null) throw new Error('server exited');
      return fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
    },
    { what: `${base}/api/health`, timeoutMs: 60_000 },
  );
}
