#!/usr/bin/env node
// The production shape, tested for real: nginx (rendered from nginx/nginx.conf.template) in front of TWO backend
// instances on PostgreSQL and Redis, their resumes in one S3-compatible bucket (s3rver) and no shared folder;
// Playwright smoke through nginx; an instance
// killed with SIGKILL under a stream of submissions. Everything on 127.0.0.1; every process we start is stopped.
//   npm run test:stack        (STACK_SKIP_BROWSER=1 leaves out the Playwright smoke)
import { execFileSync, spawnSync } from 'node:child_process';
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
  repoRoot,
  sleep,
  startInstance,
  startNginx,
  startS3Server,
  stopAll,
  stopProcess,
} from './lib.mjs';
import { call, headerValues } from './http.mjs';

// The shared package's CommonJS build (its ES build is for bundlers).
const { APPLY_BODY_LIMIT_BYTES, RESUME_MAX_BYTES, loginCodeIn } = createRequire(import.meta.url)('@brightwave/common');

const TOTAL_BUDGET_MS = 6 * 60_000;
const results = [];
let currentTest = '';

function assert(condition, message) {
  if (!condition) throw new Error(message);
}
function assertEqual(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/** A port nothing listens on (just released by the system). */
function closedPort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function test(name, fn) {
  currentTest = name;
  const started = Date.now();
  try {
    await fn();
    results.push({ name, ok: true });
    log(`PASS ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    results.push({ name, ok: false, error });
    log(`FAIL ${name}\n       ${String(error?.stack ?? error).split('\n').slice(0, 4).join('\n       ')}`);
  }
}
function skip(name, why) {
  results.push({ name, skipped: why });
  log(`SKIP ${name}: ${why}`);
}

// ---------------------------------------------------------------------------------------------------------------
const workDir = newWorkDir(`brightwave-stack-${NGINX_PORT}`);
// Each instance has a folder of its own: resumes go to the bucket, so nothing has to be shared.
const uploadsDirs = ['a', 'b'].map((name) => path.join(workDir, `instance-${name}`, 'uploads'));
for (const dir of uploadsDirs) fs.mkdirSync(dir, { recursive: true });
const runTag = randomBytes(4).toString('hex');
let database;
let exitCode = 1;

const watchdog = setTimeout(() => {
  log(`the stack test exceeded ${TOTAL_BUDGET_MS / 1000} s (in "${currentTest}"): stopping`);
  void stopAll().finally(() => process.exit(2));
}, TOTAL_BUDGET_MS);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void stopAll().finally(() => process.exit(130)));
}

const mailFiles = (outboxes) =>
  outboxes
    .filter((dir) => fs.existsSync(dir))
    .flatMap((dir) => fs.readdirSync(dir).map((name) => path.join(dir, name)))
    .filter((file) => file.endsWith('.eml'));

/** The invitation link's token in the first mail that arrived in any instance's outbox after `before`. */
async function readInviteToken(outboxes, before) {
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const file of mailFiles(outboxes).filter((name) => !before.has(name))) {
      // Quoted-printable: soft line breaks and =3D for "=".
      const text = fs
        .readFileSync(file, 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
      const token = /accept-invite#token=([\w-]+)/.exec(text)?.[1];
      if (token) return token;
    }
    await sleep(100);
  }
  throw new Error('no invitation arrived in the outbox');
}

/** The login code of the first mail that arrived in any instance's outbox after the snapshot `before`. */
async function readCode(outboxes, before) {
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const file of mailFiles(outboxes).filter((name) => !before.has(name))) {
      const code = loginCodeIn(fs.readFileSync(file, 'utf8'));
      if (code) return code;
    }
    await sleep(100);
  }
  throw new Error('no verification code arrived in the outbox');
}

/** Logs in through `loginUrl` and verifies through `verifyUrl` (each may be nginx or one instance). */
async function login(loginBase, verifyBase, outboxes, localAddress, admin = ADMIN) {
  const before = new Set(mailFiles(outboxes));
  const started = await call(`${loginBase}/admin/login`, { method: 'POST', body: { email: admin.email, password: admin.password }, localAddress });
  assertEqual(started.status, 200, `login answer (${started.text})`);
  const otp = await readCode(outboxes, before);
  const verified = await call(`${verifyBase}/admin/verify-2fa`, { method: 'POST', body: { adminId: started.json.adminId, otp }, localAddress });
  assertEqual(verified.status, 200, `verify answer (${verified.text})`);
  assert(typeof verified.json.token === 'string', 'a token');
  return verified.json.token;
}

const lead = (suffix) => ({
  name: `Stack ${suffix}`,
  email: `stack-${runTag}-${suffix}@example.test`,
  service: 'web',
  message: `Stack test lead ${suffix} (${runTag})`,
});

/** A PDF of `size` bytes as the apply form sends it. */
function pdfDataUrl(size) {
  const bytes = Buffer.alloc(size, 0x20);
  Buffer.from('%PDF-1.4\n').copy(bytes);
  randomBytes(Math.min(size - 16, 4096)).copy(bytes, 16);
  return { bytes, dataUrl: `data:application/pdf;base64,${bytes.toString('base64')}` };
}

function accessLogLines(nginxRun, marker) {
  return fs.readFileSync(nginxRun.accessLog, 'utf8').split('\n').filter((line) => line.includes(marker));
}

try {
  // -------------------------------------------------------------------------------------------------------------
  log(`work folder ${workDir}`);
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
    backendEnv({ port, dataDir: path.join(workDir, `instance-${'ab'[index]}`), uploadsDir: uploadsDirs[index], databaseUrl: database.url, redisUrl, jwtSecret, extra: s3.env }),
  );
  // The first instance applies the migrations and seeds; the second starts against the same database.
  const instances = [];
  for (const [index, env] of envs.entries()) instances.push(await startInstance(`instance-${'ab'[index]}`, env, workDir));
  const [a, b] = instances;
  const direct = (instance) => `http://127.0.0.1:${instance.port}`;
  const outboxes = instances.map((instance) => instance.outbox);
  const nginx = await startNginx(workDir, { upstreamPorts: ports, tls: true });
  const base = nginx.baseUrl;
  const tlsBase = `https://127.0.0.1:${NGINX_TLS_PORT}`;
  log(`nginx ${base} and ${tlsBase} -> ${ports.map((port) => `127.0.0.1:${port}`).join(', ')}`);

  const backendHealth = await call(`${direct(a)}/api/health`);
  const expectedHeaders = {
    'content-security-policy': backendHealth.headers['content-security-policy'],
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
  const assertSecurityHeaders = (response, what) => {
    for (const [name, value] of Object.entries(expectedHeaders)) {
      const values = headerValues(response, name);
      assertEqual(values.length, 1, `${what}: number of ${name} headers`);
      assertEqual(values[0].toLowerCase(), value.toLowerCase(), `${what}: ${name}`);
    }
  };

  // ----- configuration ----------------------------------------------------------------------------------------
  await test('the committed nginx.conf is the template rendered with the docker-compose values', async () => {
    execFileSync(process.execPath, [path.join(repoRoot, 'nginx', 'render.mjs'), '--compose', '--check'], { stdio: 'pipe' });
  });

  await test('docker-compose.yml is valid and uses the committed nginx.conf', async () => {
    const output = execFileSync('bash', [path.join(repoRoot, 'stack', 'check-compose.sh')], { encoding: 'utf8', stdio: 'pipe' });
    assert(/compose file is valid/.test(output), output);
  });

  // ----- static files and headers ----------------------------------------------------------------------------
  await test('nginx serves the prerendered site with the backend\'s security headers and no version banner', async () => {
    const home = await call(`${base}/`);
    assertEqual(home.status, 200, 'GET /');
    assert(home.headers['content-type'].startsWith('text/html'), 'HTML');
    assertEqual(home.text, fs.readFileSync(path.join(repoRoot, 'site', 'dist', 'index.html'), 'utf8'), 'the prerendered home page');
    assertSecurityHeaders(home, 'GET /');
    assert(/script-src 'self'/.test(expectedHeaders['content-security-policy']), 'the CSP allows only our own scripts');
    assertEqual(home.headers['cache-control'], 'no-cache', 'HTML cache-control');
    assertEqual(home.headers.server, 'nginx', 'server header without version');
    assertEqual(home.headers['strict-transport-security'], undefined, 'no HSTS over plain HTTP');
    const careers = await call(`${base}/careers`);
    assertEqual(careers.status, 200, 'GET /careers');
    assertEqual(careers.text, fs.readFileSync(path.join(repoRoot, 'site', 'dist', 'careers', 'index.html'), 'utf8'), '/careers is careers/index.html');
  });

  await test('nginx serves the builds of a clone in a private (0700) folder, as root too', async () => {
    // As CI clones into `mktemp -d`: a folder only its owner may enter, while nginx's workers run as nobody.
    const privateClone = fs.mkdtempSync(path.join(workDir, 'private-clone-'));
    assertEqual(fs.statSync(privateClone).mode & 0o777, 0o700, 'mode of the private folder');
    for (const app of ['site', 'admin']) {
      fs.cpSync(path.join(repoRoot, app, 'dist'), path.join(privateClone, app, 'dist'), { recursive: true });
    }
    const privateNginx = await startNginx(workDir, {
      upstreamPorts: ports,
      port: NGINX_PRIVATE_PORT,
      siteDist: path.join(privateClone, 'site', 'dist'),
      adminDist: path.join(privateClone, 'admin', 'dist'),
    });
    try {
      const home = await call(`${privateNginx.baseUrl}/`);
      assertEqual(home.status, 200, 'GET /');
      assertEqual(home.text, fs.readFileSync(path.join(privateClone, 'site', 'dist', 'index.html'), 'utf8'), 'the home page');
      const adminPage = await call(`${privateNginx.baseUrl}/admin/`);
      assertEqual(adminPage.status, 200, 'GET /admin/');
      assertEqual(adminPage.text, fs.readFileSync(path.join(privateClone, 'admin', 'dist', 'index.html'), 'utf8'), 'the admin app');
    } finally {
      await stopProcess(privateNginx.child);
    }
  });

  await test("a miss gets the site's 404 page with status 404", async () => {
    const miss = await call(`${base}/no-such-page-${runTag}`);
    assertEqual(miss.status, 404, 'status');
    assertEqual(miss.text, fs.readFileSync(path.join(repoRoot, 'site', 'dist', '404.html'), 'utf8'), 'body is 404.html');
    assertSecurityHeaders(miss, '404 page');
  });

  await test('nginx passes /portfolio to an instance, which renders the projects; with no instance up the prerendered page answers', async () => {
    const projects = (await call(`${base}/api/portfolio`)).json.portfolios;
    assert(projects.length > 0, 'the seeded projects');
    const page = await call(`${base}/portfolio`);
    assertEqual(page.status, 200, 'GET /portfolio');
    assert(page.headers['content-type'].startsWith('text/html'), 'HTML');
    assert(page.text.includes('<script type="application/json" id="page-data">'), 'the projects are embedded for hydration');
    for (const project of projects) assert(page.text.includes(`>${project.projectTitle}</button>`), `${project.projectTitle} is in the HTML`);
    assertSecurityHeaders(page, 'GET /portfolio');
    assertEqual(headerValues(page, 'cache-control').join(', '), 'no-cache', 'one cache-control');
    const brotli = await call(`${base}/portfolio/`, { headers: { 'accept-encoding': 'br' } });
    assertEqual(brotli.headers['content-encoding'], 'br', 'the backend\'s brotli passes through');

    const prerendered = fs.readFileSync(path.join(repoRoot, 'site', 'dist', 'portfolio', 'index.html'), 'utf8');
    const lonely = await startNginx(workDir, { upstreamPorts: [await closedPort()], port: NGINX_PRIVATE_PORT });
    try {
      const fallback = await call(`${lonely.baseUrl}/portfolio`);
      assertEqual(fallback.status, 200, 'GET /portfolio with no instance');
      assertEqual(fallback.text, prerendered, 'the prerendered page');
      assertSecurityHeaders(fallback, 'the prerendered /portfolio');
      assertEqual(headerValues(fallback, 'cache-control').join(', '), 'no-cache', 'one cache-control on the prerendered page');
    } finally {
      await stopProcess(lonely.child);
    }
  });

  await test('hashed assets are cached a year immutable and text is gzipped', async () => {
    const assets = fs.readdirSync(path.join(repoRoot, 'site', 'dist', 'assets'));
    const script = assets.filter((name) => name.endsWith('.js')).sort((x, y) =>
      fs.statSync(path.join(repoRoot, 'site', 'dist', 'assets', y)).size - fs.statSync(path.join(repoRoot, 'site', 'dist', 'assets', x)).size)[0];
    const asset = await call(`${base}/assets/${script}`, { headers: { 'accept-encoding': 'gzip' } });
    assertEqual(asset.status, 200, 'asset status');
    assertEqual(asset.headers['cache-control'], 'public, max-age=31536000, immutable', 'asset cache-control');
    assertEqual(asset.headers['content-encoding'], 'gzip', 'asset encoding');
    const adminAssets = fs.readdirSync(path.join(repoRoot, 'admin', 'dist', 'assets'));
    const adminAsset = await call(`${base}/admin/assets/${adminAssets[0]}`);
    assertEqual(adminAsset.status, 200, 'admin asset status');
    assertEqual(adminAsset.headers['cache-control'], 'public, max-age=31536000, immutable', 'admin asset cache-control');
    const missing = await call(`${base}/admin/assets/missing-${runTag}.js`);
    assertEqual(missing.status, 404, 'a missing hashed file is 404, not the app');
  });

  await test('the admin app is served at /admin/ with SPA fallback; GETs of the auth paths are pages', async () => {
    const adminIndex = fs.readFileSync(path.join(repoRoot, 'admin', 'dist', 'index.html'), 'utf8');
    const redirect = await call(`${base}/admin`);
    assertEqual(redirect.status, 301, '/admin status');
    assertEqual(redirect.headers.location, '/admin/', '/admin location');
    for (const page of ['/admin/', '/admin/leads', '/admin/jobs/123/applications', '/admin/login', '/admin/verify-2fa']) {
      const response = await call(`${base}${page}`);
      assertEqual(response.status, 200, `GET ${page}`);
      assertEqual(response.text, adminIndex, `GET ${page} is the admin index.html`);
      assertEqual(response.headers['cache-control'], 'no-cache', `GET ${page} cache-control`);
      assertSecurityHeaders(response, `GET ${page}`);
    }
  });

  await test('API answers pass through nginx with one copy of each security header and gzip', async () => {
    const jobs = await call(`${base}/api/jobs`);
    assertEqual(jobs.status, 200, 'GET /api/jobs');
    assert(jobs.json?.success === true && jobs.json.jobs.length > 0, 'the seeded jobs');
    assertSecurityHeaders(jobs, 'GET /api/jobs');
    assertEqual(headerValues(jobs, 'cache-control').length <= 1, true, 'nginx adds no cache-control to the API');
    const portfolio = await call(`${base}/api/portfolio`, { headers: { 'accept-encoding': 'gzip' } });
    assertEqual(portfolio.headers['content-encoding'], 'gzip', 'JSON gzipped');
    const unknown = await call(`${base}/api/no-such-route`);
    assertEqual(unknown.status, 404, 'unknown API route');
    assertEqual(unknown.json?.success, false, 'the backend answers API misses in its envelope, not with the site page');
  });

  await test('over TLS pages and API answers carry HSTS', async () => {
    for (const url of [`${tlsBase}/`, `${tlsBase}/api/health`]) {
      const response = await call(url);
      assertEqual(response.status, 200, url);
      assertEqual(response.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', `${url} HSTS`);
      assertSecurityHeaders(response, url);
    }
  });

  await test('uploads and dotfiles are never reachable as files', async () => {
    fs.writeFileSync(path.join(uploadsDirs[0], `probe-${runTag}.pdf`), '%PDF-1.4 probe');
    for (const probe of [`/uploads/probe-${runTag}.pdf`, '/uploads/', '/.vite/manifest.json', '/.env', '/.git/config', '/admin/.vite/manifest.json', '/assets/.hidden']) {
      const response = await call(`${base}${probe}`);
      assertEqual(response.status, 404, `GET ${probe}`);
      assert(!response.text.includes('probe'), `${probe} leaks nothing`);
    }
  });

  await test('a 6 MB body gets 413 from nginx itself; beyond the apply limit even the apply route does', async () => {
    const bigLead = { ...lead('big'), message: 'x'.repeat(6 * 1000 * 1000) };
    const leadProbe = `big-lead-${runTag}`;
    const tooLarge = await call(`${base}/api/leads?probe=${leadProbe}`, { method: 'POST', body: bigLead });
    assertEqual(tooLarge.status, 413, 'a 6 MB lead');
    assertEqual(tooLarge.json?.success, false, 'the API envelope');
    const applyProbe = `big-apply-${runTag}`;
    const tooLargeApply = await call(`${base}/api/jobs/apply?probe=${applyProbe}`, { method: 'POST', body: Buffer.alloc(APPLY_BODY_LIMIT_BYTES + 16 * 1024, 0x20), headers: { 'content-type': 'application/json' } });
    assertEqual(tooLargeApply.status, 413, 'a body over the apply limit to the apply route');
    await sleep(100);
    for (const probe of [leadProbe, applyProbe]) {
      const lines = accessLogLines(nginx, probe);
      assertEqual(lines.length, 1, `access log line of ${probe}`);
      assert(/ upstream=- /.test(lines[0]), `nginx answered without asking an instance: ${lines[0]}`);
    }
  });

  const jobs = (await call(`${base}/api/jobs`)).json.jobs;
  const job = jobs[0];

  await test('the largest resume (just under RESUME_MAX_BYTES, base64 in JSON) goes through nginx', async () => {
    const { dataUrl } = pdfDataUrl(RESUME_MAX_BYTES - 1024);
    const body = { job: job._id, fullName: 'Largest Resume', email: `largest-${runTag}@example.test`, phone: '+15550100', experience: '3 years', resume: dataUrl, isResumeBase64: true };
    const response = await call(`${base}/api/jobs/apply`, { method: 'POST', body, localAddress: '127.0.0.40' });
    assertEqual(response.status, 201, `apply answer (${response.text.slice(0, 200)})`);
  });

  await test('nginx turns away a flood of applications or sign-in posts from one address before an instance reads it', async () => {
    // The template allows a burst of 5 applications and 10 sign-in posts per address, then one every 10 s / 2 s.
    for (const [route, sent, passed, address] of [['/api/jobs/apply', 12, 6, '127.0.0.41'], ['/admin/login', 20, 11, '127.0.0.42']]) {
      const probe = `flood${route.replace(/\W/g, '-')}-${runTag}`;
      const answers = [];
      for (let i = 0; i < sent; i++) {
        answers.push(await call(`${base}${route}?probe=${probe}`, { method: 'POST', body: {}, localAddress: address }));
      }
      const refused = answers.slice(passed);
      assert(refused.every((answer) => answer.status === 429), `${route}: the requests beyond the burst get 429 (${answers.map((a) => a.status)})`);
      assertEqual(refused[0].json?.message, 'Too many requests. Please try again later.', `${route}: the API's message`);
      assertEqual(refused[0].headers['retry-after'], '60', `${route}: Retry-After`);
      assertSecurityHeaders(refused[0], `${route}: nginx's 429`);
      await sleep(100);
      const byNginx = accessLogLines(nginx, probe).filter((line) => / 429 /.test(line) && / upstream=- /.test(line));
      assertEqual(byNginx.length, sent - passed, `${route}: 429s answered by nginx itself`);
    }
  });

  await test('a login through nginx (POST /admin/login, /admin/verify-2fa, /admin/logout) reaches the API', async () => {
    const token = await login(base, base, instances.map((instance) => instance.outbox), '127.0.0.33');
    const auth = { authorization: `Bearer ${token}` };
    assertEqual((await call(`${base}/api/leads?limit=1&page=1`, { headers: auth })).status, 200, 'admin call');
    const logout = await call(`${base}/admin/logout`, { method: 'POST', headers: auth });
    assertEqual(logout.status, 200, `logout through nginx (${logout.text})`);
    assertEqual((await call(`${base}/api/leads?limit=1&page=1`, { headers: auth })).status, 401, 'revoked');
  });

  await test('an invitation through nginx, from the owner\'s invite to the newcomer\'s sign-in; roles hold on every instance, disabling is at once, audited once', async () => {
    // One visitor address for the whole flow: nginx's own limit on these POSTs counts per address.
    const visitor = '127.0.0.34';
    const owner = { authorization: `Bearer ${await login(base, base, outboxes, visitor)}` };
    const sales = { email: `sales-${runTag}@example.test`, password: 'harbour-lantern-sales-63' };
    const before = new Set(mailFiles(outboxes));
    const invited = await call(`${base}/api/admin/admins`, { method: 'POST', headers: owner, body: { email: sales.email, name: 'Stack Sales', role: 'sales' }, localAddress: visitor });
    assertEqual(invited.status, 201, `invite through nginx (${invited.text})`);
    const token = await readInviteToken(outboxes, before);
    const pending = (await call(`${base}/api/admin/invites`, { headers: owner, localAddress: visitor })).json;
    assert(pending?.invites?.some((invite) => invite.email === sales.email), `the invitation is pending (${JSON.stringify(pending)})`);
    // The link opens the admin app's page; its form posts to the same path.
    const page = await call(`${base}/admin/accept-invite`, { localAddress: visitor });
    assertEqual(page.status, 200, 'GET /admin/accept-invite');
    assertEqual(page.text, fs.readFileSync(path.join(repoRoot, 'admin', 'dist', 'index.html'), 'utf8'), 'GET /admin/accept-invite is the admin app');
    const probe = `accept-${runTag}`;
    const accepted = await call(`${base}/admin/accept-invite?probe=${probe}`, { method: 'POST', body: { token, password: sales.password }, localAddress: visitor });
    assertEqual(accepted.status, 200, `accept through nginx (${accepted.text})`);
    assertEqual(accepted.json?.email, sales.email, 'the new account');
    await sleep(100);
    const [line] = accessLogLines(nginx, probe);
    assert(/ upstream=127\.0\.0\.1:\d+ /.test(line ?? ''), `an instance answered the accept, not nginx: ${line}`);
    const again = await call(`${base}/admin/accept-invite`, { method: 'POST', body: { token, password: sales.password }, localAddress: visitor });
    assertEqual(again.status, 400, 'the link works once');
    const salesAuth = { authorization: `Bearer ${await login(base, base, outboxes, visitor, sales)}` };
    for (const instance of instances) {
      assertEqual((await call(`${direct(instance)}/api/leads?limit=1&page=1`, { headers: salesAuth })).status, 200, `sales reads leads on ${instance.name}`);
      const refused = await call(`${direct(instance)}/api/jobs/admin`, { headers: salesAuth });
      assertEqual(`${refused.status} ${refused.json?.message}`, '403 Not allowed', `sales may not use jobs on ${instance.name}`);
    }
    const { admins } = (await call(`${base}/api/admin/admins`, { headers: owner, localAddress: visitor })).json;
    const id = admins.find((admin) => admin.email === sales.email)._id;
    assertEqual((await call(`${base}/api/admin/admins/${id}`, { method: 'PATCH', headers: owner, body: { disabled: true }, localAddress: visitor })).status, 200, 'disabled through nginx');
    for (const instance of instances) {
      assertEqual((await call(`${direct(instance)}/api/leads?limit=1&page=1`, { headers: salesAuth })).status, 401, `sessions revoked on ${instance.name}`);
    }
    for (const instance of instances) {
      const audit = (await call(`${direct(instance)}/api/admin/audit?action=admin.invited`, { headers: owner })).json;
      assertEqual(audit.entries.filter((entry) => entry.details.email === sales.email).length, 1, `the invitation is in the audit log read on ${instance.name}`);
    }
    await call(`${base}/admin/logout`, { method: 'POST', headers: owner, localAddress: visitor });
  });

  // ----- several instances --------------------------------------------------------------------------------------
  if (twoInstances) {
    await test('the public-form rate limit counts across both instances (10/min per client address)', async () => {
      const client = { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 200) + 1}` };
      const statuses = [];
      // Straight to the instances, as nginx would forward one visitor's requests: 5 to A and 5 to B.
      for (let i = 0; i < 10; i++) {
        const instance = i % 2 === 0 ? a : b;
        statuses.push((await call(`${direct(instance)}/api/leads`, { method: 'POST', body: lead(`rl-${i}`), headers: client })).status);
      }
      assert(statuses.every((status) => status === 201), `the first 10 are accepted: ${statuses}`);
      for (const instance of [a, b]) {
        const limited = await call(`${direct(instance)}/api/leads`, { method: 'POST', body: lead('rl-over'), headers: client });
        assertEqual(limited.status, 429, `the 11th on ${instance.name}`);
        assert(Number(limited.headers['retry-after']) > 0, 'Retry-After');
      }
    });

    await test('through nginx the limit is per real client address: a forged X-Forwarded-For does not escape it', async () => {
      const visitor = '127.0.0.31';
      const statuses = [];
      for (let i = 0; i < 11; i++) {
        const response = await call(`${base}/api/leads?probe=ngx-rl-${runTag}`, { method: 'POST', body: lead(`ngx-rl-${i}`), localAddress: visitor, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
        statuses.push(response.status);
      }
      assert(statuses.slice(0, 10).every((status) => status === 201), `the first 10 are accepted: ${statuses}`);
      assertEqual(statuses[10], 429, 'the 11th');
      const limited = await call(`${base}/api/leads`, { method: 'POST', body: lead('ngx-rl-over'), localAddress: visitor });
      assertSecurityHeaders(limited, '429 through nginx');
      assert(Number(limited.headers['retry-after']) > 0, 'Retry-After through nginx');
      const upstreams = new Set(accessLogLines(nginx, `ngx-rl-${runTag}`).map((line) => line.match(/upstream=(\S+)/)[1]));
      assertEqual(upstreams.size, 2, `requests went to both instances (${[...upstreams]})`);
      const other = await call(`${base}/api/leads`, { method: 'POST', body: lead('ngx-rl-other'), localAddress: '127.0.0.32' });
      assertEqual(other.status, 201, 'another visitor is not limited');
    });

    await test('a login completed through instance A works on B; logout on B revokes it on both', async () => {
      const token = await login(direct(a), direct(a), outboxes);
      const auth = { authorization: `Bearer ${token}` };
      for (const instance of [a, b]) {
        assertEqual((await call(`${direct(instance)}/api/leads?limit=1&page=1`, { headers: auth })).status, 200, `GET /api/leads on ${instance.name}`);
      }
      for (let i = 0; i < 4; i++) {
        assertEqual((await call(`${base}/api/admin/dashboard/stats`, { headers: auth })).status, 200, 'through nginx');
      }
      const logout = await call(`${direct(b)}/admin/logout`, { method: 'POST', headers: auth });
      assertEqual(logout.status, 200, 'logout on B');
      for (const instance of [a, b]) {
        assertEqual((await call(`${direct(instance)}/api/leads?limit=1&page=1`, { headers: auth })).status, 401, `revoked on ${instance.name}`);
      }
    });

    await test('a resume sent through A downloads through B (one S3 bucket, no shared folder)', async () => {
      const { bytes, dataUrl } = pdfDataUrl(64 * 1024);
      const email = `shared-${runTag}@example.test`;
      const applied = await call(`${direct(a)}/api/jobs/apply`, {
        method: 'POST',
        headers: { 'x-forwarded-for': '198.51.100.250' },
        body: { job: job._id, fullName: 'Shared Uploads', email, phone: '5550101', experience: '2 years', resume: dataUrl, isResumeBase64: true },
      });
      assertEqual(applied.status, 201, `apply on A (${applied.text.slice(0, 200)})`);
      const token = await login(direct(b), direct(b), outboxes);
      const auth = { authorization: `Bearer ${token}` };
      const list = await call(`${direct(b)}/api/jobs/applications/${job._id}`, { headers: auth });
      const application = list.json.applications.find((item) => item.email === email);
      assert(application, 'the application is listed on B');
      const download = await call(`${direct(b)}${application.resume}`, { headers: auth });
      assertEqual(download.status, 200, 'download on B');
      assert(download.body.equals(bytes), 'the same bytes');
      assert(/attachment/.test(download.headers['content-disposition']), 'attachment');
      const throughNginx = await call(`${base}${application.resume}`, { headers: auth });
      assert(throughNginx.status === 200 && throughNginx.body.equals(bytes), 'download through nginx');
      for (const dir of uploadsDirs) {
        assertEqual(fs.readdirSync(dir).filter((name) => !name.startsWith('probe-')).join(), '', `no resume file in ${dir}`);
      }
      // s3rver answers a listing without credentials; the keys are the resumes' random names.
      const listing = await call(`${s3.endpoint}/${s3.bucket}?list-type=2`);
      const stored = [...listing.text.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]);
      assert(stored.length >= 2, `the resumes are in the bucket (${listing.status} ${listing.text.slice(0, 200)})`);
      for (const name of stored) assertEqual((await call(`${base}/uploads/${name}`)).status, 404, `/uploads/${name}`);
      await call(`${base}/admin/logout`, { method: 'POST', headers: auth });
    });
  } else {
    for (const name of ['rate limit across instances', 'login across instances', 'uploads across instances', 'kill -9 failover']) {
      skip(name, 'no Redis: single instance');
    }
  }

  // ----- the browser ----------------------------------------------------------------------------------------------
  if (process.env.STACK_SKIP_BROWSER === '1') skip('Playwright smoke through nginx', 'STACK_SKIP_BROWSER=1');
  else {
    await test('Playwright smoke of the public site and the admin app through nginx', async () => {
      const result = spawnSync(
        process.execPath,
        [path.join(repoRoot, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--config', path.join(repoRoot, 'e2e', 'stack', 'playwright.stack.config.ts')],
        {
          cwd: path.join(repoRoot, 'e2e'),
          stdio: 'inherit',
          timeout: 150_000,
          env: { ...process.env, STACK_WORK_DIR: workDir, STACK_BASE_URL: base, STACK_OUTBOXES: outboxes.join(path.delimiter), STACK_ADMIN_EMAIL: ADMIN.email, STACK_ADMIN_PASSWORD: ADMIN.password },
        },
      );
      assertEqual(result.status, 0, 'playwright exit status');
    });
  }

  // ----- failover -------------------------------------------------------------------------------------------------
  if (twoInstances) {
    await test('kill -9 of one instance during a stream of leads: every 2xx is stored, nginx fails over', async () => {
      const { default: pg } = await import('pg');
      const total = 60;
      const concurrency = 4;
      const outcomes = [];
      let next = 0;
      let killedAt = -1;
      // The first lead handed out after the killed process had exited, its sockets closed by the kernel. Until then
      // nginx may still write to a kept-alive connection of it (and may not retry a POST it has sent); on a slow
      // machine the process takes longer to die than a few requests take to start.
      let firstAfterExit = -1;
      const send = async (i) => {
        // 20 visitors, 3 leads each: well under the 10/min limit of each address.
        const localAddress = `127.0.1.${(i % 20) + 1}`;
        try {
          const response = await call(`${base}/api/leads?probe=kill-${runTag}`, { method: 'POST', body: lead(`kill-${i}`), localAddress, timeoutMs: 15_000 });
          outcomes.push({ i, status: response.status, id: response.json?.data?._id, startedAfterKill: killedAt >= 0 });
        } catch (error) {
          outcomes.push({ i, status: 0, error: String(error), startedAfterKill: killedAt >= 0 });
        }
      };
      const workers = Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const i = next++;
          if (i === Math.floor(total / 3) && killedAt < 0) {
            a.child.once('exit', () => {
              firstAfterExit = next;
            });
            a.child.kill('SIGKILL');
            killedAt = i;
          }
          await send(i);
          await sleep(20);
        }
      });
      await Promise.all(workers);
      const ok = outcomes.filter((outcome) => outcome.status >= 200 && outcome.status < 300);
      const failed = outcomes.filter((outcome) => !(outcome.status >= 200 && outcome.status < 300));
      log(`       ${ok.length} accepted, ${failed.length} failed (${failed.map((f) => `#${f.i}: ${f.status}`).join(', ') || 'none'}) with instance-a killed at #${killedAt}, gone from #${firstAfterExit}`);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const stored = await client.query('select id::text as id, email from leads where email like $1', [`stack-${runTag}-kill-%`]);
        const storedIds = new Set(stored.rows.map((row) => row.id));
        const missing = ok.filter((outcome) => !storedIds.has(String(outcome.id)));
        assertEqual(missing.length, 0, 'accepted leads missing from the database');
        const storedEmails = stored.rows.map((row) => row.email);
        assertEqual(new Set(storedEmails).size, storedEmails.length, 'no lead stored twice');
      } finally {
        await client.end();
      }
      const afterKill = outcomes.filter((outcome) => firstAfterExit >= 0 && outcome.i >= firstAfterExit);
      assert(afterKill.length >= total / 3 && afterKill.every((outcome) => outcome.status === 201), `every lead sent once the killed instance was gone is accepted (from #${firstAfterExit}: ${afterKill.map((o) => o.status)})`);
      assert(ok.length >= total - concurrency, `at most the ${concurrency} in-flight requests may fail (${ok.length}/${total})`);
      const health = await call(`${base}/api/health`);
      assertEqual(health.status, 200, 'health through nginx with one instance left');
      const upstreams = accessLogLines(nginx, `kill-${runTag}`).map((line) => line.match(/upstream=(.*?) ust=/)[1]);
      assert(upstreams.slice(0, killedAt).some((upstream) => upstream.includes(`:${a.port}`)), 'instance A took part before the kill');
      const retried = upstreams.filter((upstream) => upstream.includes(','));
      log(`       nginx retried ${retried.length} request(s) on the other instance: ${retried.join(' | ') || 'none'}`);
      const lastTwenty = upstreams.slice(-20);
      // After fail_timeout (10 s, on a slow machine) nginx may try A again: refused, then B.
      assert(lastTwenty.every((upstream) => upstream.endsWith(`127.0.0.1:${b.port}`)), `the last 20 were answered by B (${lastTwenty})`);
    });
  }
  exitCode = results.some((result) => result.ok === false) ? 1 : 0;
} catch (error) {
  log(`stack setup failed: ${error?.stack ?? error}`);
  results.push({ name: 'stack setup', ok: false, error });
  exitCode = 1;
} finally {
  await stopAll();
  for (const port of [NGINX_PORT, NGINX_PRIVATE_PORT, NGINX_TLS_PORT, ...INSTANCE_PORTS, S3_PORT]) {
    if (await portOpen(port)) {
      results.push({ name: `every process we started is stopped (port ${port} still open)`, ok: false });
      exitCode = 1;
    }
  }
  await database?.drop().catch((error) => log(`could not drop the database: ${error.message}`));
  clearTimeout(watchdog);
  const passed = results.filter((result) => result.ok === true).length;
  const failed = results.filter((result) => result.ok === false).length;
  const skipped = results.filter((result) => result.skipped).length;
  if (exitCode === 0) fs.rmSync(workDir, { recursive: true, force: true });
  else log(`logs kept in ${workDir} (instance-*.log, nginx-*/error.log, nginx-*/access.log)`);
  console.log(`\nstack: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(exitCode);
}
