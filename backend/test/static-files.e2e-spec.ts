import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { createTestApp, TestApp } from './support/test-app';

const precompressScript = path.resolve(__dirname, '../../scripts/precompress.mjs');
// A script shaped like a built chunk, large enough to be worth compressing.
const appScript = Array.from({ length: 200 }, (_, index) => `export const item${index} = 'Web design ${index}';`).join('\n');

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Builds a tiny site and admin folder shaped like the real builds. */
function makeDist(): { site: string; admin: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-dist-'));
  const write = (file: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), body);
  };
  write('site/index.html', '<h1>home</h1>');
  write('site/about/index.html', '<h1>about</h1>');
  write('site/services/index.html', `<h1>services</h1>${'<p>Web design and development.</p>'.repeat(100)}`);
  write('site/404.html', '<h1>not found</h1>');
  write('site/assets/app-abc123.js', appScript);
  write('site/assets/tiny-abc123.js', 'console.log(1)');
  write('site/.env', 'SECRET=1');
  write('admin/index.html', '<div id="root">admin</div>');
  write('admin/assets/admin-def456.js', 'console.log(2)');
  // The build's own step writes <file>.br and <file>.gz next to the site's text files.
  execFileSync(process.execPath, [precompressScript, path.join(root, 'site')]);
  return { site: path.join(root, 'site'), admin: path.join(root, 'admin') };
}

/** GET over a real socket, with the bytes exactly as they came (no client-side decoding). */
function getRaw(port: number, url: string, acceptEncoding: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    http
      .get({ host: '127.0.0.1', port, path: url, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const METRICS_TOKEN = 'metrics-token-for-the-site-test';

describe('Serving the built site and admin app on the API port', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    const dist = makeDist();
    t = await createTestApp({ SITE_DIST_DIR: dist.site, ADMIN_DIST_DIR: dist.admin, METRICS_TOKEN: METRICS_TOKEN });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('serves a prerendered route from <path>/index.html with no-cache', async () => {
    const response = await t.http.get('/about').expect(200);
    expect(response.text).toBe('<h1>about</h1>');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toContain('text/html');
    await t.http.get('/about/').expect(200);
  });

  it('compresses text files for clients that accept gzip', async () => {
    const response = await t.http.get('/services').set('Accept-Encoding', 'gzip').expect(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(response.text).toContain('<h1>services</h1>');
    const plain = await t.http.get('/services').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it("sends the build's precompressed brotli copy to clients that accept br, with Vary: Accept-Encoding", async () => {
    const response = await getRaw(port, '/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(response.headers['content-type']).toContain('text/javascript');
    const onDisk = fs.readFileSync(path.join(t.config.apps.siteDistDir!, 'assets/app-abc123.js.br'));
    expect(response.body.equals(onDisk)).toBe(true);
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(appScript);
    expect(response.body.length).toBeLessThan(appScript.length / 3);
  });

  it("sends the build's .gz copy to clients that accept gzip only, or refuse br with q=0", async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip']) {
      const response = await getRaw(port, '/assets/app-abc123.js', acceptEncoding);
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('gzip');
      const onDisk = fs.readFileSync(path.join(t.config.apps.siteDistDir!, 'assets/app-abc123.js.gz'));
      expect(response.body.equals(onDisk)).toBe(true);
      expect(zlib.gunzipSync(response.body).toString()).toBe(appScript);
    }
  });

  it('sends the file as it is without Accept-Encoding, and small files always as they are', async () => {
    const plain = await getRaw(port, '/assets/app-abc123.js', '');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(appScript);
    const tiny = await getRaw(port, '/assets/tiny-abc123.js', 'gzip, br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('console.log(1)');
  });

  it('never serves the precompressed copies as files of their own', async () => {
    expect(fs.existsSync(path.join(t.config.apps.siteDistDir!, 'assets/app-abc123.js.br'))).toBe(true);
    await t.http.get('/assets/app-abc123.js.br').expect(404);
    await t.http.get('/assets/app-abc123.js.gz').expect(404);
  });

  it('sends scripts and stylesheets without the document-only security headers, pages with them', async () => {
    const asset = await t.http.get('/assets/tiny-abc123.js').expect(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'permissions-policy']) {
      expect(asset.headers[name]).toBeUndefined();
    }
    const page = await t.http.get('/about').expect(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.http.get('/assets/tiny-abc123.js').expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers unknown pages with the 404 page and status 404, and never serves dotfiles', async () => {
    const response = await t.http.get('/no-such-page').expect(404);
    expect(response.text).toBe('<h1>not found</h1>');
    await t.http.get('/.env').expect(404);
  });

  it('serves the admin app with a fallback to its index.html', async () => {
    await t.http.get('/admin').expect(301).expect('location', '/admin/');
    expect((await t.http.get('/admin/leads').expect(200)).text).toContain('admin');
    expect((await t.http.get('/admin/login').expect(200)).text).toContain('admin');
    await t.http.get('/admin/assets/admin-def456.js').expect(200);
  });

  it('leaves the admin POST routes to the API', async () => {
    const response = await t.http.post('/admin/login').send({}).expect(400);
    expect(response.body.success).toBe(false);
  });

  it('leaves /metrics to its route: the token gets the metrics, anyone else 401, never the 404 page', async () => {
    const metrics = await t.http.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
    expect(metrics.text).toContain('http_requests_total');
    const refused = await t.http.get('/metrics').expect(401);
    expect(refused.body.success).toBe(false);
  });
});

describe('Serving the built apps while the instance is overloaded', () => {
  let t: TestApp;

  beforeAll(async () => {
    const dist = makeDist();
    // Any process uses more than 1 MB of heap: from the first sample on, the instance is overloaded.
    t = await createTestApp({ SITE_DIST_DIR: dist.site, ADMIN_DIST_DIR: dist.admin, PRESSURE_MAX_HEAP_MB: '1' });
  });
  afterAll(() => t.close());

  it("still sends the apps' scripts (a page refused one would never come to life), and refuses pages and the API with 503", async () => {
    await pollUntil(async () => (await t.http.get('/api/jobs')).status === 503, { what: 'overload' });
    const script = await t.http.get('/assets/app-abc123.js').expect(200);
    expect(script.text).toBe(appScript);
    await t.http.get('/admin/assets/admin-def456.js').expect(200);
    await t.http.head('/assets/tiny-abc123.js?v=1').expect(200);
    for (const refused of ['/about', '/admin/leads', '/no-such-page', '/api/jobs']) {
      const response = await t.http.get(refused).expect(503);
      expect(response.body).toEqual({ success: false, message: MESSAGES.overloaded });
    }
  });
});
