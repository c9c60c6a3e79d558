// Faults under load, for `npm test` (a few seconds a scenario, stack/test-faults.mjs) and for
// bench:stack (30 s a scenario). Mixed writes go through nginx to two instances while a part fails:
//   - PostgreSQL stopped and started again (our own throwaway cluster, never the machine's server),
//   - Redis stopped and started again (our own redis-server),
//   - one instance killed with SIGKILL,
//   - the uploads folder full (an 8 MB tmpfs of our own; root only, else skipped with the reason).
// Afterwards the database is read directly and the uploads folder listed: every acknowledged write must be there,
// no resume file without its row and no row without its file.
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { ADMIN, INSTANCE_PORTS, backendEnv, createDatabase, log, newJwtSecret, portOpen, sleep, startInstance, startNginx, stopProcess } from './lib.mjs';
import { call } from './http.mjs';

// The shared test package's CommonJS build (its ES build is for bundlers).
const { SignInRefused, loginCodeSince, outboxSnapshot, pollUntil, signInByMailedCode } = createRequire(import.meta.url)('@brightwave/testing');

const POSTGRES_PORT = Number(process.env.FAULTS_POSTGRES_PORT ?? 5440);
const REDIS_PORT = Number(process.env.FAULTS_REDIS_PORT ?? 6390);
// The instance whose uploads folder fills up (the other two serve behind nginx).
const DISK_INSTANCE_PORT = Number(process.env.FAULTS_DISK_PORT ?? INSTANCE_PORTS[1] + 1);
const CONCURRENCY = 4;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const RESUME_BYTES = 24 * 1024;
const isRoot = process.getuid?.() === 0;
const execFileAsync = promisify(execFile);

const tag = randomBytes(3).toString('hex');
const emailOf = (kind, n) => `fault-${tag}-${kind}-${n}@example.test`;
// Numbers every request of the run, so no two scenarios send the same e-mail (an application would be a duplicate).
let sentSoFar = 0;

/** Every 127.0.x.y once: nginx lets each address send 5 applications or 10 sign-in posts in a burst. */
let nextAddress = 0;
function freshAddress() {
  const n = nextAddress++;
  return `127.0.${3 + Math.floor(n / 250)}.${1 + (n % 250)}`;
}

function pdf(size) {
  const bytes = Buffer.alloc(size, 0x20);
  Buffer.from('%PDF-1.4\n').copy(bytes);
  randomBytes(Math.min(size - 16, 4096)).copy(bytes, 16);
  return `data:application/pdf;base64,${bytes.toString('base64')}`;
}

/** Finds a program with `find`; when missing and we are root, installs the Debian package and looks again. */
function ensureProgram(find, debianPackage) {
  const found = find();
  if (found || !isRoot) return found;
  log(`${debianPackage} missing: apt-get install -y ${debianPackage}`);
  spawnSync('apt-get', ['install', '-y', '-o', 'DPkg::Lock::Timeout=300', debianPackage], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return find();
}

const postgresBin = () =>
  ensureProgram(() => {
    const root = '/usr/lib/postgresql';
    const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
    return versions.map((version) => path.join(root, version, 'bin')).find((dir) => fs.existsSync(path.join(dir, 'pg_ctl')));
  }, 'postgresql');

const redisBin = () =>
  ensureProgram(() => {
    const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
    return found.status === 0 ? found.stdout.trim() : undefined;
  }, 'redis-server');

/**
 * A PostgreSQL cluster of our own on POSTGRES_PORT, which the scenarios may stop and start; without the server's
 * binaries (and not root to install them), a database on the machine's server, which is never stopped.
 */
async function startCluster(workDir) {
  const bin = postgresBin();
  if (!bin) {
    log('NO PostgreSQL server binaries (and not root to install them): the PostgreSQL scenario is skipped');
    const database = await createDatabase(workDir, 'brightwave_faults');
    return { url: database.url, destroy: () => database.drop() };
  }
  const dataDir = path.join(workDir, 'pgdata');
  fs.mkdirSync(dataDir, { recursive: true });
  // PostgreSQL refuses to run as root: the cluster belongs to the postgres user then.
  if (isRoot) execFileSync('chown', ['-R', 'postgres', dataDir]);
  const command = (program, args) => (isRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args]);
  const pgCtlArgs = (...args) => command(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);
  // Asynchronous while the load runs, so the load keeps going during a stop or a start.
  const pgCtl = async (...args) => void (await execFileAsync(...pgCtlArgs(...args)));
  if (await portOpen(POSTGRES_PORT)) throw new Error(`port ${POSTGRES_PORT} is already in use (FAULTS_POSTGRES_PORT)`);
  execFileSync(...command(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust']), { stdio: 'ignore' });
  const start = () => pgCtl('-w', '-o', `-p ${POSTGRES_PORT} -k ${dataDir} -h 127.0.0.1 -c fsync=off`, '-l', path.join(dataDir, 'log'), 'start');
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${POSTGRES_PORT}/postgres`,
    // Fast shutdown, as a restart or failover does: open connections are ended with 57P01.
    stop: () => pgCtl('-w', '-m', 'fast', 'stop'),
    start,
    destroy: async () => void spawnSync(...pgCtlArgs('-w', '-m', 'immediate', 'stop'), { stdio: 'ignore' }),
  };
}

function startRedis(bin, workDir) {
  const out = fs.openSync(path.join(workDir, 'redis.log'), 'a');
  const child = spawn(bin, ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  return child;
}

/**
 * A whole sign-in through nginx (password, then the mailed code); answers the token, or the failing status (0 when
 * no code arrived or the connection failed).
 */
async function signIn(base, outboxes) {
  const localAddress = freshAddress();
  try {
    const { token } = await signInByMailedCode(
      {
        postJson: async (route, body) => {
          const answer = await call(`${base}${route}`, { method: 'POST', body, localAddress, timeoutMs: 15_000 });
          return { status: answer.status, body: answer.json };
        },
        markMailbox: () => outboxSnapshot(outboxes),
        readCode: (before) => loginCodeSince(outboxes, before, 5_000),
      },
      ADMIN,
    );
    return { status: 200, token };
  } catch (error) {
    return error instanceof SignInRefused ? { status: error.status } : { status: 0, error: String(error?.message ?? error) };
  }
}

/**
 * Mixed writes through nginx for `durationMs`: quote requests, contact messages, applications with a resume and
 * admin status changes of leads acknowledged earlier, by CONCURRENCY workers; `during` runs alongside (the fault).
 */
async function mixedLoad(context, { durationMs, during, signIns = false }) {
  const { base, job, token } = context;
  const records = [];
  const acknowledgedLeads = [];
  const deadline = Date.now() + durationMs;
  const send = async (kind) => {
    const i = sentSoFar++;
    const record = { kind, i, status: 0 };
    try {
      let response;
      if (kind === 'lead') {
        record.email = emailOf('lead', i);
        response = await call(`${base}/api/leads`, {
          method: 'POST',
          body: { name: 'Fault Lead', email: record.email, service: 'web', message: `Sent under a fault (${tag})` },
          localAddress: freshAddress(),
          timeoutMs: 15_000,
        });
        if (response.status === 201) acknowledgedLeads.push(response.json.data._id);
      } else if (kind === 'contact') {
        record.email = emailOf('contact', i);
        response = await call(`${base}/api/contacts`, {
          method: 'POST',
          body: { name: 'Fault Contact', email: record.email, department: 'general', message: `Sent under a fault (${tag})` },
          localAddress: freshAddress(),
          timeoutMs: 15_000,
        });
      } else if (kind === 'application') {
        record.email = emailOf('apply', i);
        const body = {
          job: job._id,
          fullName: 'Fault Applicant',
          email: record.email,
          phone: '+15550100',
          experience: '3 years',
          resume: context.resume,
          isResumeBase64: true,
        };
        response = await call(`${base}/api/jobs/apply`, { method: 'POST', body, localAddress: freshAddress(), timeoutMs: 15_000 });
      } else {
        record.leadId = acknowledgedLeads.shift();
        if (!record.leadId) return;
        response = await call(`${base}/api/leads/${record.leadId}/status`, {
          method: 'PATCH',
          body: { status: 'contacted' },
          headers: { authorization: `Bearer ${token}` },
          timeoutMs: 15_000,
        });
      }
      record.status = response.status;
      record.id = response.json?.data?._id;
      record.message = response.json?.message;
    } catch (error) {
      record.error = String(error?.message ?? error);
    }
    records.push(record);
  };
  const kinds = ['lead', 'contact', 'application', 'status'];
  const workers = Array.from({ length: CONCURRENCY }, async (_, w) => {
    for (let k = w; Date.now() < deadline; k++) await send(kinds[k % kinds.length]);
  });
  const signInResults = [];
  const signer = signIns
    ? (async () => {
        while (Date.now() < deadline) {
          signInResults.push((await signIn(base, context.outboxes)).status);
          await sleep(200);
        }
      })()
    : undefined;
  const fault = during?.();
  await Promise.all([...workers, signer, fault]);
  return { records, signInResults };
}

/** What the database and the uploads folder hold for the acknowledged writes of `records`. */
/** `full`: check the full folder's applications against it; else every other application against the main folder. */
async function verify(context, records, uploadsDir, { full = false } = {}) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: context.databaseUrl });
  await client.connect();
  try {
    const like = `fault-${tag}-%`;
    const ids = async (sql) => new Set((await client.query(sql, [like])).rows.map((row) => row.id));
    const leads = await ids('select id::text as id from leads where email like $1');
    const contacts = await ids('select id::text as id from contacts where email like $1');
    const applications = await ids('select id::text as id from job_applications where email like $1');
    const contacted = await ids("select id::text as id from leads where email like $1 and status = 'contacted'");
    const acknowledged = records.filter((record) => record.status >= 200 && record.status < 300);
    const found = acknowledged.filter((record) =>
      record.kind === 'lead'
        ? leads.has(record.id)
        : record.kind === 'contact'
          ? contacts.has(record.id)
          : record.kind === 'application'
            ? applications.has(record.id)
            : contacted.has(record.leadId),
    );
    // Every row against its folder, and every file against the rows (the folders are ours alone).
    const rows = (
      await client.query(`select resume_key as key, resume_size as size from job_applications where (email like $1) = $2`, [emailOf('full', '%'), full])
    ).rows;
    const names = fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir) : [];
    const files = new Set(names.filter((name) => UUID.test(name)));
    const keys = new Set(rows.map((row) => row.key));
    const rowsWithoutFile = rows.filter((row) => !files.has(row.key) || fs.statSync(path.join(uploadsDir, row.key)).size !== row.size).length;
    const filesWithoutRow = [...files].filter((name) => !keys.has(name)).length;
    const partials = names.filter((name) => name.endsWith('.partial')).length;
    return { acknowledged: acknowledged.length, found: found.length, rowsWithoutFile, filesWithoutRow, partials, storedApplications: applications.size };
  } finally {
    await client.end();
  }
}

function summarize(name, records, checked, extra = {}) {
  const byStatus = {};
  for (const record of records) {
    const key = `${record.kind} ${record.status || 'socket error'}`;
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  return {
    name,
    sent: records.length,
    acknowledged: checked.acknowledged,
    found: checked.found,
    lost: checked.acknowledged - checked.found,
    refused503: records.filter((record) => record.status === 503).length,
    other5xx: records.filter((record) => record.status >= 500 && record.status !== 503).length,
    socketErrors: records.filter((record) => record.status === 0).length,
    byStatus,
    rowsWithoutFile: checked.rowsWithoutFile,
    filesWithoutRow: checked.filesWithoutRow,
    partials: checked.partials,
    ...extra,
  };
}

const instanceLog = (workDir, name) => (fs.existsSync(path.join(workDir, `${name}.log`)) ? fs.readFileSync(path.join(workDir, `${name}.log`), 'utf8') : '');
const countLines = (text, needle) => text.split('\n').filter((line) => line.includes(needle)).length;

/**
 * Starts what the scenarios load and break: PostgreSQL and Redis of our own, two instances sharing an uploads folder,
 * nginx in front of them, and the admin's session. `stopFaultStack` stops it all.
 */
export async function startFaultStack({ workDir, durationMs }) {
  const f = { workDir, durationMs, uploadsDir: path.join(workDir, 'uploads'), instances: [] };
  fs.mkdirSync(f.uploadsDir, { recursive: true });
  try {
    f.cluster = await startCluster(workDir);
    const { cluster, uploadsDir } = f;
    if (cluster.stop) log(`PostgreSQL of our own on 127.0.0.1:${POSTGRES_PORT}`);
    f.redis = redisBin();
    if (f.redis) {
      if (await portOpen(REDIS_PORT)) throw new Error(`port ${REDIS_PORT} is already in use (FAULTS_REDIS_PORT)`);
      f.redisChild = startRedis(f.redis, workDir);
      await pollUntil(() => portOpen(REDIS_PORT), { what: 'redis-server', timeoutMs: 20_000 });
      log(`Redis of our own on 127.0.0.1:${REDIS_PORT}`);
    } else log('NO redis-server (and not root to install it): the Redis scenario is skipped');
    const redisUrl = f.redis ? `redis://127.0.0.1:${REDIS_PORT}` : undefined;
    const jwtSecret = newJwtSecret();
    const envOf = (port, name, extra = {}) =>
      backendEnv({
        port,
        dataDir: path.join(workDir, name),
        uploadsDir,
        databaseUrl: cluster.url,
        redisUrl,
        jwtSecret,
        // Thousands of writes in seconds: the limits and daily caps would measure 429s and pauses, not the faults.
        extra: {
          RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
          RATE_LIMIT_APPLY_PER_HOUR: '1000000',
          RATE_LIMIT_AUTH_PER_15_MIN: '1000000',
          APPLY_DAILY_MAX_APPLICATIONS: '10000000',
          APPLY_DAILY_MAX_RESUME_MB: '10000000',
          UPLOADS_MIN_FREE_MB: '0',
          LOG_LEVEL: 'warn',
          ...extra,
        },
      });
    f.envOf = envOf;
    for (const [index, port] of INSTANCE_PORTS.entries()) {
      const name = `instance-${'ab'[index]}`;
      f.instances.push(await startInstance(name, envOf(port, name), workDir));
    }
    f.nginx = await startNginx(workDir, { upstreamPorts: INSTANCE_PORTS });
    const base = f.nginx.baseUrl;
    const outboxes = f.instances.map((instance) => instance.outbox);
    const signedIn = await signIn(base, outboxes);
    if (!signedIn.token) throw new Error(`the admin could not sign in through nginx (${signedIn.status})`);
    const job = (await call(`${base}/api/jobs`)).json.jobs[0];
    f.context = { base, job, token: signedIn.token, outboxes, databaseUrl: cluster.url, resume: pdf(RESUME_BYTES) };
    f.alive = () => f.instances.every((instance) => instance.child.exitCode === null && instance.child.signalCode === null);
    log(`nginx ${base} -> ${INSTANCE_PORTS.join(', ')}; ${durationMs / 1000} s of mixed writes per scenario, ${CONCURRENCY} at a time`);
    return f;
  } catch (error) {
    await stopFaultStack(f);
    throw error;
  }
}

/** Stops everything startFaultStack started. */
export async function stopFaultStack(f) {
  if (f.nginx) await stopProcess(f.nginx.child);
  for (const instance of f.instances) await stopProcess(instance.child);
  if (f.redisChild) await stopProcess(f.redisChild);
  await f.cluster?.destroy();
}

/** PostgreSQL stopped (fast shutdown) and started again while the load runs. */
async function postgresAway(f) {
  const { cluster, context, durationMs, uploadsDir } = f;
  const { base } = context;
  if (!cluster.stop) return { name: 'PostgreSQL stopped and started mid-load', skipped: 'no PostgreSQL server binaries on this host' };
  const awayMs = Math.min(3000, durationMs / 3);
  const { records } = await mixedLoad(context, {
    durationMs,
    during: async () => {
      await sleep(durationMs / 3);
      await cluster.stop();
      await sleep(awayMs);
      await cluster.start();
    },
  });
  // Reconnecting by itself: a write through nginx succeeds again without restarting anything.
  let attempt = 0;
  const after = () => ({ name: 'After', email: emailOf('after', attempt++), service: 'web', message: 'After the restart' });
  const back = await pollUntil(async () => (await call(`${base}/api/leads`, { method: 'POST', body: after(), localAddress: freshAddress() })).status === 201, {
    what: 'a write accepted after PostgreSQL came back',
    timeoutMs: 10_000,
    intervalMs: 200,
  }).catch(() => false);
  const checked = await verify(context, records, uploadsDir);
  const result = summarize('PostgreSQL stopped and started mid-load', records, checked, { reconnected: back, instancesAlive: f.alive() });
  result.failures = [
    result.lost !== 0 && `${result.lost} acknowledged writes lost`,
    result.other5xx !== 0 && `${result.other5xx} answers were 5xx other than 503`,
    result.refused503 === 0 && 'no request met the database away (no 503): the fault did not happen',
    !back && 'the instances did not serve writes again after PostgreSQL came back',
    result.socketErrors !== 0 && `${result.socketErrors} requests got no answer`,
    !result.instancesAlive && 'an instance exited',
    records.some((record) => record.status === 503 && !record.message) && 'a 503 without a message',
    result.rowsWithoutFile !== 0 && `${result.rowsWithoutFile} application rows without their file`,
  ].filter(Boolean);
  return result;
}

/** Redis stopped and started again while the load and sign-ins run. */
async function redisAway(f) {
  const { context, durationMs, instances, uploadsDir, workDir } = f;
  const { base } = context;
  if (!f.redisChild) return { name: 'Redis stopped and started mid-load', skipped: 'no redis-server on this host' };
  const { records, signInResults } = await mixedLoad(context, {
    durationMs,
    signIns: true,
    during: async () => {
      await sleep(durationMs / 4);
      await stopProcess(f.redisChild);
      await sleep(durationMs / 2);
      f.redisChild = startRedis(f.redis, workDir);
      await pollUntil(() => portOpen(REDIS_PORT), { what: 'redis-server again', timeoutMs: 20_000 });
    },
  });
  // The next counted request on each instance sees Redis back (ioredis reconnects within a second or two).
  await sleep(2500);
  for (let i = 0; i < 8; i++)
    await call(`${base}/api/leads`, {
      method: 'POST',
      body: { name: 'After', email: emailOf('redis-after', i), service: 'web', message: 'After Redis came back' },
      localAddress: freshAddress(),
    });
  const checked = await verify(context, records, uploadsDir);
  const outageLines = instances.map((instance) => countLines(instanceLog(workDir, instance.name), 'Redis unreachable'));
  const backLines = instances.map((instance) => countLines(instanceLog(workDir, instance.name), 'Redis answers again'));
  const signInsOk = signInResults.filter((status) => status === 200).length;
  const result = summarize('Redis stopped and started mid-load', records, checked, {
    signIns: `${signInsOk}/${signInResults.length}`,
    outageLoggedPerInstance: outageLines.join('/'),
    backLoggedPerInstance: backLines.join('/'),
    instancesAlive: f.alive(),
  });
  result.failures = [
    result.lost !== 0 && `${result.lost} acknowledged writes lost`,
    result.refused503 + result.other5xx !== 0 && `${result.refused503 + result.other5xx} answers were 5xx: Redis away must not refuse anything`,
    (signInResults.length === 0 || signInsOk !== signInResults.length) && `sign-ins ${result.signIns} succeeded`,
    result.socketErrors !== 0 && `${result.socketErrors} requests got no answer`,
    outageLines.some((count) => count !== 1) && `the outage was logged ${outageLines.join('/')} times per instance, not once`,
    !result.instancesAlive && 'an instance exited',
  ].filter(Boolean);
  return result;
}

/** One instance killed with SIGKILL while the load runs (the other keeps serving). */
async function instanceKilled(f) {
  const { context, durationMs, instances, uploadsDir } = f;
  const [a, b] = instances;
  const { records } = await mixedLoad(context, {
    durationMs,
    during: async () => {
      await sleep(durationMs / 3);
      a.child.kill('SIGKILL');
    },
  });
  const checked = await verify(context, records, uploadsDir);
  // A request in flight on the killed instance fails at nginx (a POST is not retried elsewhere), which answers
  // 503 in the envelope (@api_unavailable): the client cannot know whether it was stored. At most one a worker.
  const cut = records.filter((record) => record.status >= 502 || record.status === 0).length;
  const unacknowledgedApplications = records.filter((record) => record.kind === 'application' && !(record.status >= 200 && record.status < 300)).length;
  const result = summarize('kill -9 of an instance mid-load', records, checked, { cutByKill: cut });
  result.failures = [
    result.lost !== 0 && `${result.lost} acknowledged writes lost`,
    result.other5xx !== 0 && `${result.other5xx} answers were 5xx other than 503`,
    cut > CONCURRENCY && `${cut} requests cut by the kill, more than the ${CONCURRENCY} in flight`,
    result.rowsWithoutFile !== 0 && `${result.rowsWithoutFile} application rows without their file`,
    // A file stored by the killed instance just before its row: only an unacknowledged application can leave
    // one, and the hourly resume sweep removes it (README, "Faults under load").
    result.filesWithoutRow > Math.min(unacknowledgedApplications, CONCURRENCY) && `${result.filesWithoutRow} resume files without a row`,
    b.child.exitCode !== null && 'the surviving instance exited',
  ].filter(Boolean);
  return result;
}

/**
 * The scenarios in the order they run (the kill leaves one instance behind nginx; the full uploads folder has an
 * instance of its own). Each answers its result: its counts and `failures` (empty when it passed), or `skipped`.
 */
export const SCENARIOS = [
  { name: 'PostgreSQL stopped and started mid-load', run: postgresAway },
  { name: 'Redis stopped and started mid-load', run: redisAway },
  { name: 'kill -9 of an instance mid-load', run: instanceKilled },
  { name: 'uploads folder full (ENOSPC)', run: diskFull },
];

/**
 * An instance of its own whose uploads folder is an 8 MB tmpfs kept nearly full by a filler file: applications of
 * 300 KB sent together; each is either stored (row and file) or refused 503 with the message, with no row and no partial
 * file; once the space is back, applications are taken again.
 */
async function diskFull({ workDir, context, envOf, durationMs }) {
  const name = 'uploads folder full (ENOSPC)';
  if (!isRoot) return { name, skipped: 'mounting a small tmpfs needs root (run as root, as CI does)' };
  const mountPoint = path.join(workDir, 'full-uploads');
  fs.mkdirSync(mountPoint, { recursive: true });
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=8m,mode=0700', 'tmpfs', mountPoint], { encoding: 'utf8' });
  if (mounted.status !== 0) return { name, skipped: `mount -t tmpfs failed: ${mounted.stderr.trim() || mounted.status}` };
  let instance;
  try {
    const env = { ...envOf(DISK_INSTANCE_PORT, 'instance-disk'), UPLOADS_DIR: mountPoint };
    instance = await startInstance('instance-disk', env, workDir);
    const direct = `http://127.0.0.1:${DISK_INSTANCE_PORT}`;
    const resumeBytes = 300 * 1024;
    const resume = pdf(resumeBytes);
    // Not a resume key: the storage ignores it, and so does the check of files against rows.
    const filler = path.join(mountPoint, 'filler');
    // What the resumes could still use: the free space and the filler's.
    const room = () => {
      const stats = fs.statfsSync(mountPoint);
      return stats.bavail * stats.bsize + (fs.existsSync(filler) ? fs.statSync(filler).size : 0);
    };
    const leaveFree = (bytes) => fs.writeFileSync(filler, Buffer.alloc(Math.max(0, room() - bytes)));
    const records = [];
    let n = 0;
    const apply = async () => {
      const email = emailOf('full', n++);
      const body = { job: context.job._id, fullName: 'Full Disk', email, phone: '+15550100', experience: '3 years', resume, isResumeBase64: true };
      try {
        const response = await call(`${direct}/api/jobs/apply`, { method: 'POST', body, timeoutMs: 15_000 });
        records.push({ kind: 'application', email, status: response.status, id: response.json?.data?._id, message: response.json?.message });
      } catch (error) {
        records.push({ kind: 'application', email, status: 0, error: String(error) });
      }
    };
    // Rounds of four at once with room for one and a half: whichever passes the free-space check while another
    // is writing runs out of space mid-file (ENOSPC). Then room for none: the check refuses them up front.
    const deadline = Date.now() + Math.min(durationMs, 10_000);
    do {
      leaveFree(1.5 * resumeBytes);
      await Promise.all(Array.from({ length: 4 }, apply));
      // Enough room kept for the application taken once the filler is gone.
    } while (Date.now() < deadline && room() >= 3 * resumeBytes);
    leaveFree(resumeBytes / 2);
    await Promise.all(Array.from({ length: 4 }, apply));
    const checked = await verify(context, records, mountPoint, { full: true });
    const refused = records.filter((record) => record.status === 503);
    const refusedStored = refused.length
      ? (
          await queryRows(context.databaseUrl, 'select count(*)::int as count from job_applications where email = any($1)', [
            refused.map((record) => record.email),
          ])
        )[0].count
      : 0;
    // The space comes back: applications are taken again.
    fs.rmSync(filler);
    const before = records.length;
    await apply();
    const afterwards = records.slice(before);
    const diskLog = instanceLog(workDir, 'instance-disk');
    const result = summarize(name, records.slice(0, before), checked, {
      refusedButStored: refusedStored,
      afterSpaceFreed: afterwards[0].status,
      // Which check refused them: the write itself (ENOSPC mid-file) or the free-space check before it.
      refusedMidWrite: countLines(diskLog, 'the resume could not be stored'),
      refusedUpFront: countLines(diskLog, 'bytes free for resumes'),
    });
    const messages = new Set(refused.map((record) => record.message));
    result.failures = [
      result.lost !== 0 && `${result.lost} acknowledged applications lost`,
      result.other5xx !== 0 && `${result.other5xx} answers were 5xx other than 503`,
      refused.length === 0 && 'no application was refused: the folder never filled',
      result.refusedMidWrite === 0 && 'no write ran out of space mid-file: the ENOSPC path was not exercised',
      messages.size !== 1 || !messages.has('We cannot accept applications at the moment. Please try again later.')
        ? `the 503s' messages: ${[...messages].join(' | ')}`
        : false,
      refusedStored !== 0 && `${refusedStored} refused applications have a row`,
      checked.partials !== 0 && `${checked.partials} partial files left`,
      checked.rowsWithoutFile !== 0 && `${checked.rowsWithoutFile} rows without their file`,
      checked.filesWithoutRow !== 0 && `${checked.filesWithoutRow} files without a row`,
      afterwards[0].status !== 201 && `once space was back an application got ${afterwards[0].status}`,
    ].filter(Boolean);
    return result;
  } finally {
    if (instance) await stopProcess(instance.child);
    spawnSync('umount', [mountPoint]);
  }
}

async function queryRows(url, sql, params) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The table of counts the README and the report quote. */
export function printResults(results, durationMs) {
  console.log(`\nFaults under load: ${durationMs / 1000} s of mixed writes per scenario through nginx (${CONCURRENCY} at a time)\n`);
  console.log('| scenario | sent | acknowledged | found afterwards | lost | 503 | other 5xx | files without row | rows without file | notes |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  const answers = [];
  for (const result of results) {
    if (result.skipped) {
      console.log(`| ${result.name} | skipped: ${result.skipped} |||||||||`);
      continue;
    }
    const notes = [
      result.reconnected !== undefined && `reconnected by itself: ${result.reconnected ? 'yes' : 'NO'}`,
      result.signIns && `sign-ins ${result.signIns}`,
      result.outageLoggedPerInstance && `outage logged ${result.outageLoggedPerInstance}, end logged ${result.backLoggedPerInstance} per instance`,
      result.cutByKill !== undefined && `${result.cutByKill} in flight on the killed instance (nginx's 503)`,
      result.refusedButStored !== undefined &&
        `503s: ${result.refusedMidWrite} by ENOSPC mid-write, ${result.refusedUpFront} by the free-space check; refused with a row: ${result.refusedButStored}, partial files: ${result.partials}, after freeing space: ${result.afterSpaceFreed}`,
    ]
      .filter(Boolean)
      .join('; ');
    answers.push(`${result.name}: ${JSON.stringify(result.byStatus)}`);
    console.log(
      `| ${result.name} | ${result.sent} | ${result.acknowledged} | ${result.found} | ${result.lost} | ${result.refused503} | ${result.other5xx} | ${result.filesWithoutRow} | ${result.rowsWithoutFile} | ${notes} |`,
    );
  }
  console.log(`\nAnswers by status:\n  ${answers.join('\n  ')}`);
  for (const result of results.filter((entry) => entry.failures?.length)) {
    console.log(`\nFAIL ${result.name}:\n  - ${result.failures.join('\n  - ')}\n  answers: ${JSON.stringify(result.byStatus)}`);
  }
}
