// First-load JavaScript of the admin app's login route, gzipped (budget: 110 KB, docs/performance.md): what an admin
// downloads before signing in. Run after `npm run build`.
//
// Rather than guess from index.html, it opens /admin/login in Chromium (Debian's, as the e2e suites do;
// CHROMIUM_PATH overrides) against a static server of admin/dist with the SPA fallback the backend and nginx
// use, waits until the login form is shown and the network is idle, and counts every script the page fetched:
// entry, preloaded chunks and any chunk loaded lazily on the way. Sizes are the built files at gzip -9.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 110 * 1024;
const BASE = '/admin/';
const ROUTE = `${BASE}login`;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
// Playwright is the e2e workspace's dependency; resolve it from there.
const { chromium } = createRequire(new URL('../../e2e/package.json', import.meta.url))('@playwright/test');

const CONTENT_TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.html': 'text/html' };

function serveDist(request, response) {
  const { pathname } = new URL(request.url, 'http://localhost');
  if (!pathname.startsWith(BASE)) {
    response.writeHead(404).end();
    return;
  }
  const file = path.join(dist, path.normalize(decodeURIComponent(pathname.slice(BASE.length))));
  const isAsset = file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile();
  // Like the backend and nginx: files as they are, a missing asset is a 404, any other path is the app.
  if (!isAsset && pathname.startsWith(`${BASE}assets/`)) {
    response.writeHead(404).end();
    return;
  }
  const served = isAsset ? file : path.join(dist, 'index.html');
  response.writeHead(200, { 'Content-Type': CONTENT_TYPES[path.extname(served)] ?? 'application/octet-stream' });
  response.end(fs.readFileSync(served));
}

const server = http.createServer(serveDist);
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

const scripts = new Set();
const failures = [];
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.request().resourceType() !== 'script' && !pathname.endsWith('.js')) return;
    if (response.status() !== 200) failures.push(`${pathname} answered ${response.status()}`);
    else scripts.add(pathname.slice(BASE.length));
  });
  await page.goto(`${origin}${ROUTE}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor({ timeout: 10_000 });
} finally {
  await browser.close();
  server.close();
}

if (failures.length) {
  console.error(`${ROUTE} did not load cleanly:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}

let total = 0;
for (const file of [...scripts].sort()) {
  const size = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${file}: ${(size / 1024).toFixed(1)} KB gzip`);
}
const allScripts = fs.readdirSync(path.join(dist, 'assets')).filter((name) => name.endsWith('.js'));
console.log(`(${allScripts.length - scripts.size} more chunks are loaded only after sign-in or on demand)`);
console.log(`${ROUTE} first-load JS: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)`);
if (scripts.size === 0 || total > BUDGET_BYTES) process.exit(1);
