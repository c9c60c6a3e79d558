// `npm run bench:site`: Lighthouse (mobile preset, Debian's Chromium) against the built product served by
// the real backend, as in production. Prints, per route, the four category scores, FCP, LCP, CLS, TBT and the
// JavaScript the first view loads as Lighthouse counts it (bytes on the wire: compressed bodies plus headers).
// Builds what is missing (as the stack test does); figures vary with machine load (the load average is printed with them).
// BENCH_URL=https://host measures an already running deployment (e.g. the nginx stack) instead;
// BENCH_ROUTES=/,/about picks the routes (`job` names the first open job's page; `built:quote`, `built:contact` and
// `built:plain` pages built from blocks that the bench publishes through the admin API: a quote form in the first
// screen, a contact form in it, no form; `case` the first portfolio item's case study, its story published through the
// admin API; `post` a news post published through the admin API, which also fills `/news`; `booking` the page of a quote
// request's booking link, with the owner taking calls on weekdays); BENCH_REPORTS=<folder> keeps each route's Lighthouse JSON.
import { execFileSync, spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilds } from '../../stack/lib.mjs';

// Lighthouse and its launcher live in a folder of their own with their own lock file (80 packages the product and
// its tests never load): installed here on the first run, so that `npm ci` does not fetch them.
const toolsDir = fileURLToPath(new URL('./lighthouse/', import.meta.url));
if (!fs.existsSync(path.join(toolsDir, 'node_modules', 'lighthouse', 'package.json'))) {
  console.log('Installing Lighthouse for this benchmark (site/bench/lighthouse, once)…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: toolsDir, stdio: 'inherit' });
}
const fromTools = (name) => import(pathToFileURL(createRequire(path.join(toolsDir, 'package.json')).resolve(name)).href);
const { default: lighthouse } = await fromTools('lighthouse');
const chromeLauncher = await fromTools('chrome-launcher');

// The shared package's CommonJS build (its ESM build is for bundlers: its imports carry no file extensions).
const { emptyBlock, jobPath } = createRequire(import.meta.url)('@brightwave/common');
const { loginCodeSince, outboxSnapshot, signInByMailedCode } = createRequire(import.meta.url)('@brightwave/testing');

const port = Number(process.env.BENCH_PORT ?? 3190);
const origin = (process.env.BENCH_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, '');
const routes = (
  process.env.BENCH_ROUTES ?? '/,/services,/portfolio,/careers,job,/contact,/about,built:quote,built:contact,built:plain,case,/news,post,booking'
).split(',');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The same launcher the browser suites use: built backend, fresh PGlite data folder, demo content.
if (!process.env.BENCH_URL) ensureBuilds();
const serverScript = fileURLToPath(new URL('../../e2e/support/server.mjs', import.meta.url));
const server = process.env.BENCH_URL
  ? undefined
  : spawn(process.execPath, [serverScript], {
      // The embedded database, as `npm start` runs the product.
      env: { ...process.env, E2E_PORT: String(port), E2E_DATABASE: 'pglite' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });

async function waitForServer() {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await delay(500);
  }
  throw new Error(`The backend did not answer on ${origin}`);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const ms = (value) => (value === undefined ? 'n/a' : `${Math.round(value)} ms`);
const score = (category) => (category?.score == null ? 'n/a' : Math.round(category.score * 100));

let chrome;

// The bench's server (e2e/support/server.mjs): its data folder, whose development outbox holds the sign-in codes, and
// its owner.
const dataDir = path.join(os.tmpdir(), `brightwave-e2e-${port}`);
const owner = { email: 'admin@example.test', password: 'e2e-admin-password-123' };

function postJson(body, headers = {}) {
  return { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/** The owner's session, signed in with the code the server wrote to its outbox (as backend/bench/bench-api.mjs). */
async function ownerSession() {
  const outbox = path.join(dataDir, 'outbox');
  return signInByMailedCode(
    {
      postJson: async (route, body) => {
        const response = await fetch(`${origin}${route}`, postJson(body));
        return { status: response.status, body: await response.json() };
      },
      markMailbox: () => outboxSnapshot(outbox),
      readCode: (before) => loginCodeSince(outbox, before),
    },
    owner,
  );
}

/** The owner's bearer token. */
const ownerToken = async () => (await ownerSession()).token;

// The pages built from blocks the bench measures: what their first screen holds decides which code they load.
const card = (title) => ({ title, text: 'What we look at, and what you get.', image: '', imageAlt: '', link: '/contact' });
const BUILT_PAGES = {
  quote: {
    title: 'Cloud audit quote',
    blocks: () => [
      { ...emptyBlock('quoteForm'), heading: 'Ask for a quote' },
      { ...emptyBlock('cards'), heading: 'What we check', cards: [card('Costs'), card('Security'), card('Reliability')] },
    ],
  },
  contact: {
    title: 'Cloud audit contact',
    blocks: () => [
      { ...emptyBlock('contactForm'), heading: 'Write to us' },
      { ...emptyBlock('cards'), heading: 'What we check', cards: [card('Costs'), card('Security'), card('Reliability')] },
    ],
  },
  plain: {
    title: 'Cloud audit',
    blocks: () => [
      { ...emptyBlock('hero'), heading: 'A cloud audit in two weeks', text: 'Costs, security and reliability, measured.' },
      { ...emptyBlock('cards'), heading: 'What we check', cards: [card('Costs'), card('Security'), card('Reliability')] },
      { ...emptyBlock('callToAction'), heading: 'Talk to us', buttonLabel: 'Get in touch', buttonLink: '/contact' },
    ],
  },
};

let token;

/** Publishes the bench's built page `name` (BUILT_PAGES) through the admin API, once per server: its path. */
async function publishedBuiltPage(name) {
  const spec = BUILT_PAGES[name];
  if (!spec) throw new Error(`No built page "${name}" (one of ${Object.keys(BUILT_PAGES).join(', ')})`);
  const slug = `bench-${name}`;
  token ??= process.env.BENCH_URL ? undefined : await ownerToken();
  if (!token) throw new Error("Built pages are measured on the bench's own server only (not with BENCH_URL)");
  const auth = { authorization: `Bearer ${token}` };
  const { pages } = await (await fetch(`${origin}/api/admin/pages`, { headers: auth })).json();
  if (!pages.some((page) => page.slug === slug && page.status === 'published')) {
    const created = await fetch(`${origin}/api/admin/pages`, postJson({ title: spec.title, slug }, auth));
    if (!created.ok) throw new Error(`Creating the built page ${slug}: ${created.status} ${await created.text()}`);
    const { page } = await created.json();
    const saved = await fetch(`${origin}/api/admin/pages/${page._id}`, {
      ...postJson({ draft: { ...page.draft, blocks: spec.blocks() } }, auth),
      method: 'PUT',
    });
    if (!saved.ok) throw new Error(`Saving the built page ${slug}: ${saved.status} ${await saved.text()}`);
    const published = await fetch(`${origin}/api/admin/pages/${page._id}/publish`, postJson({}, auth));
    if (!published.ok) throw new Error(`Publishing the built page ${slug}: ${published.status} ${await published.text()}`);
  }
  return `/${slug}`;
}

/** The first portfolio item's case study, with a story (text, results, services) published through the admin API. */
async function publishedCaseStudy() {
  const auth = { authorization: `Bearer ${await ownerToken()}` };
  const { portfolios } = await (await fetch(`${origin}/api/portfolio`)).json();
  const item = portfolios?.[0];
  if (!item) throw new Error('No portfolio item to measure a case study with');
  const { _id, createdAt: _createdAt, slug, ...fields } = item;
  const story = {
    client: 'Harbour Tours Ltd',
    industry: 'Travel',
    services: ['web', 'mobile'],
    results: [
      { value: '3×', label: 'more bookings' },
      { value: '40 %', label: 'faster pages' },
    ],
    body: {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Bookings tripled in the first season after the new site went live.' }] }],
    },
  };
  const saved = await fetch(`${origin}/api/portfolio/${_id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({ linkToProject: 'https://example.com', ...fields, ...story }),
  });
  if (!saved.ok) throw new Error(`Saving the case study of ${slug}: ${saved.status} ${await saved.text()}`);
  const published = await fetch(`${origin}/api/admin/portfolio/${_id}/publish`, postJson({}, auth));
  // 409: published already (a BENCH_URL deployment measured twice).
  if (!published.ok && published.status !== 409) throw new Error(`Publishing the case study of ${slug}: ${published.status} ${await published.text()}`);
  return `/portfolio/${slug}`;
}

/** A news post with a cover-less text of a few paragraphs, published through the admin API (docs/features/news.md). */
async function publishedPost() {
  const auth = { authorization: `Bearer ${await ownerToken()}` };
  const slug = 'harbour-office-opens';
  const created = await fetch(`${origin}/api/admin/posts`, postJson({ title: 'Our harbour office opens', slug }, auth));
  // 400: the address is taken (a BENCH_URL deployment measured twice): the post is there already.
  if (created.status === 400) return `/news/${slug}`;
  if (!created.ok) throw new Error(`Creating the post ${slug}: ${created.status} ${await created.text()}`);
  const { post } = await created.json();
  const paragraph = (text) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
  const draft = {
    ...post.draft,
    summary: 'A new home for our design and engineering teams, by the water.',
    tags: ['company', 'people'],
    authorName: 'Ada Writer',
    body: {
      type: 'doc',
      content: [
        paragraph('After two years of growth we have moved into a bigger office by the harbour, with room for forty people.'),
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'What changes for clients' }] },
        paragraph('Workshops now happen in our own studio, and the team that builds your product sits together every day.'),
      ],
    },
  };
  const saved = await fetch(`${origin}/api/admin/posts/${post._id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({ draft }),
  });
  if (!saved.ok) throw new Error(`Saving the post ${slug}: ${saved.status} ${await saved.text()}`);
  const published = await fetch(`${origin}/api/admin/posts/${post._id}/publish`, postJson({}, auth));
  if (!published.ok) throw new Error(`Publishing the post ${slug}: ${published.status} ${await published.text()}`);
  return `/news/${slug}`;
}

/**
 * The page of a booking link (docs/features/booking.md, "The booking page"): the bench's owner takes half-hour calls on
 * weekdays from 9 to 5 (UTC) and the quote requests' round-robin gives them every new one; a quote request's answer then
 * has the link.
 */
async function bookingLinkPage() {
  if (process.env.BENCH_URL) throw new Error("A booking link's page is measured on the bench's own server only (not with BENCH_URL)");
  const { token: ownerBearer, admin } = await ownerSession();
  const auth = { authorization: `Bearer ${ownerBearer}` };
  const weekly = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' }));
  const availability = { timeZone: 'UTC', weekly, meetingMinutes: 30, bufferMinutes: 0, minNoticeHours: 0, maxDaysAhead: 30 };
  const saved = await fetch(`${origin}/api/admin/me/availability`, { ...postJson(availability, auth), method: 'PUT' });
  if (!saved.ok) throw new Error(`Saving the owner's availability: ${saved.status} ${await saved.text()}`);
  const { settings } = await (await fetch(`${origin}/api/admin/settings/notifications`, { headers: auth })).json();
  const routed = await fetch(`${origin}/api/admin/settings/notifications`, {
    ...postJson({ routes: settings.routes, assignees: { ...settings.assignees, lead: [admin._id] } }, auth),
    method: 'PUT',
  });
  if (!routed.ok) throw new Error(`Giving the quote requests to the owner: ${routed.status} ${await routed.text()}`);
  const sent = await fetch(
    `${origin}/api/leads`,
    postJson({ name: 'Ada Lovelace', email: 'ada@example.com', service: 'web', message: 'A new website, please.' }),
  );
  const { booking } = await sent.json();
  if (!booking?.url) throw new Error(`The quote request's answer has no booking link (${sent.status})`);
  return booking.url;
}

/** One Lighthouse run of a route; a trace Lighthouse itself could not record (NO_NAVSTART, seen on a fresh
 * Chrome's first page) is run once more, as its message asks, rather than leaving the route out. */
async function measure(route) {
  const run = () =>
    lighthouse(`${origin}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
  const first = await run();
  return first.lhr.runtimeError ? run() : first;
}

try {
  await waitForServer();
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const rows = [];
  // A job's page: the first open job of the demo content, whose address is known once the server has made it.
  const firstJob = async () => {
    const { jobs } = await (await fetch(`${origin}/api/jobs`)).json();
    if (!jobs?.[0]) throw new Error('No open job to measure a job page with');
    return jobPath(jobs[0]);
  };
  for (const routeName of routes) {
    const route =
      routeName === 'job'
        ? await firstJob()
        : routeName === 'case'
          ? await publishedCaseStudy()
          : routeName === 'post'
            ? await publishedPost()
            : routeName === 'booking'
              ? await bookingLinkPage()
              : routeName.startsWith('built:')
                ? await publishedBuiltPage(routeName.slice('built:'.length))
                : routeName;
    // A server that has been up a while: /portfolio's first answer also loads the server renderer (once).
    await (await fetch(`${origin}${route}`)).arrayBuffer();
    const result = await measure(route);
    const { categories, audits, runtimeError } = result.lhr;
    if (process.env.BENCH_REPORTS) {
      fs.mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
      const name = route === '/' ? 'home' : route.slice(1).replaceAll('/', '-');
      fs.writeFileSync(path.join(process.env.BENCH_REPORTS, `${name}.json`), JSON.stringify(result.lhr));
    }
    if (runtimeError) {
      console.log(`${route}: Lighthouse could not measure the page: ${runtimeError.code} ${runtimeError.message}`);
      continue;
    }
    const scripts = (audits['network-requests'].details?.items ?? []).filter((item) => item.resourceType === 'Script');
    const javascript = scripts.reduce((sum, item) => sum + item.transferSize, 0);
    rows.push({
      route,
      performance: score(categories.performance),
      accessibility: score(categories.accessibility),
      'best-practices': score(categories['best-practices']),
      seo: score(categories.seo),
      FCP: ms(audits['first-contentful-paint'].numericValue),
      LCP: ms(audits['largest-contentful-paint'].numericValue),
      CLS: audits['cumulative-layout-shift'].numericValue?.toFixed(3) ?? 'n/a',
      TBT: ms(audits['total-blocking-time'].numericValue),
      'first-load JS': kb(javascript),
      scripts: scripts.length,
    });
    const failing = Object.values(result.lhr.audits).filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary');
    if (failing.length) console.log(`${route}: failing audits: ${failing.map((audit) => audit.id).join(', ')}`);
  }
  console.table(rows);
  console.log(
    `load average during the run: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await chrome?.kill();
  server?.kill('SIGTERM');
}
