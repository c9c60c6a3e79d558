// Starts the browser suites' backends all at once (support/server.mjs each) and says so on stdout when every one
// answers /api/health, which is what Playwright waits for (playwright.config.ts). Playwright starts the servers of a
// `webServer` list one after the other, each waited for before the next starts: the nine took about 27 s so on two
// cores with one core mostly idle, against 12 s at once (2026-12-01).
// E2E_SERVERS: a JSON list of { port, env } (env: more variables for that server); E2E_READY_LINE: what to print once
// all answer. A server that stops ends this process, and so the run, with its exit code; Playwright stops them all
// (their process group) when the run ends.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// The CommonJS build: the ES one is for bundlers and TypeScript (its imports name no file extension).
const { pollUntil } = createRequire(import.meta.url)('@brightwave/testing');

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
const readyLine = process.env.E2E_READY_LINE;
if (!Array.isArray(servers) || servers.length === 0 || !readyLine) {
  console.error('E2E_SERVERS must list the servers to start, as [{ "port": 3100, "env": {} }, …], and E2E_READY_LINE say what to print');
  process.exit(1);
}

const serverScript = fileURLToPath(new URL('server.mjs', import.meta.url));
const children = servers.map(({ port, env = {} }) => {
  const child = spawn(process.execPath, [serverScript], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env, E2E_PORT: String(port) } });
  child.on('exit', (code, signal) => {
    console.error(`The browser-test server on port ${port} stopped (${signal ?? `exit code ${code}`})`);
    stopAll();
    process.exit(code || 1);
  });
  return child;
});

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stopAll);

async function answers(port) {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false;
  }
}

// No deadline of its own: the configuration's webServer timeout bounds the wait.
await Promise.all(servers.map(({ port }) => pollUntil(() => answers(port), { what: `the server on port ${port}`, timeoutMs: Infinity })));
console.log(readyLine);
