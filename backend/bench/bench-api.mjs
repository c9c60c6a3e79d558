// `npm run bench:api`: load figures for the built backend (not a test; nothing here can fail a build).
// For each database (PGlite, and PostgreSQL when one answers on 127.0.0.1:5432):
//  1. starts backend/dist/main.js on a fresh data folder (a fresh database) and records its peak RSS (VmHWM) once
//     healthy: the first-start peak; creates 50 jobs through the admin API; stops;
//  2. starts it as shipped (`npm start`'s settings: NODE_ENV=development, default LOG_LEVEL, so one access log line
//     per request, written to a file as a service manager would) and runs autocannon (2 s warm-up, then 10 s at
//     50 connections) against GET /api/jobs, GET / (the prerendered home page), the page of one of those jobs, a
//     published page built from blocks, a portfolio item's case study with its story published, a news post, the five pages again
//     asking for brotli as browsers do, 2,000 addresses of a
//     closed job's page (other words before its digits each time: 410, rendered once), GET /api/portfolio, POST /api/leads
//     (as the quote form sends it: a fresh form token and a new address each time, so each lead is confirmed),
//     POST /api/collect (the site's page views, as sendBeacon sends them, from 5,000 browsers over 8 pages), and
//     GET /api/leads signed in as an admin (what the admin guard reads on every request of the back office);
//  3. the same quiet (LOG_LEVEL=warn);
//  4. nginx serving the same bytes as GET /api/jobs and GET / from a folder of its own, in the same run;
//  5. POST /api/leads without a token or confirmation (the lead and its staff mail to the owner, which every
//     submission writes: the cost of the token, quota and confirmation), and the worker's deliveries per second to a
//     real SMTP server in this process.
// Prints req/s, p99 latency, the backend's CPU time per request, the ratios to nginx and each process's peak RSS.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { ensureBuilds, ensureNginx } from '../../stack/lib.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const { Client } = require('pg');
const { FORM_TOKEN_HEADER, emptyBlock, jobPath, jobSlugId } = require('@brightwave/common');
const { loginCodeSince, outboxSnapshot, pollUntil, signInByMailedCode } = require('@brightwave/testing');

const backendDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repoRoot = path.dirname(backendDir);
const mainJs = path.join(backendDir, 'dist', 'main.js');
const siteDist = path.join(repoRoot, 'site', 'dist');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
// BENCH_PAGES_ONLY=1: only GET / and a job's page (and nginx's GET /), for runs of two builds alternating on one machine.
const PAGES_ONLY = process.env.BENCH_PAGES_ONLY === '1';
// BENCH_ONLY=<text>: only the calls whose title holds it (e.g. `collect`), without the leads' extra runs.
const ONLY = process.env.BENCH_ONLY;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = 3901;
const NGINX_PORT = 3902;
const base = `http://127.0.0.1:${PORT}`;
const nginxBase = `http://127.0.0.1:${NGINX_PORT}`;
const admin = { email: 'bench@example.test', password: 'bench-password-1234' };
// Known to the bench, so it can issue the form tokens the server accepts (as GET /api/form-token does).
const JWT_SECRET = randomBytes(32).toString('hex');

// A fresh clone has no builds yet: build what is missing.
ensureBuilds();

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const portAnswers = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

function waitFor(url, child) {
  return pollUntil(
    () => {
      if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
      // Not listening yet: asked again.
      return fetch(url).then(
        (response) => response.ok,
        () => false,
      );
    },
    { what: url },
  );
}

function peakRssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)[1]) / 1024);
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function loginToken(dataDir) {
  const outbox = path.join(dataDir, 'outbox');
  const { token } = await signInByMailedCode(
    {
      postJson: async (route, body) => {
        const response = await fetch(`${base}${route}`, json(body));
        return { status: response.status, body: await response.json() };
      },
      markMailbox: () => outboxSnapshot(outbox),
      readCode: (before) => loginCodeSince(outbox, before),
    },
    admin,
  );
  return token;
}

function json(body, headers = {}) {
  return { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/** Publishes the bench's built page (a hero, cards and a call to action) unless it is there already: its call. */
async function publishBuiltPage(token) {
  const slug = 'cloud-audit';
  const auth = { authorization: `Bearer ${token}` };
  const { pages } = await (await fetch(`${base}/api/admin/pages`, { headers: auth })).json();
  if (!pages.some((page) => page.slug === slug && page.status === 'published')) {
    const { page } = await (await fetch(`${base}/api/admin/pages`, json({ title: 'Cloud audit', slug }, auth))).json();
    const card = (title) => ({ title, text: 'What we look at, and what you get.', image: '', imageAlt: '', link: '/contact' });
    const blocks = [
      { ...emptyBlock('hero'), heading: 'A cloud audit in two weeks', text: 'Costs, security and reliability, measured.' },
      { ...emptyBlock('cards'), heading: 'What we check', cards: [card('Costs'), card('Security'), card('Reliability')] },
      { ...emptyBlock('callToAction'), heading: 'Talk to us', buttonLabel: 'Get in touch', buttonLink: '/contact' },
    ];
    await fetch(`${base}/api/admin/pages/${page._id}`, { ...json({ draft: { ...page.draft, blocks } }, auth), method: 'PUT' });
    await fetch(`${base}/api/admin/pages/${page._id}/publish`, json({}, auth));
  }
  return { title: 'GET a built page (rendered, then cached)', path: `/${slug}` };
}

/** Publishes a story for the first portfolio item (docs/features/case-studies.md): its case study's call. */
async function publishCaseStudy(token) {
  const auth = { authorization: `Bearer ${token}` };
  const { portfolios } = await (await fetch(`${base}/api/portfolio`)).json();
  const { _id, createdAt: _createdAt, slug, ...fields } = portfolios[0];
  const story = {
    client: 'Harbour Tours Ltd',
    industry: 'Travel',
    services: ['web', 'mobile'],
    results: [{ value: '3×', label: 'more bookings' }],
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Bookings tripled in the first season.' }] }] },
  };
  await fetch(`${base}/api/portfolio/${_id}`, { ...json({ linkToProject: 'https://example.com', ...fields, ...story }, auth), method: 'PUT' });
  await fetch(`${base}/api/admin/portfolio/${_id}/publish`, json({}, auth));
  return { title: 'GET a case study (rendered, then cached)', path: `/portfolio/${slug}` };
}

/** Publishes a news post (docs/features/news.md): its page's call. */
async function publishPost(token) {
  const auth = { authorization: `Bearer ${token}` };
  const slug = 'harbour-office-opens';
  const created = await fetch(`${base}/api/admin/posts`, json({ title: 'Our harbour office opens', slug }, auth));
  if (created.ok) {
    const { post } = await created.json();
    const body = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'A bigger office by the harbour, with room for forty people.' }] }],
    };
    await fetch(`${base}/api/admin/posts/${post._id}`, {
      ...json({ draft: { ...post.draft, summary: 'A new home for our teams.', body } }, auth),
      method: 'PUT',
    });
    await fetch(`${base}/api/admin/posts/${post._id}/publish`, json({}, auth));
  }
  return { title: 'GET a news post (rendered, then cached)', path: `/news/${slug}` };
}

/**
 * POST /api/leads as the quote form sends it: each request a form token issued 10 s before (tokens are single-use)
 * and a new address (3 confirmations a day per address), so every lead spends its token, takes a quota slot and
 * queues its confirmation, as a real visitor's does.
 */
function fromSite({ body, ...call }) {
  const { FormTokens } = require(path.join(backendDir, 'dist', 'spam-triage', 'form-tokens.js'));
  const { loadConfig } = require(path.join(backendDir, 'dist', 'config', 'app-config.js'));
  const tokens = new FormTokens(loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), JWT_SECRET }));
  const lead = JSON.parse(body);
  let sent = 0;
  const setupRequest = (request) => ({
    ...request,
    headers: { ...request.headers, [FORM_TOKEN_HEADER]: tokens.issue(Date.now() - 10_000) },
    body: JSON.stringify({ ...lead, email: `bench-${++sent}@example.com` }),
  });
  return { ...call, body, requests: [{ setupRequest }] };
}

function autocannonRun(options) {
  return new Promise((resolve, reject) => autocannon({ connections: CONNECTIONS, ...options }, (error, result) => (error ? reject(error) : resolve(result))));
}

/** The CPU time (user and system) a process has used so far, in milliseconds (/proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Two unmeasured seconds first, so the JIT and the connection pool are warm when measuring starts. With `pid` (the
 * backend's), the CPU time it spent per answered request while measuring; `expectStatus`: the answer that is no error.
 */
async function run({ pid, expectStatus, ...options }) {
  const warmUp = await autocannonRun({ ...options, duration: 2 });
  const cpuBefore = pid ? cpuMs(pid) : 0;
  const result = await autocannonRun({ ...options, duration: DURATION_S });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuUs: pid ? ((cpuMs(pid) - cpuBefore) * 1000) / result.requests.total : undefined,
    non2xx: result.non2xx - (expectStatus ? (result.statusCodeStats[expectStatus]?.count ?? 0) : 0),
    bytes: result.throughput.total / result.requests.total,
    answered2xx: warmUp['2xx'] + result['2xx'],
  };
}

/**
 * The page views the backend has counted today, once its last counts are written (every ANALYTICS_FLUSH_SECONDS, 5 by
 * default): the beacons' 204s were counts, not refusals.
 */
async function collectedViews(token) {
  await new Promise((resolve) => setTimeout(resolve, 6000));
  const today = new Date().toISOString().slice(0, 10);
  const response = await fetch(`${base}/api/admin/analytics?from=${today}&to=${today}`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()).days[0].views;
}

/** What Chromium sends: the pages rows marked "br" ask for a compressed answer as every browser does. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const BASE_CALLS = [
  { title: 'GET /api/jobs (50 jobs)', path: '/api/jobs', nginxPath: '/jobs.json' },
  { title: 'GET / (home page)', path: '/', nginxPath: '/' },
  { title: 'GET /api/portfolio (9 items)', path: '/api/portfolio' },
  {
    title: 'POST /api/leads',
    path: '/api/leads',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email: 'bench@example.com', service: 'web', message: 'Load test lead' }),
  },
  {
    title: 'POST /api/collect (a page view)',
    path: '/api/collect',
    method: 'POST',
    beacon: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'view', path: '/', screen: 'desktop' }),
  },
];

/** A browser's user agent: the collect route counts no bot (isbot). */
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const COLLECT_PAGES = ['/', '/services', '/about', '/about/mission', '/portfolio', '/careers', '/contact', '/privacy'];

/**
 * POST /api/collect as the site's beacon sends it: a page view as JSON, from one of 5,000 browsers (the user agent
 * varies; the address is the bench's) on one of the site's pages, a fifth of them from a newsletter.
 */
function fromBeacon(call) {
  let sent = 0;
  const setupRequest = (request) => {
    sent++;
    const source = sent % 5 === 0 ? { source: 'newsletter', medium: 'email' } : {};
    return {
      ...request,
      headers: { ...request.headers, 'user-agent': `${BROWSER_UA} bench/${sent % 5000}` },
      body: JSON.stringify({ type: 'view', path: COLLECT_PAGES[sent % COLLECT_PAGES.length], screen: 'desktop', ...source }),
    };
  };
  return { ...call, requests: [{ setupRequest }] };
}

/** Distinct addresses of a closed job's page the bench asks for: each is other words before the same 8 digits. */
const CLOSED_JOB_ADDRESSES = 2000;

/** GET /careers/<words>-<digits> of a closed job, with one of CLOSED_JOB_ADDRESSES words each time. */
function fromClosedJobAddresses(call) {
  let sent = 0;
  const setupRequest = (request) => ({ ...request, path: `/careers/asked-${sent++ % CLOSED_JOB_ADDRESSES}-${call.shortId}` });
  const { shortId: _shortId, ...rest } = call;
  return { ...rest, requests: [{ setupRequest }] };
}

/** This run's calls: BASE_CALLS and the page of a job the run has made. */
let calls = BASE_CALLS;

const DELIVERY_SAMPLE = Number(process.env.BENCH_DELIVERIES ?? 2000);

/** A real SMTP server in this process that counts the messages it accepts. */
async function startSmtpSink() {
  const { SMTPServer } = require('smtp-server');
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No reverse DNS of 127.0.0.1 per connection: without a resolver it waits for a timeout on each mail.
    disableReverseLookup: true,
    // The backend keeps pooled connections open; closing the server ends them instead of waiting 30 s for them.
    closeTimeout: 200,
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.server.address().port, received: () => received, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** nginx (Debian's, installed like the stack test does) serving a folder with the same bytes, one worker per core. */
async function startNginx(workDir) {
  const nginx = ensureNginx();
  // Readable by nginx's unprivileged workers whatever the umask and wherever the temp folder is.
  fs.chmodSync(workDir, 0o755);
  const conf = path.join(workDir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes auto;
pid ${workDir}/nginx.pid;
error_log ${workDir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${workDir}/nginx-body;
  proxy_temp_path ${workDir}/nginx-proxy;
  fastcgi_temp_path ${workDir}/nginx-fastcgi;
  uwsgi_temp_path ${workDir}/nginx-uwsgi;
  scgi_temp_path ${workDir}/nginx-scgi;
  server {
    listen 127.0.0.1:${NGINX_PORT};
    root ${workDir}/www;
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  if (await portAnswers(NGINX_PORT)) throw new Error(`port ${NGINX_PORT} is already in use`);
  const child = spawn(nginx, ['-c', conf, '-p', workDir, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitFor(`${nginxBase}/`, child);
  return child;
}

async function benchDatabase(label, databaseUrl) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-bench-'));
  const dataDir = path.join(workDir, 'data');
  const www = path.join(workDir, 'www');
  // The site as built now (others may rebuild site/dist meanwhile); the backend and nginx serve this copy.
  fs.cpSync(siteDist, www, { recursive: true });
  fs.chmodSync(www, 0o755);
  const startServer = ({ shipped, logFile, notifications = true, smtpUrl = '' }) => {
    const out = logFile ? fs.openSync(logFile, 'a') : 'ignore';
    const child = spawn(process.execPath, [mainJs], {
      stdio: ['ignore', out, 'inherit'],
      env: {
        ...process.env,
        // As shipped: what `npm start` sets (nothing: development, LOG_LEVEL info). Quiet: warnings only.
        NODE_ENV: shipped ? 'development' : 'test',
        LOG_LEVEL: shipped ? '' : 'warn',
        PORT: String(PORT),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        SMTP_URL: smtpUrl,
        REDIS_URL: '',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        SEED_DEMO: 'true',
        SITE_DIST_DIR: www,
        ADMIN_DIST_DIR: 'none',
        // The public forms' limit (10 a minute per address) would answer 429 to the load test, and the analytics'
        // (300 a minute) would count nothing.
        RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
        RATE_LIMIT_COLLECT_PER_MINUTE: '1000000',
        RATE_LIMIT_AUTH_PER_15_MIN: '1000',
        // With confirmations off, a lead is its insert and its staff mail to the owner; on (as shipped), a lead from
        // the site also writes its confirmation to the outbox.
        SEND_CONFIRMATIONS: notifications ? 'true' : 'false',
        JWT_SECRET,
        NOTIFY_TO: '',
      },
    });
    if (typeof out === 'number') fs.closeSync(out);
    return child;
  };

  let server = startServer({ shipped: false });
  let nginx;
  const peaks = {};
  const results = {};
  try {
    await waitFor(`${base}/api/health`, server);
    peaks.firstStart = peakRssMb(server.pid);
    const token = await loginToken(dataDir);
    const existing = (await (await fetch(`${base}/api/jobs`)).json()).jobs.length;
    for (let index = existing; index < 50; index++) {
      await fetch(
        `${base}/api/jobs/admin`,
        json(
          {
            title: `Engineer ${index}`,
            department: 'engineering',
            location: 'remote',
            type: 'full-time',
            experience: '2-3 years',
            description: 'Build web platforms for our clients. '.repeat(5),
            requirements: ['TypeScript', 'PostgreSQL', 'Testing'],
          },
          { authorization: `Bearer ${token}` },
        ),
      );
    }
    // A job filled at once: its page answers 410 at any address ending with its digits.
    const filled = await (
      await fetch(
        `${base}/api/jobs/admin`,
        json(
          {
            title: 'Filled Role',
            department: 'engineering',
            location: 'remote',
            type: 'full-time',
            experience: '2-3 years',
            description: 'Filled.',
            requirements: [],
          },
          { authorization: `Bearer ${token}` },
        ),
      )
    ).json();
    await fetch(`${base}/api/jobs/admin/${filled.data._id}/status`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ status: 'filled' }),
    });
    // A page built from blocks (docs/features/built-pages.md), published: rendered once, then answered from its cache.
    const builtPage = await publishBuiltPage(token);
    const caseStudy = await publishCaseStudy(token);
    const post = await publishPost(token);
    const jobsAnswer = Buffer.from(await (await fetch(`${base}/api/jobs`)).arrayBuffer());
    fs.writeFileSync(path.join(www, 'jobs.json'), jobsAnswer);
    // A job's page, rendered by the backend once and then answered from its cache: compared with GET / in this run,
    // uncompressed and as browsers ask for pages (brotli).
    const jobPage = { title: "GET a job's page (rendered, then cached)", path: jobPath(JSON.parse(jobsAnswer.toString()).jobs[0]) };
    const asBrowsersAsk = (call) => ({ ...call, title: `${call.title}, br`, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING }, nginxPath: undefined });
    const homePage = BASE_CALLS.find((call) => call.path === '/');
    const closedJob = {
      title: `GET ${CLOSED_JOB_ADDRESSES} addresses of a closed job's page (410), br`,
      path: '/careers/',
      shortId: jobSlugId(filled.data._id),
      expectStatus: 410,
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    };
    calls = PAGES_ONLY
      ? [
          homePage,
          jobPage,
          builtPage,
          caseStudy,
          post,
          asBrowsersAsk(homePage),
          asBrowsersAsk(jobPage),
          asBrowsersAsk(builtPage),
          asBrowsersAsk(caseStudy),
          asBrowsersAsk(post),
          closedJob,
        ]
      : [
          ...BASE_CALLS.slice(0, 2),
          jobPage,
          builtPage,
          caseStudy,
          post,
          asBrowsersAsk(homePage),
          asBrowsersAsk(jobPage),
          asBrowsersAsk(builtPage),
          asBrowsersAsk(caseStudy),
          asBrowsersAsk(post),
          closedJob,
          ...BASE_CALLS.slice(2),
          // A signed-in admin's list: the session and the sign-in policy's facts read by the guard, then the page of leads.
          { title: 'GET /api/leads (an admin list, signed in)', path: '/api/leads?page=1&limit=20', headers: { authorization: `Bearer ${token}` } },
        ];
    if (ONLY) calls = calls.filter((call) => call.title.includes(ONLY));
    await stop(server);

    nginx = await startNginx(workDir);
    for (const call of calls.filter((call) => call.nginxPath)) {
      results[`nginx ${call.title}`] = await run({ url: `${nginxBase}${call.nginxPath}` });
    }
    await stop(nginx);

    const accessLog = path.join(workDir, 'shipped.log');
    for (const mode of ['shipped', 'quiet']) {
      server = startServer({ shipped: mode === 'shipped', logFile: mode === 'shipped' ? accessLog : undefined });
      await waitFor(`${base}/api/health`, server);
      for (const call of calls) {
        const { title, path: callPath, nginxPath, beacon, ...options } = call;
        const request = beacon
          ? fromBeacon(options)
          : options.method === 'POST'
            ? fromSite(options)
            : options.shortId
              ? fromClosedJobAddresses(options)
              : options;
        results[`${mode} ${title}`] = await run({ url: `${base}${callPath}`, pid: server.pid, ...request });
      }
      if (calls.some((call) => call.beacon)) results[`${mode} collected`] = await collectedViews(token);
      peaks[mode] = peakRssMb(server.pid);
      await stop(server);
    }
    if (PAGES_ONLY || ONLY) {
      printTable(label, calls, results);
      printCollected(calls, results);
      printClosedJobCost(calls, results);
      return;
    }
    // The cost of the token, the quota and the confirmation: the same POST quiet, without a token (the lead and its
    // staff mail to the owner, NOTIFY_TO being empty: every submission writes that one).
    server = startServer({ shipped: false, notifications: false });
    await waitFor(`${base}/api/health`, server);
    const { title: _title, path: leadsPath, ...leadOptions } = calls.find((call) => call.path === '/api/leads');
    results.withoutOutbox = await run({ url: `${base}${leadsPath}`, ...leadOptions });
    await stop(server);
    // The worker's pace: DELIVERY_SAMPLE leads posted as fast as they are answered, each one's confirmation and staff
    // mail to the owner sent to a real SMTP server in this process; from the first post to the last mail.
    const sink = await startSmtpSink();
    server = startServer({ shipped: false, smtpUrl: `smtp://127.0.0.1:${sink.port}` });
    await waitFor(`${base}/api/health`, server);
    const { title: _leadTitle, path: postPath, ...postOptions } = calls.find((call) => call.path === '/api/leads');
    const postedAt = Date.now();
    await autocannonRun({ url: `${base}${postPath}`, ...fromSite(postOptions), amount: DELIVERY_SAMPLE, connections: 10 });
    const postedMs = Date.now() - postedAt;
    // At most 5 minutes: the figures then say how many were delivered.
    await pollUntil(() => sink.received() >= 2 * DELIVERY_SAMPLE, { what: `${2 * DELIVERY_SAMPLE} deliveries`, timeoutMs: 300_000, intervalMs: 50 }).catch(
      () => {},
    );
    results.deliveries = { posted: postedMs, delivered: Date.now() - postedAt, count: sink.received() };
    await stop(server);
    await sink.close();
    const accessLines = fs
      .readFileSync(accessLog, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"msg":"request"')).length;

    printTable(label, calls, results);
    printCollected(calls, results);
    printClosedJobCost(calls, results);
    console.log(
      `Peak RSS (VmHWM): first start on a fresh ${databaseUrl ? 'database' : 'data folder'} ${peaks.firstStart} MB; ` +
        `under load as shipped ${peaks.shipped} MB, quiet ${peaks.quiet} MB. Access log lines written as shipped: ${accessLines}.`,
    );
    const withOutbox = results['quiet POST /api/leads'].rps;
    const without = results.withoutOutbox.rps;
    console.log(
      `POST /api/leads quiet without a token (the lead and its staff mail) ${Math.round(without)} req/s, from the site (token spent, quota ` +
        `slot taken, confirmation stored and sent) ${Math.round(withOutbox)} req/s: these cost ${Math.round((1 - withOutbox / without) * 100)} %.`,
    );
    const { posted, delivered, count } = results.deliveries;
    console.log(
      `Deliveries: ${DELIVERY_SAMPLE} leads posted in ${(posted / 1000).toFixed(1)} s; ${count} mails (confirmations and staff mails) received by the ` +
        `SMTP server ${(delivered / 1000).toFixed(1)} s after the first post: ${Math.round(count / (delivered / 1000))} deliveries/s.`,
    );
  } finally {
    await stop(server);
    if (nginx) await stop(nginx);
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** How many of the beacons answered 204 were counted (as shipped, then quiet, on one database: the counts add up). */
function printCollected(calls, results) {
  const beacon = calls.find((call) => call.beacon);
  if (!beacon) return;
  const shipped = results[`shipped ${beacon.title}`].answered2xx;
  const quiet = results[`quiet ${beacon.title}`].answered2xx;
  console.log(
    `POST /api/collect: ${shipped} page views answered as shipped, ${results['shipped collected']} counted; ` +
      `${quiet} answered quiet, ${results['quiet collected'] - results['shipped collected']} counted.`,
  );
}

/** The CPU time of a closed job's page at many addresses against GET / (as shipped and quiet): it must stay a cached page. */
function printClosedJobCost(calls, results) {
  const closed = calls.find((call) => call.shortId);
  const home = calls.find((call) => call.path === '/' && call.headers);
  if (!closed || !home) return;
  const cost = (mode) => {
    const [closedUs, homeUs] = [results[`${mode} ${closed.title}`].cpuUs, results[`${mode} ${home.title}`].cpuUs];
    return `${mode} ${Math.round(closedUs)} µs against ${Math.round(homeUs)} µs: ${(closedUs / homeUs).toFixed(2)}×`;
  };
  console.log(`CPU per request, ${CLOSED_JOB_ADDRESSES} addresses of a closed job against GET / (both brotli): ${cost('shipped')}; ${cost('quiet')}.`);
}

/** The req/s table of one database's run. */
function printTable(label, calls, results) {
  console.log(`\n${label}: ${DURATION_S} s at ${CONNECTIONS} connections each; load average ${load()}`);
  console.log(
    '| call | as shipped req/s | p99 ms | quiet req/s | p99 ms | nginx req/s | shipped / nginx | quiet / nginx | CPU µs per request, quiet | bytes per response |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const call of calls) {
    const shipped = results[`shipped ${call.title}`];
    const quiet = results[`quiet ${call.title}`];
    const ngx = results[`nginx ${call.title}`];
    const ratio = (value) => (ngx ? (value.rps / ngx.rps).toFixed(2) : '–');
    const errors = shipped.non2xx + quiet.non2xx;
    console.log(
      `| ${call.title}${errors ? ` (${errors} non-2xx)` : ''} | ${Math.round(shipped.rps)} | ${shipped.p99} | ` +
        `${Math.round(quiet.rps)} | ${quiet.p99} | ${ngx ? Math.round(ngx.rps) : '–'} | ${ratio(shipped)} | ${ratio(quiet)} | ${Math.round(quiet.cpuUs)} | ` +
        `${Math.round(shipped.bytes)}${ngx ? ` / nginx ${Math.round(ngx.bytes)}` : ''} |`,
    );
  }
}

await benchDatabase('PGlite (embedded)');
if (await portAnswers(5432)) {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bw_bench_${Date.now()}`;
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await benchDatabase('PostgreSQL (127.0.0.1:5432)', url.toString());
  } finally {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  }
} else {
  console.log('\nNo PostgreSQL on 127.0.0.1:5432: PGlite figures only.');
}
