import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pollUntil } from '@brightwave/testing';
import {
  API_ENDPOINTS,
  APPLY_BODY_LIMIT_BYTES,
  CACHE_CONTROL,
  CONTENT_SECURITY_POLICY,
  JOB_PAGE_PATH_PATTERN,
  MEDIA_UPLOAD_BODY_LIMIT_BYTES,
  COLLECT_BODY_LIMIT_BYTES,
  MESSAGES,
  SECURITY_HEADERS_ALWAYS,
  SECURITY_HEADERS_DOCUMENT,
  STRICT_TRANSPORT_SECURITY,
} from '@brightwave/common';
import { freePort } from './support/free-port';
import { routeParts } from './support/route-table';

const REPO_ROOT = path.join(__dirname, '..', '..');
const RENDERER = path.join(REPO_ROOT, 'nginx', 'render.mjs');

interface Renderer {
  render: (values: Record<string, string>) => string;
  adminApiPostsPattern: (endpoints?: string[]) => string;
  COMPOSE_VALUES: Record<string, string>;
}
const routesOutsideApi = () => Object.keys(API_ENDPOINTS).filter((endpoint) => !routeParts(endpoint).pattern.startsWith('/api/'));

// nginx.conf is rendered from the template with the definitions of packages/common. This changes no constant:
// it checks that the rendered configuration says what the constants say.
describe('the rendered nginx configuration agrees with packages/common', () => {
  let conf: string;
  beforeAll(async () => {
    const { render, COMPOSE_VALUES } = (await import(RENDERER)) as Renderer;
    conf = render({ ...COMPOSE_VALUES, NGINX_BROTLI_MODULE: 'none' });
  });

  it('lets the apply route take exactly what the backend accepts (APPLY_BODY_LIMIT_BYTES, from RESUME_MAX_BYTES)', () => {
    const applyLocation = conf.slice(conf.indexOf('location = /api/jobs/apply {'));
    const kilobytes = Number(/client_max_body_size (\d+)k;/.exec(applyLocation)?.[1]);
    expect(kilobytes * 1024).toBeGreaterThanOrEqual(APPLY_BODY_LIMIT_BYTES);
    expect(kilobytes * 1024 - APPLY_BODY_LIMIT_BYTES).toBeLessThan(1024);
  });

  it('lets the picture upload take exactly what the backend accepts (MEDIA_UPLOAD_BODY_LIMIT_BYTES), with its message beyond', () => {
    const uploadLocation = conf.slice(conf.indexOf('location = /api/admin/media {'));
    const kilobytes = Number(/client_max_body_size (\d+)k;/.exec(uploadLocation)?.[1]);
    expect(kilobytes * 1024).toBeGreaterThanOrEqual(MEDIA_UPLOAD_BODY_LIMIT_BYTES);
    expect(kilobytes * 1024 - MEDIA_UPLOAD_BODY_LIMIT_BYTES).toBeLessThan(1024);
    expect(conf).toContain(`return 413 '{"success":false,"message":"${MESSAGES.mediaTooLarge}"}';`);
  });

  it('lets the analytics beacon take exactly what the backend reads (COLLECT_BODY_LIMIT_BYTES), and answers 204 beyond, as the backend does', () => {
    const collectLocation = conf.slice(conf.indexOf('location = /api/collect {'));
    expect(Number(/client_max_body_size (\d+)k;/.exec(collectLocation)?.[1]) * 1024).toBe(COLLECT_BODY_LIMIT_BYTES);
    expect(collectLocation).toMatch(/^location = \/api\/collect \{\n\s+client_max_body_size \d+k;\n\s+error_page 413 502 503 504 =204 @no_content;/);
  });

  it('sends every security header with the value the backend sends', () => {
    expect(conf).toContain(`default      "${CONTENT_SECURITY_POLICY}";`);
    for (const [name, value] of Object.entries({ ...SECURITY_HEADERS_DOCUMENT, ...SECURITY_HEADERS_ALWAYS })) {
      const line = name === 'Content-Security-Policy' ? `add_header ${name} $content_security_policy always;` : `add_header ${name} "${value}" always;`;
      expect(conf).toContain(line);
      expect(conf).toContain(`proxy_hide_header ${name};`);
    }
    expect(conf).toContain(`on      "${STRICT_TRANSPORT_SECURITY}";`);
  });

  it('caches like the backend: hashed assets for a year, everything else revalidated', () => {
    expect(conf).toContain(`"${CACHE_CONTROL.hashedAsset}";`);
    expect(conf).toContain(`"${CACHE_CONTROL.revalidate}";`);
  });

  it('passes only the API, the pages it renders and the admin sign-in POSTs to the backend: never /metrics', () => {
    const proxied = [...conf.matchAll(/location (.+?) \{\n([^{}]|\{[^{}]*\})*?proxy_pass /g)].map((match) => match[1]);
    expect(proxied).toEqual([
      '@page',
      '~ ^/portfolio/?$',
      `~ "${JOB_PAGE_PATH_PATTERN}"`,
      '~ ^/careers/feed\\.(?:xml|json)$',
      '= /sitemap.xml',
      '^~ /media/',
      '~ ^/admin/sso/(?:start|callback)$',
      '/api/',
      '= /api/jobs/apply',
      '= /api/admin/media',
      '= /api/collect',
      '@backend',
    ]);
  });

  it('hands the POSTs of every route of the contract outside /api/ to the backend (the location is made from the contract)', async () => {
    const { adminApiPostsPattern } = (await import(RENDERER)) as Renderer;
    const pattern = /location ~ (\S+) \{\n\s+error_page 418 = @backend;/.exec(conf)?.[1];
    expect(pattern).toBe(adminApiPostsPattern());
    for (const route of routesOutsideApi()) expect(route.split(' ')[1]).toMatch(new RegExp(pattern!));
    expect(() => adminApiPostsPattern([...Object.keys(API_ENDPOINTS), 'GET /metrics'])).toThrow('GET /metrics is outside /api/');
  });

  it('asks the next instance when one answers a GET with 503 (shutting down, overloaded)', () => {
    expect(conf).toContain('proxy_next_upstream error timeout http_503;');
  });

  it("answers its own errors with the API's messages", () => {
    for (const message of [MESSAGES.bodyTooLarge, MESSAGES.rateLimited, MESSAGES.internalError]) {
      expect(conf).toContain(`{"success":false,"message":"${message}"}`);
    }
  });
});

/** The system's nginx; when there is none, the stack test's helper installs it (as root) or says how. */
async function findNginx(): Promise<string> {
  const found = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin']
    .map((dir) => path.join(dir, 'nginx'))
    .find((file) => fs.existsSync(file));
  if (found) return found;
  const { ensureNginx } = (await import(path.join(REPO_ROOT, 'stack', 'lib.mjs'))) as { ensureNginx: () => string };
  return ensureNginx();
}

/** Until `port` accepts connections, or `child` exits. */
async function listening(port: number, child: ChildProcess, log: string): Promise<void> {
  await pollUntil(
    () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''}`);
      return new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
        socket.once('error', () => resolve(false));
      });
    },
    { what: `nginx listening on ${port}`, timeoutMs: 10_000 },
  );
}

// nginx itself, on the configuration rendered from the template, in front of a stand-in backend that answers every
// request it gets: what nginx passes on, what it serves itself, for every route of the contract.
describe('nginx run on the rendered configuration', () => {
  const ADMIN_INDEX = '<!doctype html><title>admin app</title>';
  const received: string[] = [];
  const forwardedFor: string[] = [];
  let dir: string;
  let backend: http.Server;
  let nginx: ChildProcess;
  let base: string;
  let nginxPath: string;

  /** nginx on the rendered configuration, in `runtime`, in front of 127.0.0.1:`upstreamPort`. */
  async function startNginx(runtime: string, upstreamPort: number): Promise<{ nginx: ChildProcess; base: string }> {
    const { render } = (await import(RENDERER)) as Renderer;
    const port = await freePort();
    fs.mkdirSync(runtime, { recursive: true });
    const confFile = path.join(runtime, 'nginx.conf');
    fs.writeFileSync(
      confFile,
      render({
        NGINX_LISTEN: `127.0.0.1:${port}`,
        NGINX_UPSTREAM_SERVERS: `127.0.0.1:${upstreamPort}`,
        NGINX_SITE_ROOT: path.join(dir, 'site'),
        NGINX_ADMIN_ROOT: path.join(dir, 'admin'),
        NGINX_RUNTIME_DIR: runtime,
        NGINX_ACCESS_LOG: path.join(runtime, 'access.log'),
        NGINX_ERROR_LOG: path.join(runtime, 'error.log'),
        NGINX_BROTLI_MODULE: 'none',
      }),
    );
    const child = spawn(nginxPath, ['-c', confFile, '-p', runtime, '-g', 'daemon off;'], { stdio: 'ignore' });
    await listening(port, child, path.join(runtime, 'error.log'));
    return { nginx: child, base: `http://127.0.0.1:${port}` };
  }

  beforeAll(async () => {
    nginxPath = await findNginx();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-nginx-'));
    // nginx's workers run as an unprivileged user when started as root: they must be able to read the roots.
    fs.chmodSync(dir, 0o755);
    for (const [file, text] of [
      ['site/index.html', '<!doctype html><title>site</title>'],
      ['site/404.html', 'not found'],
      ['admin/index.html', ADMIN_INDEX],
    ] as const) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true, mode: 0o755 });
      fs.writeFileSync(path.join(dir, file), text, { mode: 0o644 });
    }
    backend = http.createServer((request, response) => {
      received.push(`${request.method} ${request.url}`);
      forwardedFor.push(String(request.headers['x-forwarded-for']));
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"from":"backend"}');
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    ({ nginx, base } = await startNginx(path.join(dir, 'run'), (backend.address() as net.AddressInfo).port));
  });
  afterAll(async () => {
    if (nginx?.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    await new Promise((resolve) => backend?.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("passes single sign-on's pages to the backend, and serves the admin app's /admin/sso page itself", async () => {
    received.length = 0;
    for (const url of ['/admin/sso/start', '/admin/sso/callback?code=a-code&state=a-state']) {
      const answer = await fetch(`${base}${url}`, { redirect: 'manual' });
      expect(`${url}: ${answer.status} ${await answer.text()}`).toBe(`${url}: 200 {"success":true,"from":"backend"}`);
    }
    expect(received).toEqual(['GET /admin/sso/start', 'GET /admin/sso/callback?code=a-code&state=a-state']);
    const page = await fetch(`${base}/admin/sso?ticket=a-ticket`);
    expect(`${page.status} ${await page.text()}`).toBe(`200 ${ADMIN_INDEX}`);
    expect(received).toHaveLength(2);
  });

  it('passes the POST of every route of the contract outside /api/ to the backend (none is answered 405), and serves a GET of its path as the admin app', async () => {
    const routes = routesOutsideApi();
    expect(routes).toEqual(expect.arrayContaining(['POST /admin/login', 'POST /admin/accept-invite']));
    received.length = 0;
    for (const route of routes) {
      const [method, routePath] = route.split(' ');
      const answer = await fetch(`${base}${routePath}`, { method, headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(`${route}: ${answer.status} ${await answer.text()}`).toBe(`${route}: 200 {"success":true,"from":"backend"}`);
      const page = await fetch(`${base}${routePath}`);
      expect(`GET ${routePath}: ${page.status} ${await page.text()}`).toBe(`GET ${routePath}: 200 ${ADMIN_INDEX}`);
    }
    expect(received).toEqual(routes);
  });

  it("passes every page of the site (each with the published content, a job's page, a preview), the job feeds and the sitemap to the backend, and serves the build's files itself", async () => {
    received.length = 0;
    const pages = [
      '/',
      '/services',
      '/about/mission',
      '/careers',
      '/careers/senior-react-engineer-3f2504e0',
      '/careers/3f2504e0/',
      '/preview/services?token=x',
      '/no-such-page',
      '/missing.png',
    ];
    const picture = '/media/3f2504e0-4f89-41d3-9a0c-0305e82c3301/640.avif';
    for (const url of [...pages, '/careers/feed.xml', '/careers/feed.json', '/sitemap.xml', picture]) {
      const answer = await fetch(`${base}${url}`, { redirect: 'manual' });
      expect(`${url}: ${answer.status} ${await answer.text()}`).toBe(`${url}: 200 {"success":true,"from":"backend"}`);
      // The backend's Cache-Control stands alone: nginx adds none to a page (preview links are never stored).
      if (!url.endsWith('.png')) expect(answer.headers.get('cache-control')).toBeNull();
    }
    const file = await fetch(`${base}/index.html`);
    expect(`${file.status} ${await file.text()}`).toBe('200 <!doctype html><title>site</title>');
    expect(received).toEqual([...pages, '/careers/feed.xml', '/careers/feed.json', '/sitemap.xml', picture].map((url) => `GET ${url}`));
  });

  it('serves the prerendered copy of a page, revalidated, while no backend answers', async () => {
    // Nothing listens on the upstream's port.
    const { nginx: down, base: downBase } = await startNginx(fs.mkdtempSync(path.join(dir, 'down-')), await freePort());
    try {
      const home = await fetch(`${downBase}/`);
      expect(`${home.status} ${await home.text()}`).toBe('200 <!doctype html><title>site</title>');
      expect(home.headers.get('cache-control')).toBe('no-cache');
      const missing = await fetch(`${downBase}/no-such-page`);
      expect(`${missing.status} ${await missing.text()}`).toBe('404 not found');
      // The analytics beacon is answered 204 all the same: its sender reads no answer.
      const beacon = await fetch(`${downBase}/api/collect`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"type":"view","path":"/"}',
      });
      expect(`${beacon.status} ${await beacon.text()}`).toBe('204 ');
    } finally {
      const exited = new Promise((resolve) => down.once('exit', resolve));
      down.kill('SIGTERM');
      await exited;
    }
  });

  it("writes no preview link's token to the access log, however the link is spelled, and the query of other requests as sent", async () => {
    const logFile = path.join(dir, 'run', 'access.log');
    const loggedLine = (probe: string) =>
      pollUntil(
        () =>
          fs
            .readFileSync(logFile, 'utf8')
            .split('\n')
            .find((line) => line.includes(probe)),
        { what: `the access log line of ${probe}` },
      );
    received.length = 0;
    const previews = ['/preview/services', '/preview/services/', '/%70review/services', '//preview/home'];
    for (const [index, previewPath] of previews.entries()) {
      const token = `secret-token-${index}.${'x'.repeat(40)}`;
      const answer = await fetch(`${base}${previewPath}?token=${token}`);
      expect(answer.status).toBe(200);
      // The backend still gets the token; only the log leaves it out.
      expect(received.at(-1)).toBe(`GET ${previewPath}?token=${token}`);
      const line = await loggedLine(`"GET ${previewPath}?`);
      expect(line).not.toContain('secret-token');
      expect(line).toContain(`"GET ${previewPath}?[query not logged] HTTP/1.1" 200 `);
    }
    await fetch(`${base}/careers?department=design&probe=kept`);
    expect(await loggedLine('probe=kept')).toContain('"GET /careers?department=design&probe=kept HTTP/1.1" ');

    // With no backend, the 404 page answers a preview link: still no token in the log.
    const downRun = fs.mkdtempSync(path.join(dir, 'down-'));
    const { nginx: down, base: downBase } = await startNginx(downRun, await freePort());
    try {
      expect((await fetch(`${downBase}/preview/services?token=secret-token-down`)).status).toBe(404);
      const line = await pollUntil(
        () =>
          fs
            .readFileSync(path.join(downRun, 'access.log'), 'utf8')
            .split('\n')
            .find((text) => text.includes('/preview/')),
        {
          what: 'the access log line of the preview',
        },
      );
      expect(line).not.toContain('secret-token');
    } finally {
      const exited = new Promise((resolve) => down.once('exit', resolve));
      down.kill('SIGTERM');
      await exited;
    }
  });

  it('passes the analytics beacon to the backend with the address nginx saw, and answers one over the limit 204 itself', async () => {
    received.length = 0;
    const beacon = await fetch(`${base}/api/collect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1' },
      body: '{"type":"view","path":"/"}',
    });
    expect(beacon.status).toBe(200);
    expect(forwardedFor.at(-1)).toBe('127.0.0.1');
    const tooLarge = await fetch(`${base}/api/collect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"path":"/${'a'.repeat(COLLECT_BODY_LIMIT_BYTES)}"}`,
    });
    expect(`${tooLarge.status} ${await tooLarge.text()}`).toBe('204 ');
    expect(received).toEqual(['POST /api/collect']);
  });

  it('passes every route of the contract under /api/ to the backend', async () => {
    const routes = Object.keys(API_ENDPOINTS).filter((endpoint) => routeParts(endpoint).pattern.startsWith('/api/'));
    received.length = 0;
    for (const route of routes) {
      const { method, pattern } = routeParts(route);
      const url = pattern.replace(/:\w+/g, '3f2504e0-4f89-41d3-9a0c-0305e82c3301');
      const body = ['POST', 'PUT', 'PATCH'].includes(method) ? '{}' : undefined;
      const answer = await fetch(`${base}${url}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body });
      expect(`${route}: ${answer.status}`).toBe(`${route}: 200`);
    }
    expect(received).toHaveLength(routes.length);
  });
});
