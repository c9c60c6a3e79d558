// `npm run bench:lists`: the admin lists of leads, contact messages and applications at a million rows (not a test;
// nothing here can fail a build). The goal (docs/performance.md, "Lists at a million rows"): p95 ≤ 100 ms per call on PostgreSQL, ≤ 250 ms on PGlite.
//  1. starts the built backend once on an empty database, so that it migrates and makes its first admin ("me");
//  2. fills the database with bulk SQL (generate_series): BENCH_LEADS leads (default 1,000,000; 100,000 with
//     BENCH_DB=pglite), a fifth as many contact messages and applications (half of them for one job), owners among
//     "me" and three more admins, follow-ups on a fifth of the rows (half of them past), some suspected spam and notes.
//     The lists' indexes are dropped for the fill and made again after it, exactly as the migrations define them,
//     then VACUUM ANALYZE, as autovacuum leaves a table;
//  3. starts the backend again, signs in, and times each list call (BENCH_REQUESTS, default 100, one at a time after
//     BENCH_WARMUP = 10 unmeasured) over HTTP: p50 and p95 per call, as a markdown table.
// The database: DATABASE_URL when set (used as it is, and kept); else a fresh `bench_lists` on the PostgreSQL at
// 127.0.0.1:5432, dropped afterwards. BENCH_DB=pglite: the embedded database in a temporary data folder.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const { sql } = require('drizzle-orm');
const { loginCodeSince, outboxSnapshot, pollUntil, signInByMailedCode } = require('@brightwave/testing');

const backendDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repoRoot = path.dirname(backendDir);
const dist = (file) => path.join(backendDir, 'dist', file);

const ON_PGLITE = process.env.BENCH_DB === 'pglite';
const LEADS = Number(process.env.BENCH_LEADS ?? (ON_PGLITE ? 100_000 : 1_000_000));
const CONTACTS = Math.round(LEADS / 5);
const APPLICATIONS = Math.round(LEADS / 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const GOAL_P95_MS = ON_PGLITE ? 250 : 100;
const SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DATABASE = 'bench_lists';
const PORT = 3903;
const base = `http://127.0.0.1:${PORT}`;
const me = { email: 'bench-lists@example.test', password: 'bench-password-1234', name: 'Bench Me' };
/** The other owners: fixed ids, so the calls can name one. */
const COLLEAGUES = [
  { id: '00000000-0000-4000-8000-00000000a001', email: 'ana@example.test', name: 'Ana Ortiz', role: 'sales' },
  { id: '00000000-0000-4000-8000-00000000a002', email: 'ben@example.test', name: 'Ben Kowalski', role: 'sales' },
  { id: '00000000-0000-4000-8000-00000000a003', email: 'chloe@example.test', name: 'Chloe Nakamura', role: 'recruiter' },
];
const BENCH_JOB_ID = '00000000-0000-4000-8000-00000000b001';
const OTHER_JOBS = 9;
const LIST_TABLES = ['leads', 'contacts', 'job_applications', 'item_notes', 'application_ratings'];

if (!fs.existsSync(dist('main.js'))) {
  console.log('building @brightwave/backend');
  execFileSync('npm', ['run', 'build', '-w', '@brightwave/backend'], { cwd: repoRoot, stdio: 'inherit' });
}
const { openDatabase } = require(dist('database/database.js'));

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function onServer(statement) {
  const client = new Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The database of this run, and how to remove it afterwards. */
async function place() {
  if (ON_PGLITE) return { databaseUrl: '', drop: async () => {} };
  if (process.env.DATABASE_URL) return { databaseUrl: process.env.DATABASE_URL, drop: async () => {} };
  await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await onServer(`create database ${BENCH_DATABASE}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${BENCH_DATABASE}`;
  return { databaseUrl: url.toString(), drop: () => onServer(`drop database if exists ${BENCH_DATABASE} with (force)`) };
}

function startServer(dataDir, databaseUrl) {
  return spawn(process.execPath, [dist('main.js')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SMTP_URL: '',
      REDIS_URL: '',
      ADMIN_EMAIL: me.email,
      ADMIN_PASSWORD: me.password,
      ADMIN_NAME: me.name,
      SEED_DEMO: 'false',
      SITE_DIST_DIR: 'none',
      ADMIN_DIST_DIR: 'none',
      SITE_SSR_DIR: 'none',
      API_DOCS: 'false',
      SEND_CONFIRMATIONS: 'false',
      NOTIFY_TO: '',
      RATE_LIMIT_AUTH_PER_15_MIN: '1000',
      // Nothing of the filled rows is old enough to purge while the calls are timed.
      RETENTION_LEADS_DAYS: '36500',
      RETENTION_CONTACTS_DAYS: '36500',
      RETENTION_APPLICATIONS_DAYS: '36500',
      RETENTION_SPAM_DAYS: '36500',
    },
  });
}

async function waitForHealth(child) {
  await pollUntil(
    () => {
      if (child.exitCode !== null) throw new Error(`the backend exited with ${child.exitCode}`);
      return fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
    },
    { what: `${base}/api/health`, timeoutMs: 120_000 },
  );
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function signIn(dataDir) {
  const outbox = path.join(dataDir, 'outbox');
  const { token } = await signInByMailedCode(
    {
      postJson: async (route, body) => {
        const response = await fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { status: response.status, body: await response.json() };
      },
      markMailbox: () => outboxSnapshot(outbox),
      readCode: (before) => loginCodeSince(outbox, before),
    },
    me,
  );
  return token;
}

const FIRST_NAMES = ['Olivia', 'Liam', 'Emma', 'Noah', 'Amelia', 'Oliver', 'Sophia', 'Elijah', 'Isabella', 'Lucas', 'Mia', 'Mateo', 'Charlotte', 'Levi'];
const LAST_NAMES = ['Smith', 'Garcia', 'Hartmann', 'Nguyen', 'Kowalski', 'Rossi', 'Silva', 'Dubois', 'Jensen', 'Novak', 'Tanaka', 'Okafor'];
const FIRST_MORE = ['Harper', 'Ezra', 'Evelyn', 'Asher', 'Luna', 'James', 'Aria', 'Leo', 'Ella', 'Hudson', 'Nora', 'Kai', 'Zoe', 'Arjun'];
const LAST_MORE = ['Petrov', 'Haddad', 'Lindqvist', 'Moreau', 'Schneider', 'Costa', 'Yilmaz', 'Andersen', 'Kim', 'Patel', 'Singh', 'Lopez'];
const FIRST = [...FIRST_NAMES, ...FIRST_MORE];
const LAST = [...LAST_NAMES, ...LAST_MORE];
const DOMAINS = ['gmail.com', 'outlook.com', 'acme-corp.example', 'globex.example', 'initech.example', 'example.org'];
/** The address the fill gives row g (person below). */
const addressOf = (g) => `${FIRST[g % FIRST.length]}.${LAST[Math.floor(g / FIRST.length) % LAST.length]}${g}@${DOMAINS[g % DOMAINS.length]}`.toLowerCase();
const textArray = (values) => `array[${values.map((value) => `'${value}'`).join(',')}]`;

/**
 * The SQL of the rows of one table, for g in 1..count: the name from the lists above (Olivia Hartmann, …), an address
 * made of it and g (olivia.hartmann1234@acme-corp.example), the newest rows at the highest g, spread over 600 days.
 */
const person = (g) => ({
  name: `(${textArray(FIRST)})[1 + ${g} % ${FIRST.length}] || ' ' || (${textArray(LAST)})[1 + (${g} / ${FIRST.length}) % ${LAST.length}]`,
  email: `lower((${textArray(FIRST)})[1 + ${g} % ${FIRST.length}] || '.' || (${textArray(LAST)})[1 + (${g} / ${FIRST.length}) % ${LAST.length}]) || ${g} || '@' || (${textArray(DOMAINS)})[1 + ${g} % ${DOMAINS.length}]`,
});
const createdAt = (g, count) => `now() - (${count} - ${g}) * interval '${(600 * 86400) / count} seconds' - (${g}::bigint * 7919 % 60) * interval '1 second'`;
/** Half nobody's, a fifth "me"'s, the rest the colleagues'. */
const owner = (g, meId, colleagues) =>
  `case when ${g} % 10 < 2 then '${meId}'::uuid when ${g} % 10 < 4 then '${colleagues[0]}'::uuid when ${g} % 10 = 4 then '${colleagues[1]}'::uuid end`;
/**
 * Where the row came from (its attribution): eight sources and five media in changing pairs, a campaign on a third,
 * and one row in a thousand from a rare partner (a selective filter).
 */
const SOURCES = ['direct', 'google', 'newsletter', 'linkedin', 'bing', 'facebook', 'news.ycombinator.com', 'partner-blog.example'];
const MEDIA = ['cpc', 'organic', 'email', 'social', 'referral'];
const attribution = (g) => ({
  // Not on a multiple of 50: those rows are spam.
  source: `case when ${g} % 1000 = 7 then 'rare-partner' else (${textArray(SOURCES)})[1 + ${g} % ${SOURCES.length}] end`,
  medium: `case when ${g} % ${SOURCES.length} = 0 then null else (${textArray(MEDIA)})[1 + (${g} / 3) % ${MEDIA.length}] end`,
  campaign: `case when ${g} % 3 = 0 then 'campaign-' || (${g} % 12) end`,
  landingPath: `(${textArray(['/', '/services', '/contact', '/careers', '/about'])})[1 + ${g} % 5]`,
});
const ATTRIBUTION_COLUMNS = 'source, medium, campaign, landing_path';
const attributionValues = (g) => Object.values(attribution(g)).join(', ');

/** A fifth of the rows, from 30 days ago to 30 days ahead. */
const followUp = (g) => `case when ${g} % 5 = 0 then now() + ((${g} / 5) % 61 - 30) * interval '1 day' + (${g} % 1440) * interval '1 minute' end`;

function fillStatements(meId) {
  const colleagues = COLLEAGUES.map((colleague) => colleague.id);
  const leadStatuses = textArray(['new', 'contacted', 'qualified', 'lost']);
  const contactStatuses = textArray(['pending', 'in-progress', 'resolved']);
  const applicationStatuses = textArray(['pending', 'reviewed', 'shortlisted', 'rejected', 'hired']);
  const messages = textArray([
    'We would like a quote for a new web platform with a customer portal.',
    'Our shop needs a redesign before the holiday season, can you help?',
    'Looking for a team to build a mobile app for our clinics.',
    'Please send pricing for a CRM integration with our ERP.',
    'We need a new logo and brand guidelines for our startup.',
  ]);
  return [
    `insert into admins (id, email, name, password_hash, role) values ${COLLEAGUES.map((c) => `('${c.id}', '${c.email}', '${c.name}', 'no sign-in', '${c.role}')`).join(', ')}`,
    `insert into jobs (id, title, department, location, type, experience, description, requirements)
      select case when g = 0 then '${BENCH_JOB_ID}'::uuid else gen_random_uuid() end, 'Engineer ' || g, 'engineering', 'remote', 'full-time', '2-3 years',
        'Build web platforms.', '["TypeScript"]'::jsonb
      from generate_series(0, ${OTHER_JOBS}) g`,
    `insert into leads (name, email, service, message, status, spam, owner_id, follow_up_at, follow_up_by_id, created_at, updated_at, ${ATTRIBUTION_COLUMNS})
      select ${person('g').name}, ${person('g').email},
        (${textArray(['enterprise', 'ecommerce', 'web', 'logo', 'social', 'marketing', 'mobile', 'blockchain', 'health', 'crm'])})[1 + g % 10],
        (${messages})[1 + g % 5] || ' Reference ' || g, (${leadStatuses})[1 + (g / 7) % 4], g % 50 = 0,
        ${owner('g', meId, colleagues)}, ${followUp('g')}, case when g % 5 = 0 then '${meId}'::uuid end,
        ${createdAt('g', LEADS)}, ${createdAt('g', LEADS)}, ${attributionValues('g')}
      from generate_series(1, ${LEADS}) g`,
    `insert into contacts (name, email, phone, department, message, status, spam, owner_id, follow_up_at, follow_up_by_id, created_at, updated_at, ${ATTRIBUTION_COLUMNS})
      select ${person('g').name}, ${person('g').email}, case when g % 3 = 0 then '+1555' || lpad((g % 10000000)::text, 7, '0') end,
        (${textArray(['sales', 'support', 'billing', 'general'])})[1 + g % 4], (${messages})[1 + g % 5] || ' Ticket ' || g,
        (${contactStatuses})[1 + (g / 7) % 3], g % 50 = 0,
        ${owner('g', meId, colleagues)}, ${followUp('g')}, case when g % 5 = 0 then '${meId}'::uuid end,
        ${createdAt('g', CONTACTS)}, ${createdAt('g', CONTACTS)}, ${attributionValues('g')}
      from generate_series(1, ${CONTACTS}) g`,
    // Half of the applications for the job the calls list, the rest spread over the others.
    `insert into job_applications (job_id, full_name, email, phone, experience, resume_key, resume_mime_type, resume_extension, resume_size,
        status, owner_id, follow_up_at, follow_up_by_id, created_at, ${ATTRIBUTION_COLUMNS})
      select case when g % 2 = 0 then '${BENCH_JOB_ID}'::uuid else (select id from jobs where id <> '${BENCH_JOB_ID}' order by id offset g % ${OTHER_JOBS} limit 1) end,
        ${person('g').name}, ${person('g').email}, '+1555' || lpad((g % 10000000)::text, 7, '0'), '2-3 years',
        'bench-resume-' || g, 'application/pdf', 'pdf', 120000, (${applicationStatuses})[1 + (g / 7) % 5],
        ${owner('g', meId, [colleagues[2], colleagues[2]])}, ${followUp('g')}, case when g % 5 = 0 then '${meId}'::uuid end,
        ${createdAt('g', APPLICATIONS)}, ${attributionValues('g')}
      from generate_series(1, ${APPLICATIONS}) g`,
    // A note on every item with a follow-up and an owner, by its owner.
    `insert into item_notes (lead_id, author_id, text, created_at)
      select id, owner_id, 'Called, left a message; will try again on the follow-up date.', created_at + interval '1 hour'
      from leads where follow_up_at is not null and owner_id is not null`,
    `insert into item_notes (contact_id, author_id, text, created_at)
      select id, owner_id, 'Answered by phone.', created_at + interval '1 hour' from contacts where follow_up_at is not null and owner_id is not null`,
    `insert into item_notes (application_id, author_id, text, created_at)
      select id, owner_id, 'Good portfolio; second interview?', created_at + interval '1 hour' from job_applications where follow_up_at is not null and owner_id is not null`,
    // A rating by me of every other application of the listed job (the pipeline board averages them).
    `insert into application_ratings (application_id, author_id, score, comment)
      select id, '${meId}'::uuid, 1 + (abs(hashtext(id::text)) % 4), 'Bench rating' from job_applications
      where job_id = '${BENCH_JOB_ID}' and abs(hashtext(id::text)) % 2 = 0`,
  ];
}

/** Fills the database (the server stopped: PGlite is one process's), its lists' indexes made once after the rows. */
async function fill(dataDir, databaseUrl) {
  const connection = await openDatabase({ dataDir, databaseUrl });
  const run = (text) => connection.db.execute(sql.raw(text));
  const rows = async (text) => (await run(text)).rows;
  const timings = {};
  try {
    const [{ id: meId }] = await rows(`select id from admins where email = '${me.email}'`);
    const indexes = await rows(
      `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename in (${LIST_TABLES.map((table) => `'${table}'`).join(', ')})
        and indexname not in (select conname from pg_constraint)`,
    );
    for (const { indexname } of indexes) await run(`drop index "${indexname}"`);
    let started = Date.now();
    for (const statement of fillStatements(meId)) await run(statement);
    timings.rows = Date.now() - started;
    started = Date.now();
    // On PostgreSQL with more memory for the sort than a session's default (a statement of its own could go to another of the pool's connections).
    for (const { indexdef } of indexes) await run(ON_PGLITE ? indexdef : `set maintenance_work_mem = '512MB'; ${indexdef}`);
    timings.indexes = Date.now() - started;
    started = Date.now();
    for (const table of [...LIST_TABLES, 'admins', 'jobs']) await run(`vacuum analyze ${table}`);
    timings.vacuum = Date.now() - started;
    const [counts] = await rows(
      `select (select count(*) from leads)::int as leads, (select count(*) from contacts)::int as contacts,
        (select count(*) from job_applications)::int as applications, (select count(*) from item_notes)::int as notes,
        (select count(*) from job_applications where job_id = '${BENCH_JOB_ID}')::int as "jobApplications"`,
    );
    return { meId, counts, timings, indexes: indexes.length };
  } finally {
    await connection.close();
  }
}

/** The calls to time: each list's first page, a later page, each filter and order, as the admin app asks (20 a page). */
function listCalls() {
  const page = 'limit=20';
  const ana = COLLEAGUES[0].id;
  const applications = `/api/jobs/applications/${BENCH_JOB_ID}`;
  return [
    ['leads', 'first page (newest)', `/api/leads?page=1&${page}`],
    ['leads', 'page 2,000', `/api/leads?page=2000&${page}`],
    ['leads', 'status = contacted', `/api/leads?status=contacted&page=1&${page}`],
    ['leads', 'status = contacted, page 2,000', `/api/leads?status=contacted&page=2000&${page}`],
    ['leads', 'owner = me', `/api/leads?owner=me&page=1&${page}`],
    ['leads', 'owner = me, page 2,000', `/api/leads?owner=me&page=2000&${page}`],
    ['leads', 'owner = unassigned', `/api/leads?owner=unassigned&page=1&${page}`],
    ['leads', 'owner = a person', `/api/leads?owner=${ana}&page=1&${page}`],
    ['leads', 'overdue', `/api/leads?overdue=true&page=1&${page}`],
    ['leads', 'overdue, owner = me', `/api/leads?overdue=true&owner=me&page=1&${page}`],
    ['leads', 'q = part of a name (hartm)', `/api/leads?q=hartm&page=1&${page}`],
    ['leads', 'q = part of an address (olivia.hartmann1)', `/api/leads?q=olivia.hartmann1&page=1&${page}`],
    ['leads', 'q = one whole address', `/api/leads?q=${encodeURIComponent(addressOf(LEADS - 27))}&page=1&${page}`],
    ['leads', 'sort = oldest', `/api/leads?sort=oldest&page=1&${page}`],
    ['leads', 'sort = follow-up', `/api/leads?sort=follow-up&page=1&${page}`],
    ['leads', 'sort = follow-up, page 2,000', `/api/leads?sort=follow-up&page=2000&${page}`],
    ['leads', 'source = newsletter', `/api/leads?source=newsletter&page=1&${page}`],
    ['leads', 'source = newsletter, page 2,000', `/api/leads?source=newsletter&page=2000&${page}`],
    ['leads', 'source = a rare partner', `/api/leads?source=rare-partner&page=1&${page}`],
    ['leads', 'medium = email', `/api/leads?medium=email&page=1&${page}`],
    ['leads', 'source = google, medium = cpc', `/api/leads?source=google&medium=cpc&page=1&${page}`],
    ['contacts', 'first page (newest)', `/api/contacts?page=1&${page}`],
    ['contacts', 'page 2,000', `/api/contacts?page=2000&${page}`],
    ['contacts', 'status = resolved', `/api/contacts?status=resolved&page=1&${page}`],
    ['contacts', 'owner = me', `/api/contacts?owner=me&page=1&${page}`],
    ['contacts', 'overdue', `/api/contacts?overdue=true&page=1&${page}`],
    ['contacts', 'q = part of a name (hartm)', `/api/contacts?q=hartm&page=1&${page}`],
    ['contacts', 'sort = follow-up', `/api/contacts?sort=follow-up&page=1&${page}`],
    ['contacts', 'source = newsletter', `/api/contacts?source=newsletter&page=1&${page}`],
    ['contacts', 'medium = email', `/api/contacts?medium=email&page=1&${page}`],
    ['applications (one job)', 'first page (newest)', `${applications}?page=1&${page}`],
    ['applications (one job)', 'page 2,000', `${applications}?page=2000&${page}`],
    ['applications (one job)', 'status = shortlisted', `${applications}?status=shortlisted&page=1&${page}`],
    ['applications (one job)', 'owner = me', `${applications}?owner=me&page=1&${page}`],
    ['applications (one job)', 'owner = unassigned', `${applications}?owner=unassigned&page=1&${page}`],
    ['applications (one job)', 'overdue', `${applications}?overdue=true&page=1&${page}`],
    ['applications (one job)', 'q = part of a name (hartm)', `${applications}?q=hartm&page=1&${page}`],
    ['applications (one job)', 'q = part of an address (olivia.hartmann1)', `${applications}?q=olivia.hartmann1&page=1&${page}`],
    ['applications (one job)', 'sort = oldest', `${applications}?sort=oldest&page=1&${page}`],
    ['applications (one job)', 'sort = follow-up', `${applications}?sort=follow-up&page=1&${page}`],
    ['applications (one job)', 'source = newsletter', `${applications}?source=newsletter&page=1&${page}`],
    // The job's pipeline board (hiring): five columns of its newest 200, their owners and ratings, and the counts.
    ['applications (one job)', 'pipeline board', `/api/jobs/admin/${BENCH_JOB_ID}/pipeline`],
    // The dashboard's "Submissions by channel": every kind (the owner), the period's rows grouped by source and medium.
    ['dashboard', 'submissions by channel, 7 days', '/api/admin/dashboard/channels?days=7'],
    ['dashboard', 'submissions by channel, 30 days', '/api/admin/dashboard/channels?days=30'],
    ['dashboard', 'submissions by channel, 90 days', '/api/admin/dashboard/channels?days=90'],
  ].map(([list, call, url]) => ({ list, call, url }));
}

/** `count` calls one after another (latency, not throughput): their times in ms, sorted, and the last answer. */
async function time(url, token, count) {
  const times = [];
  let answer;
  for (let index = 0; index < count; index++) {
    const started = process.hrtime.bigint();
    const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.json();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
    answer = body;
  }
  return { times: times.sort((a, b) => a - b), answer };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-bench-lists-'));
  const target = await place();
  let server;
  try {
    server = startServer(dataDir, target.databaseUrl);
    await waitForHealth(server);
    await stop(server);

    console.log(`Filling ${ON_PGLITE ? 'PGlite' : 'PostgreSQL'}: ${LEADS} leads, ${CONTACTS} contact messages, ${APPLICATIONS} applications…`);
    const filled = await fill(dataDir, target.databaseUrl);
    const { counts, timings } = filled;
    console.log(
      `Filled ${counts.leads} leads, ${counts.contacts} contact messages, ${counts.applications} applications (${counts.jobApplications} for the ` +
        `listed job), ${counts.notes} notes: rows ${(timings.rows / 1000).toFixed(1)} s, ${filled.indexes} indexes ${(timings.indexes / 1000).toFixed(1)} s, ` +
        `VACUUM ANALYZE ${(timings.vacuum / 1000).toFixed(1)} s.`,
    );

    server = startServer(dataDir, target.databaseUrl);
    await waitForHealth(server);
    const token = await signIn(dataDir);
    const results = [];
    for (const call of listCalls()) {
      await time(call.url, token, WARMUP);
      const { times, answer } = await time(call.url, token, REQUESTS);
      // A list answers its total; the dashboard, its channels.
      const total = answer.total ?? answer.channels.length;
      results.push({ ...call, p50: percentile(times, 50), p95: percentile(times, 95), total, estimated: answer.totalEstimated === true });
    }
    console.log(
      `\n${ON_PGLITE ? 'PGlite (embedded)' : 'PostgreSQL'}: ${REQUESTS} calls each, one at a time, after ${WARMUP} unmeasured; ` +
        `${os.cpus().length} cores, load average ${load()}; goal p95 ≤ ${GOAL_P95_MS} ms`,
    );
    console.log('| list | call | p50 ms | p95 ms | total |');
    console.log('|---|---|---|---|---|');
    for (const result of results) {
      const total = `${result.total.toLocaleString('en-US')}${result.estimated ? ' (estimated)' : ''}`;
      const over = result.p95 > GOAL_P95_MS ? ' (over the goal)' : '';
      console.log(`| ${result.list} | ${result.call} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)}${over} | ${total} |`);
    }
  } finally {
    if (server) await stop(server);
    await target.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
