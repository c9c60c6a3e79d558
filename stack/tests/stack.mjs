// The production shape the stack tests run against, started once by stack/test-stack.mjs before the tests of
// every concern: nginx (rendered from nginx/nginx.conf.template, plain and TLS) in front of two backend instances
// on PostgreSQL and Redis (one instance without Redis), their resumes in one S3-compatible bucket (s3rver) and no
// shared folder. node:test runs each concern's file in a process of its own: they find the stack in STACK_CONTEXT.
// The helpers below are what several concerns' tests use.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import {
  ADMIN,
  INSTANCE_PORTS,
  NGINX_PORT,
  NGINX_PRIVATE_PORT,
  NGINX_TLS_PORT,
  S3_PORT,
  backendEnv,
  createDatabase,
  ensureBuilds,
  ensureNginx,
  findRedis,
  log,
  newJwtSecret,
  newWorkDir,
  portOpen,
  startInstance,
  startNginx,
  startS3Server,
  stopAll,
} from '../lib.mjs';
import { call, headerValues } from '../http.mjs';

// The shared packages' CommonJS builds (their ES builds are for bundlers).
const require = createRequire(import.meta.url);
const { invitationLinkSince, loginCodeSince, outboxSnapshot, pollUntil, signInByMailedCode } = require('@brightwave/testing');

const CONTEXT_VARIABLE = 'STACK_CONTEXT';
let database;
let workDir;

/** Where the started stack answers, for the tests (stack/test-stack.mjs starts it and sets STACK_CONTEXT). */
let context;
export function theStack() {
  if (!process.env[CONTEXT_VARIABLE]) throw new Error('the stack is not started: run the stack tests with `npm run test:stack`');
  context ??= JSON.parse(process.env[CONTEXT_VARIABLE]);
  return context;
}

/** Starts everything in a work folder of its own, and tells the test processes where (STACK_CONTEXT). */
export async function startStack() {
  workDir = newWorkDir(`brightwave-stack-${NGINX_PORT}`);
  log(`work folder ${workDir}`);
  // Each instance has a folder of its own: resumes go to the bucket, so nothing has to be shared.
  const uploadsDirs = ['a', 'b'].map((name) => path.join(workDir, `instance-${name}`, 'uploads'));
  for (const dir of uploadsDirs) fs.mkdirSync(dir, { recursive: true });
  ensureNginx();
  ensureBuilds();
  database = await createDatabase(workDir);
  log(`PostgreSQL: ${database.where} (${database.url.replace(/\/\/[^@]*@/, '//')})`);
  const redisUrl = await findRedis();
  const twoInstances = Boolean(redisUrl);
  if (!twoInstances) {
    log('NO REDIS on 127.0.0.1:6379: running the single-instance variant (several instances need Redis to share rate limits)');
  } else log(`Redis: ${redisUrl}`);

  const jwtSecret = newJwtSecret();
  const s3 = await startS3Server(workDir);
  log(`S3-compatible storage: s3rver ${s3.endpoint}, bucket ${s3.bucket}`);
  const ports = twoInstances ? INSTANCE_PORTS : INSTANCE_PORTS.slice(0, 1);
  const envs = ports.map((port, index) =>
    backendEnv({
      port,
      dataDir: path.join(workDir, `instance-${'ab'[index]}`),
      uploadsDir: uploadsDirs[index],
      databaseUrl: database.url,
      redisUrl,
      jwtSecret,
      extra: s3.env,
    }),
  );
  // The first instance applies the migrations and seeds; the second starts against the same database.
  const instances = [];
  for (const [index, env] of envs.entries()) {
    const { name, port, child, outbox } = await startInstance(`instance-${'ab'[index]}`, env, workDir);
    instances.push({ name, port, pid: child.pid, outbox });
  }
  const nginx = await startNginx(workDir, { upstreamPorts: ports, tls: true });
  const tlsBase = `https://127.0.0.1:${NGINX_TLS_PORT}`;
  log(`nginx ${nginx.baseUrl} and ${tlsBase} -> ${ports.map((port) => `127.0.0.1:${port}`).join(', ')}`);

  const backendHealth = await call(`http://127.0.0.1:${ports[0]}/api/health`);
  const started = {
    workDir,
    uploadsDirs,
    runTag: randomBytes(4).toString('hex'),
    databaseUrl: database.url,
    twoInstances,
    s3: { endpoint: s3.endpoint, bucket: s3.bucket },
    ports,
    instances,
    outboxes: instances.map((instance) => instance.outbox),
    base: nginx.baseUrl,
    tlsBase,
    accessLog: nginx.accessLog,
    expectedHeaders: {
      'content-security-policy': backendHealth.headers['content-security-policy'],
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    },
  };
  process.env[CONTEXT_VARIABLE] = JSON.stringify(started);
}

/**
 * Stops every process started (and checks their ports are free) and drops the database; answers what was left
 * running. The work folder is removed when `passed`, else kept with the logs.
 */
export async function stopStack({ passed }) {
  await stopAll();
  const leftovers = [];
  for (const port of [NGINX_PORT, NGINX_PRIVATE_PORT, NGINX_TLS_PORT, ...INSTANCE_PORTS, S3_PORT]) {
    if (await portOpen(port)) leftovers.push(`every process we started is stopped (port ${port} still open)`);
  }
  await database?.drop().catch((error) => log(`could not drop the database: ${error.message}`));
  if (!workDir) return leftovers;
  if (passed && leftovers.length === 0) fs.rmSync(workDir, { recursive: true, force: true });
  else log(`logs kept in ${workDir} (instance-*.log, nginx-*/error.log, nginx-*/access.log)`);
  return leftovers;
}

/** An instance's own address, bypassing nginx. */
export const direct = (instance) => `http://127.0.0.1:${instance.port}`;

/** The security headers the backend sets: exactly one copy of each, whoever answers (nginx or an instance). */
export function assertSecurityHeaders(response, what) {
  for (const [name, value] of Object.entries(theStack().expectedHeaders)) {
    const values = headerValues(response, name);
    assert.equal(values.length, 1, `${what}: number of ${name} headers`);
    assert.equal(values[0].toLowerCase(), value.toLowerCase(), `${what}: ${name}`);
  }
}

/**
 * nginx's access log lines of the requests that carried `marker` (a `?probe=` in the URL), once there are `count`
 * (nginx writes a line as it finishes a request, which may be just after the client has the answer).
 */
export function loggedLines(marker, count) {
  const lines = () =>
    fs
      .readFileSync(theStack().accessLog, 'utf8')
      .split('\n')
      .filter((line) => line.includes(marker));
  return pollUntil(() => lines().length >= count && lines(), { what: `${count} access log lines with ${marker}`, timeoutMs: 5_000 });
}

/** A quote request of this run. */
export const lead = (suffix) => ({
  name: `Stack ${suffix}`,
  email: `stack-${theStack().runTag}-${suffix}@example.test`,
  service: 'web',
  message: `Stack test lead ${suffix} (${theStack().runTag})`,
});

/** A PDF of `size` bytes as the apply form sends it. */
export function pdfDataUrl(size) {
  const bytes = Buffer.alloc(size, 0x20);
  Buffer.from('%PDF-1.4\n').copy(bytes);
  randomBytes(Math.min(size - 16, 4096)).copy(bytes, 16);
  return { bytes, dataUrl: `data:application/pdf;base64,${bytes.toString('base64')}` };
}

/** The seeded jobs, read through nginx. */
export async function seededJobs() {
  return (await call(`${theStack().base}/api/jobs`)).json.jobs;
}

/** Signs in through `base` (nginx or one instance) from `localAddress`, the code read in every outbox; the token. */
export async function signIn(base, localAddress, admin = ADMIN) {
  const { outboxes } = theStack();
  const { token } = await signInByMailedCode(
    {
      postJson: async (route, body) => {
        const answer = await call(`${base}${route}`, { method: 'POST', body, localAddress });
        return { status: answer.status, body: answer.json };
      },
      markMailbox: () => outboxSnapshot(outboxes),
      readCode: (before) => loginCodeSince(outboxes, before),
    },
    admin,
  );
  assert.equal(typeof token, 'string', 'a token');
  return token;
}

/** What the outboxes hold now, to read the next mail. */
export const outboxesNow = () => outboxSnapshot(theStack().outboxes);

/** The token of the invitation mailed to `to` after `before`, in any instance's outbox. */
export async function invitationToken(before, to) {
  const link = await invitationLinkSince(theStack().outboxes, before, to);
  return link.hash.slice('#token='.length);
}

/** A port nothing listens on (just released by the system). */
export function closedPort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
