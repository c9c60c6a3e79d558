import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, TestApp } from './support/test-app';

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
  write('site/assets/app-abc123.js', 'console.log(1)');
  write('site/.env', 'SECRET=1');
  write('admin/index.html', '<div id="root">admin</div>');
  write('admin/assets/admin-def456.js', 'console.log(2)');
  return { site: path.join(root, 'site'), admin: path.join(root, 'admin') };
}

describe('Serving the built site and admin app on the API port', () => {
  let t: TestApp;

  beforeAll(async () => {
    const dist = makeDist();
    t = await createTestApp({ SITE_DIST_DIR: dist.site, ADMIN_DIST_DIR: dist.admin });
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

  it('caches hashed assets for a year', async () => {
    const response = await t.http.get('/assets/app-abc123.js').expect(200);
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
});
