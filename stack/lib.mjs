// The production shape on one machine, for the stack test and the stack benchmark: nginx rendered from the
// repository's template in front of backend instances on a real PostgreSQL and Redis, all on 127.0.0.1.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEBIAN_BROTLI_MODULE } from '../nginx/render.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const NGINX_PORT = Number(process.env.STACK_NGINX_PORT ?? 8088);
export const NGINX_TLS_PORT = Number(process.env.STACK_NGINX_TLS_PORT ?? 8448);
// A second nginx, serving the builds of a clone in a private folder.
export const NGINX_PRIVATE_PORT = Number(process.env.STACK_NGINX_PRIVATE_PORT ?? 8089);
export const INSTANCE_PORTS = [Number(process.env.STACK_PORT_A ?? 3201), Number(process.env.STACK_PORT_B ?? 3202)];
// The S3-compatible server (s3rver) holding the resumes of every instance.
export const S3_PORT = Number(process.env.STACK_S3_PORT ?? 8090);
export const ADMIN = { email: 'stack-admin@example.test', password: 'stack-admin-password-123', name: 'Stack Admin' };
// Redis database of our own, so counters of other suites on a shared Redis never mix with ours.
const REDIS_DB = Number(process.env.STACK_REDIS_DB ?? 11);

// The shared test package's CommonJS build (its ES build is for bundlers).
const { pollUntil, sleep } = createRequire(import.meta.url)('@brightwave/testing');
export { sleep };

export const log = (message) => console.log(`[stack] ${message}`);

function which(command) {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.trim();
  for (const dir of ['/usr/sbin', '/usr/local/sbin', '/sbin']) {
    if (fs.existsSync(path.join(dir, command))) return path.join(dir, command);
  }
  return undefined;
}

export function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/**
 * Debian's nginx (nginx-light is enough) with its brotli_static module; installed when missing and we are
 * root. Without the module (not root, no network) the rendered configuration falls back to gzip_static.
 */
export function ensureNginx() {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const aptInstall = (packages, lockTimeoutSeconds = 300) =>
    spawnSync('apt-get', ['install', '-y', '-o', `DPkg::Lock::Timeout=${lockTimeoutSeconds}`, ...packages], {
      env,
      stdio: 'inherit',
    }).status === 0;
  let nginx = which('nginx');
  if (!nginx) {
    if (process.getuid?.() !== 0) throw new Error('nginx is not installed and we are not root: apt-get install nginx-light');
    log('nginx missing: apt-get install -y nginx-light libnginx-mod-http-brotli-static');
    if (!aptInstall(['nginx-light', 'libnginx-mod-http-brotli-static'])) {
      spawnSync('apt-get', ['update'], { env, stdio: 'inherit' });
      if (!aptInstall(['nginx-light'])) throw new Error('apt-get install nginx-light failed');
      aptInstall(['libnginx-mod-http-brotli-static']);
    }
    // The package starts a system nginx on port 80; ours runs from its own config and does not need it.
    nginx = which('nginx');
    if (!nginx) throw new Error('nginx still not found after installing nginx-light');
  } else if (!fs.existsSync(DEBIAN_BROTLI_MODULE) && process.getuid?.() === 0) {
    log('brotli_static module missing: apt-get install -y libnginx-mod-http-brotli-static');
    // Optional: a busy apt is not worth a long wait.
    if (!aptInstall(['libnginx-mod-http-brotli-static'], 30)) log('no brotli_static module: nginx sends gzip only');
  }
  return nginx;
}

/** The built backend, site and admin app, built again where their sources changed (STACK_BUILD=always rebuilds all). */
export function ensureBuilds() {
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts', 'build.mjs'), ...(process.env.STACK_BUILD === 'always' ? ['--all'] : [])], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}

/** A Redis answering PING on 127.0.0.1:6379, else undefined (the caller then runs one instance). */
export async function findRedis() {
  const url = process.env.STACK_REDIS_URL ?? `redis://127.0.0.1:6379/${REDIS_DB}`;
  const { port, hostname } = new URL(url);
  const answer = await new Promise((resolve) => {
    const socket = net.connect({ port: Number(port || 6379), host: hostname });
    socket.setTimeout(1500);
    socket.once('connect', () => socket.write(`SELECT ${REDIS_DB}\r\nFLUSHDB\r\nPING\r\n`));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk;
      if (data.includes('+PONG') || data.startsWith('-')) {
        socket.destroy();
        resolve(data);
      }
    });
    socket.once('error', () => resolve(''));
    socket.once('timeout', () => (socket.destroy(), resolve('')));
  });
  return answer.includes('+PONG') ? url : undefined;
}

/**
 * A PostgreSQL database of our own: on the local server when one answers on 127.0.0.1:5432 (user postgres,
 * trust), else in a throwaway cluster started from Debian's postgresql binaries. Returns its URL and a cleanup.
 */
export async function createDatabase(workDir, name = 'brightwave_stack') {
  const { default: pg } = await import('pg');
  const adminUrl = process.env.STACK_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let cluster;
  let serverUrl = adminUrl;
  if (!(await canConnect(pg, adminUrl))) {
    log(`no PostgreSQL at ${adminUrl}: starting a throwaway cluster`);
    cluster = startThrowawayCluster(workDir);
    serverUrl = cluster.url;
    await pollUntil(() => canConnect(pg, serverUrl), { what: 'the throwaway PostgreSQL', timeoutMs: 30_000 });
  }
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    where: cluster ? 'throwaway cluster' : 'local server',
    async drop() {
      try {
        await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        cluster?.stop();
      }
    },
  };
}

async function canConnect(pg, url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function startThrowawayCluster(workDir) {
  const bin = ['/usr/lib/postgresql']
    .filter((dir) => fs.existsSync(dir))
    .flatMap((dir) => fs.readdirSync(dir).map((version) => path.join(dir, version, 'bin')))
    .find((dir) => fs.existsSync(path.join(dir, 'initdb')));
  if (!bin) throw new Error('no PostgreSQL server and no initdb: apt-get install postgresql');
  const dataDir = path.join(workDir, 'pgdata');
  const port = 5439;
  fs.mkdirSync(dataDir, { recursive: true });
  // PostgreSQL refuses to run as root: the cluster belongs to the postgres user when we are root.
  const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asPostgres.length) execFileSync('chown', ['-R', 'postgres', workDir]);
  const run = (args) => execFileSync(asPostgres[0] ?? args[0], asPostgres.length ? [...asPostgres.slice(1), ...args] : args.slice(1), { stdio: 'ignore' });
  run([path.join(bin, 'initdb'), '-D', dataDir, '-U', 'postgres', '--auth=trust']);
  run([path.join(bin, 'pg_ctl'), '-D', dataDir, '-o', `-p ${port} -k ${dataDir} -h 127.0.0.1`, '-l', path.join(dataDir, 'log'), 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run([path.join(bin, 'pg_ctl'), '-D', dataDir, '-m', 'immediate', 'stop']),
  };
}

/** Children we started, stopped by their own pid at the end (never by name). */
const children = new Set();

/** Child pids of a process (nginx's workers), from /proc. */
function childPids(pid) {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

const running = (child) => child.exitCode === null && child.signalCode === null;

/** Stops one child: SIGTERM (nginx: fast shutdown, backend: drain), SIGKILL to it and its children after 5 s. */
export async function stopProcess(child) {
  if (!running(child)) return;
  const descendants = childPids(child.pid);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  let grace;
  const stopped = await Promise.race([exited.then(() => true), new Promise((resolve) => (grace = setTimeout(resolve, 5000, false)))]);
  // Cleared, so that a test process that stopped its own nginx exits at once.
  clearTimeout(grace);
  if (!stopped) child.kill('SIGKILL');
  // A master killed outright would leave its workers listening.
  for (const pid of descendants) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

export async function stopAll() {
  await Promise.all([...children].map((child) => stopProcess(child)));
  children.clear();
}

function startProcess(command, args, { env, logFile, cwd = repoRoot }) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function backendEnv({ port, dataDir, uploadsDir, databaseUrl, redisUrl, jwtSecret, extra = {} }) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    UPLOADS_DIR: uploadsDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl ?? '',
    JWT_SECRET: jwtSecret,
    SMTP_URL: '',
    // Only nginx on the same host may tell the backend who the client is.
    TRUST_PROXY: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: ADMIN.name,
    SEED_DEMO: 'true',
    API_DOCS: 'false',
    // nginx serves the static files, as in production.
    SITE_DIST_DIR: 'none',
    ADMIN_DIST_DIR: 'none',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/**
 * A real S3-compatible server (s3rver, the backend tests' own launcher) on 127.0.0.1:`port` with an empty bucket;
 * answers the backend settings that put resumes there (STORAGE_URL and s3rver's fixed credentials).
 */
export async function startS3Server(workDir, { port = S3_PORT, bucket = 'stack-resumes' } = {}) {
  if (await portOpen(port)) throw new Error(`port ${port} is already in use`);
  const directory = path.join(workDir, 's3rver');
  fs.mkdirSync(directory, { recursive: true });
  // s3rver signs its listing continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider.
  const launcher = path.join(repoRoot, 'backend', 'test', 'support', 's3rver-process.ts');
  const child = startProcess(process.execPath, ['--openssl-legacy-provider', launcher, String(port), directory, bucket], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME ?? os.tmpdir() },
    logFile: path.join(workDir, 's3rver.log'),
  });
  await pollUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`s3rver exited with ${child.exitCode}: see ${workDir}/s3rver.log`);
      return portOpen(port);
    },
    { what: `s3rver on port ${port}`, timeoutMs: 15_000 },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    child,
    endpoint,
    bucket,
    env: { STORAGE_URL: `s3://${bucket}?endpoint=${endpoint}&region=us-east-1`, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' },
  };
}

/** Starts `node backend/dist/main.js` and waits until it is ready (/api/ready: started, database answering). */
export async function startInstance(name, env, workDir) {
  const port = Number(env.PORT);
  if (await portOpen(port)) throw new Error(`port ${port} is already in use`);
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const child = startProcess(process.execPath, [path.join(repoRoot, 'backend', 'dist', 'main.js')], {
    env,
    logFile: path.join(workDir, `${name}.log`),
  });
  await pollUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`instance ${name} exited with ${child.exitCode}: see ${workDir}/${name}.log`);
      try {
        return (await fetch(`http://127.0.0.1:${port}/api/ready`)).ok;
      } catch {
        return false;
      }
    },
    { what: `instance ${name} on port ${port}`, timeoutMs: 60_000 },
  );
  return { name, port, child, env, dataDir: env.DATA_DIR, outbox: path.join(env.DATA_DIR, 'outbox') };
}

/**
 * The folders nginx serves: copies of the built site and admin app inside `runtimeDir`. Run as root, nginx's workers
 * drop to an unprivileged user who cannot enter a clone under a private folder (`mktemp -d` makes it 0700), so
 * serving the clone's own dist folders would answer 404 and 500 there. The copies are the same bytes.
 */
function servedCopies(runtimeDir, { siteDist, adminDist }) {
  const copies = { site: path.join(runtimeDir, 'site'), admin: path.join(runtimeDir, 'admin') };
  for (const [name, source] of [
    ['site', siteDist],
    ['admin', adminDist],
  ]) {
    fs.rmSync(copies[name], { recursive: true, force: true });
    fs.cpSync(source, copies[name], { recursive: true });
    makeReadableByAll(copies[name]);
  }
  assertEnterableByAll(runtimeDir);
  return copies;
}

function makeReadableByAll(dir) {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const entryPath = path.join(dir, entry.name);
    if (entry.isDirectory()) makeReadableByAll(entryPath);
    else fs.chmodSync(entryPath, 0o644);
  }
}

/** Fails early, with the reason, when some folder above `dir` keeps other users out. */
function assertEnterableByAll(dir) {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const mode = fs.statSync(current).mode;
    if ((mode & 0o001) === 0) {
      throw new Error(`nginx's workers cannot enter ${current} (mode ${(mode & 0o777).toString(8)}): ` + 'point TMPDIR at a folder every user can enter');
    }
    if (current === path.dirname(current)) return;
  }
}

/**
 * Renders the repository's template for this host and starts nginx in the foreground, serving copies of
 * `siteDist` and `adminDist` (default: this clone's builds) on `port`.
 */
export async function startNginx(
  workDir,
  { upstreamPorts, tls, port = NGINX_PORT, siteDist = path.join(repoRoot, 'site', 'dist'), adminDist = path.join(repoRoot, 'admin', 'dist') },
) {
  const nginx = ensureNginx();
  const runtimeDir = path.join(workDir, `nginx-${port}`);
  fs.mkdirSync(runtimeDir, { recursive: true });
  const served = servedCopies(runtimeDir, { siteDist, adminDist });
  const values = {
    NGINX_LISTEN: `127.0.0.1:${port}`,
    NGINX_UPSTREAM_SERVERS: upstreamPorts.map((upstreamPort) => `127.0.0.1:${upstreamPort}`).join(','),
    NGINX_SITE_ROOT: served.site,
    NGINX_ADMIN_ROOT: served.admin,
    NGINX_RUNTIME_DIR: runtimeDir,
    NGINX_ACCESS_LOG: path.join(runtimeDir, 'access.log'),
    NGINX_ERROR_LOG: path.join(runtimeDir, 'error.log'),
  };
  if (tls) {
    const cert = path.join(runtimeDir, 'tls.crt');
    const key = path.join(runtimeDir, 'tls.key');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', key, '-out', cert], {
      stdio: 'ignore',
    });
    Object.assign(values, { NGINX_TLS_LISTEN: `127.0.0.1:${NGINX_TLS_PORT}`, NGINX_TLS_CERT: cert, NGINX_TLS_KEY: key });
  }
  const { render } = await import(path.join(repoRoot, 'nginx', 'render.mjs'));
  const confFile = path.join(runtimeDir, 'nginx.conf');
  fs.writeFileSync(confFile, render(values));
  execFileSync(nginx, ['-t', '-q', '-c', confFile, '-p', runtimeDir], { stdio: 'inherit' });
  if (await portOpen(port)) throw new Error(`port ${port} is already in use`);
  const child = startProcess(nginx, ['-c', confFile, '-p', runtimeDir, '-g', 'daemon off;'], {
    env: process.env,
    logFile: path.join(runtimeDir, 'stderr.log'),
  });
  await pollUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: see ${runtimeDir}/error.log`);
      return portOpen(port);
    },
    { what: 'nginx', timeoutMs: 15_000 },
  );
  return { child, confFile, runtimeDir, accessLog: values.NGINX_ACCESS_LOG, baseUrl: `http://127.0.0.1:${port}` };
}

export function newWorkDir(name) {
  const dir = path.join(os.tmpdir(), name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
  return dir;
}

export const newJwtSecret = () => randomBytes(48).toString('base64url');
