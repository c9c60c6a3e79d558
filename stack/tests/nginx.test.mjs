// nginx in front of the instances: the static files, the headers, what it passes on and what it refuses itself.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, test } from 'node:test';
import { NGINX_PRIVATE_PORT, repoRoot, startNginx, stopProcess } from '../lib.mjs';
import { call, headerValues } from '../http.mjs';
import { assertSecurityHeaders, closedPort, lead, loggedLines, theStack } from './stack.mjs';

const { APPLY_BODY_LIMIT_BYTES, jobPath } = createRequire(import.meta.url)('@brightwave/common');
const { base, tlsBase, runTag, workDir, ports, uploadsDirs, expectedHeaders } = theStack();

describe('nginx', () => {
  test("nginx serves the prerendered site with the backend's security headers and no version banner", async () => {
    const home = await call(`${base}/`);
    assert.equal(home.status, 200, 'GET /');
    assert.ok(home.headers['content-type'].startsWith('text/html'), 'HTML');
    assert.equal(home.text, fs.readFileSync(path.join(repoRoot, 'site', 'dist', 'index.html'), 'utf8'), 'the prerendered home page');
    assertSecurityHeaders(home, 'GET /');
    assert.ok(/script-src 'self'/.test(expectedHeaders['content-security-policy']), 'the CSP allows only our own scripts');
    assert.equal(home.headers['cache-control'], 'no-cache', 'HTML cache-control');
    assert.equal(home.headers.server, 'nginx', 'server header without version');
    assert.equal(home.headers['strict-transport-security'], undefined, 'no HSTS over plain HTTP');
    const careers = await call(`${base}/careers`);
    assert.equal(careers.status, 200, 'GET /careers');
    assert.equal(careers.text, fs.readFileSync(path.join(repoRoot, 'site', 'dist', 'careers', 'index.html'), 'utf8'), '/careers is careers/index.html');
  });

  test('nginx serves the builds of a clone in a private (0700) folder, as root too', async () => {
    // As CI clones into `mktemp -d`: a folder only its owner may enter, while nginx's workers run as nobody.
    const privateClone = fs.mkdtempSync(path.join(workDir, 'private-clone-'));
    assert.equal(fs.statSync(privateClone).mode & 0o777, 0o700, 'mode of the private folder');
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
      assert.equal(home.status, 200, 'GET /');
      assert.equal(home.text, fs.readFileSync(path.join(privateClone, 'site', 'dist', 'index.html'), 'utf8'), 'the home page');
      const adminPage = await call(`${privateNginx.baseUrl}/admin/`);
      assert.equal(adminPage.status, 200, 'GET /admin/');
      assert.equal(adminPage.text, fs.readFileSync(path.join(privateClone, 'admin', 'dist', 'index.html'), 'utf8'), 'the admin app');
    } finally {
      await stopProcess(privateNginx.child);
    }
  });

  test("a miss gets the site's 404 page with status 404", async () => {
    const miss = await call(`${base}/no-such-page-${runTag}`);
    assert.equal(miss.status, 404, 'status');
    assert.equal(miss.text, fs.readFileSync(path.join(repoRoot, 'site', 'dist', '404.html'), 'utf8'), 'body is 404.html');
    assertSecurityHeaders(miss, '404 page');
  });

  test('nginx passes /portfolio to an instance, which renders the projects; with no instance up the prerendered page answers', async () => {
    const projects = (await call(`${base}/api/portfolio`)).json.portfolios;
    assert.ok(projects.length > 0, 'the seeded projects');
    const page = await call(`${base}/portfolio`);
    assert.equal(page.status, 200, 'GET /portfolio');
    assert.ok(page.headers['content-type'].startsWith('text/html'), 'HTML');
    assert.ok(page.text.includes('<script type="application/json" id="page-data">'), 'the projects are embedded for hydration');
    for (const project of projects) assert.ok(page.text.includes(`>${project.projectTitle}</button>`), `${project.projectTitle} is in the HTML`);
    assertSecurityHeaders(page, 'GET /portfolio');
    assert.equal(headerValues(page, 'cache-control').join(', '), 'no-cache', 'one cache-control');
    const brotli = await call(`${base}/portfolio/`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(brotli.headers['content-encoding'], 'br', "the backend's brotli passes through");

    const prerendered = fs.readFileSync(path.join(repoRoot, 'site', 'dist', 'portfolio', 'index.html'), 'utf8');
    const lonely = await startNginx(workDir, { upstreamPorts: [await closedPort()], port: NGINX_PRIVATE_PORT });
    try {
      const fallback = await call(`${lonely.baseUrl}/portfolio`);
      assert.equal(fallback.status, 200, 'GET /portfolio with no instance');
      assert.equal(fallback.text, prerendered, 'the prerendered page');
      assertSecurityHeaders(fallback, 'the prerendered /portfolio');
      assert.equal(headerValues(fallback, 'cache-control').join(', '), 'no-cache', 'one cache-control on the prerendered page');
    } finally {
      await stopProcess(lonely.child);
    }
  });

  test("nginx passes a job's page, the job feeds and the sitemap to an instance, which renders them from the open jobs", async () => {
    const [job] = (await call(`${base}/api/jobs`)).json.jobs;
    assert.ok(job, 'a seeded open job');
    const page = await call(`${base}${jobPath(job)}`);
    assert.equal(page.status, 200, `GET ${jobPath(job)}`);
    assert.ok(page.headers['content-type'].startsWith('text/html'), 'HTML');
    const postings = [...page.text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
      .map((match) => JSON.parse(match[1]))
      .filter((data) => data['@type'] === 'JobPosting');
    assert.equal(postings.length, 1, 'one JobPosting');
    assert.equal(postings[0].title, job.title, "the job's title in its JobPosting");
    assertSecurityHeaders(page, 'a job page');
    const feed = await call(`${base}/careers/feed.xml`);
    assert.equal(feed.status, 200, 'GET /careers/feed.xml');
    assert.ok(feed.text.includes(`<referencenumber><![CDATA[${job._id}]]></referencenumber>`), 'the job in the XML feed');
    const jsonFeed = await call(`${base}/careers/feed.json`);
    assert.equal(jsonFeed.status, 200, 'GET /careers/feed.json');
    assert.ok(
      jsonFeed.json.items.some((item) => item.url.endsWith(jobPath(job))),
      'the job in the JSON feed',
    );
    const sitemap = await call(`${base}/sitemap.xml`);
    assert.equal(sitemap.status, 200, 'GET /sitemap.xml');
    assert.ok(sitemap.text.includes(jobPath(job)), "the job's page in the sitemap");
  });

  test('hashed assets are cached a year immutable and text is gzipped', async () => {
    const assets = fs.readdirSync(path.join(repoRoot, 'site', 'dist', 'assets'));
    const script = assets
      .filter((name) => name.endsWith('.js'))
      .sort(
        (x, y) => fs.statSync(path.join(repoRoot, 'site', 'dist', 'assets', y)).size - fs.statSync(path.join(repoRoot, 'site', 'dist', 'assets', x)).size,
      )[0];
    const asset = await call(`${base}/assets/${script}`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(asset.status, 200, 'asset status');
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable', 'asset cache-control');
    assert.equal(asset.headers['content-encoding'], 'gzip', 'asset encoding');
    const adminAssets = fs.readdirSync(path.join(repoRoot, 'admin', 'dist', 'assets'));
    const adminAsset = await call(`${base}/admin/assets/${adminAssets[0]}`);
    assert.equal(adminAsset.status, 200, 'admin asset status');
    assert.equal(adminAsset.headers['cache-control'], 'public, max-age=31536000, immutable', 'admin asset cache-control');
    const missing = await call(`${base}/admin/assets/missing-${runTag}.js`);
    assert.equal(missing.status, 404, 'a missing hashed file is 404, not the app');
  });

  test('the admin app is served at /admin/ with SPA fallback; GETs of the auth paths are pages', async () => {
    const adminIndex = fs.readFileSync(path.join(repoRoot, 'admin', 'dist', 'index.html'), 'utf8');
    const redirect = await call(`${base}/admin`);
    assert.equal(redirect.status, 301, '/admin status');
    assert.equal(redirect.headers.location, '/admin/', '/admin location');
    for (const page of ['/admin/', '/admin/leads', '/admin/jobs/123/applications', '/admin/login', '/admin/verify-2fa']) {
      const response = await call(`${base}${page}`);
      assert.equal(response.status, 200, `GET ${page}`);
      assert.equal(response.text, adminIndex, `GET ${page} is the admin index.html`);
      assert.equal(response.headers['cache-control'], 'no-cache', `GET ${page} cache-control`);
      assertSecurityHeaders(response, `GET ${page}`);
    }
  });

  test('API answers pass through nginx with one copy of each security header and gzip', async () => {
    const jobs = await call(`${base}/api/jobs`);
    assert.equal(jobs.status, 200, 'GET /api/jobs');
    assert.ok(jobs.json?.success === true && jobs.json.jobs.length > 0, 'the seeded jobs');
    assertSecurityHeaders(jobs, 'GET /api/jobs');
    assert.equal(headerValues(jobs, 'cache-control').length <= 1, true, 'nginx adds no cache-control to the API');
    const portfolio = await call(`${base}/api/portfolio`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(portfolio.headers['content-encoding'], 'gzip', 'JSON gzipped');
    const unknown = await call(`${base}/api/no-such-route`);
    assert.equal(unknown.status, 404, 'unknown API route');
    assert.equal(unknown.json?.success, false, 'the backend answers API misses in its envelope, not with the site page');
  });

  test('over TLS pages and API answers carry HSTS', async () => {
    for (const url of [`${tlsBase}/`, `${tlsBase}/api/health`]) {
      const response = await call(url);
      assert.equal(response.status, 200, url);
      assert.equal(response.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', `${url} HSTS`);
      assertSecurityHeaders(response, url);
    }
  });

  test('uploads and dotfiles are never reachable as files', async () => {
    fs.writeFileSync(path.join(uploadsDirs[0], `probe-${runTag}.pdf`), '%PDF-1.4 probe');
    for (const probe of [
      `/uploads/probe-${runTag}.pdf`,
      '/uploads/',
      '/.vite/manifest.json',
      '/.env',
      '/.git/config',
      '/admin/.vite/manifest.json',
      '/assets/.hidden',
    ]) {
      const response = await call(`${base}${probe}`);
      assert.equal(response.status, 404, `GET ${probe}`);
      assert.ok(!response.text.includes('probe'), `${probe} leaks nothing`);
    }
  });

  test('a 6 MB body gets 413 from nginx itself; beyond the apply limit even the apply route does', async () => {
    const bigLead = { ...lead('big'), message: 'x'.repeat(6 * 1000 * 1000) };
    const leadProbe = `big-lead-${runTag}`;
    const tooLarge = await call(`${base}/api/leads?probe=${leadProbe}`, { method: 'POST', body: bigLead });
    assert.equal(tooLarge.status, 413, 'a 6 MB lead');
    assert.equal(tooLarge.json?.success, false, 'the API envelope');
    const applyProbe = `big-apply-${runTag}`;
    const tooLargeApply = await call(`${base}/api/jobs/apply?probe=${applyProbe}`, {
      method: 'POST',
      body: Buffer.alloc(APPLY_BODY_LIMIT_BYTES + 16 * 1024, 0x20),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(tooLargeApply.status, 413, 'a body over the apply limit to the apply route');
    for (const probe of [leadProbe, applyProbe]) {
      const lines = await loggedLines(probe, 1);
      assert.equal(lines.length, 1, `access log line of ${probe}`);
      assert.ok(/ upstream=- /.test(lines[0]), `nginx answered without asking an instance: ${lines[0]}`);
    }
  });
});
