#!/usr/bin/env node
// Renders nginx/nginx.conf.template into a complete nginx configuration.
//
//   node nginx/render.mjs --compose            writes /nginx.conf, the file docker-compose mounts
//   node nginx/render.mjs --compose --check    fails when /nginx.conf is not what the template renders
//   node nginx/render.mjs --out <file>         renders with the NGINX_* variables of the environment
//
// Variables (only upstream addresses, ports and paths differ between deployments):
//   NGINX_LISTEN            address:port or port to listen on (plain HTTP)
//   NGINX_UPSTREAM_SERVERS  comma-separated host:port of the backend instances
//   NGINX_RESOLVER          DNS server to re-resolve upstream names at run time (docker: 127.0.0.11); optional
//   NGINX_SITE_ROOT         folder of the built site (site/dist)
//   NGINX_ADMIN_ROOT        folder of the built admin app (admin/dist)
//   NGINX_RUNTIME_DIR       folder for the pid file and temporary bodies
//   NGINX_ACCESS_LOG, NGINX_ERROR_LOG
//   NGINX_TLS_LISTEN, NGINX_TLS_CERT, NGINX_TLS_KEY   optional: also serve TLS (then HSTS is sent)
//   NGINX_BROTLI_MODULE     the brotli_static module (.so) to load, or "none"; default: Debian's
//                           (apt-get install libnginx-mod-http-brotli-static) when it is installed
// The security headers, the cache policy, the apply and upload routes' body limits, the JSON error messages and the API routes
// outside /api/ come from packages/common, the same definitions the backend uses, so nginx and the backend cannot
// drift apart.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const templateFile = path.join(repoRoot, 'nginx', 'nginx.conf.template');
const composeOutput = path.join(repoRoot, 'nginx.conf');

/** The values docker-compose.yml uses: service names, the image's paths, logs to the container's output. */
export const COMPOSE_VALUES = {
  NGINX_LISTEN: '80',
  NGINX_UPSTREAM_SERVERS: 'backend:3000',
  NGINX_RESOLVER: '127.0.0.11',
  NGINX_SITE_ROOT: '/usr/share/brightwave/site',
  NGINX_ADMIN_ROOT: '/usr/share/brightwave/admin',
  NGINX_RUNTIME_DIR: '/var/cache/nginx',
  NGINX_ACCESS_LOG: '/var/log/nginx/access.log',
  NGINX_ERROR_LOG: '/var/log/nginx/error.log',
  // The nginx:alpine image has no brotli module: gzip_static only.
  NGINX_BROTLI_MODULE: 'none',
};

export const DEBIAN_BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** The brotli_static module to load: the one given, none, or Debian's when installed. */
function brotliModule(values) {
  const given = values.NGINX_BROTLI_MODULE?.trim();
  if (given === 'none') return undefined;
  if (given) return given;
  return fs.existsSync(DEBIAN_BROTLI_MODULE) ? DEBIAN_BROTLI_MODULE : undefined;
}

function fail(message) {
  throw new Error(`nginx/render.mjs: ${message}`);
}

/**
 * The HTTP policy, the limits and the messages, from packages/common (its CommonJS build, made by npm install):
 * nginx and the backend read the same definitions.
 */
const common = createRequire(import.meta.url)('@brightwave/common');

/** `add_header` lines for a header map, indented by `spaces`; the CSP is sent through its map ($content_security_policy). */
function addHeaderLines(headers, spaces) {
  return Object.entries(headers)
    .map(([name, value]) =>
      name === 'Content-Security-Policy' ? `add_header ${name} $content_security_policy always;` : `add_header ${name} "${value}" always;`,
    )
    .map((line) => `${' '.repeat(spaces)}${line}`)
    .join('\n');
}

function hideHeaderLines(spaces) {
  const names = [...Object.keys(common.SECURITY_HEADERS_DOCUMENT), ...Object.keys(common.SECURITY_HEADERS_ALWAYS), 'Strict-Transport-Security'];
  return names.map((name) => `${' '.repeat(spaces)}proxy_hide_header ${name};`).join('\n');
}

/**
 * The location regex of the API's POST routes outside /api/ (SPEC §7 puts the sign-in steps under /admin/, beside
 * the admin app's pages), from the contract's endpoints: nginx passes their POSTs to the backend, while a GET of
 * the same path is a page of the app. A new such route is routed by rendering again; a route outside /api/ of
 * another shape stops the rendering, for the template to say where it goes.
 */
export function adminApiPostsPattern(endpoints = Object.keys(common.API_ENDPOINTS)) {
  const names = endpoints
    .map((endpoint) => endpoint.split(' '))
    .filter(([, route]) => !route.startsWith('/api/'))
    .map(([method, route]) => {
      const name = /^\/admin\/([a-z0-9-]+)$/.exec(route)?.[1];
      if (method !== 'POST' || !name) fail(`${method} ${route} is outside /api/ and not a POST /admin/<name>: route it in the template`);
      return name;
    });
  return `^/admin/(?:${names.join('|')})$`;
}

function required(values, name) {
  const value = values[name]?.trim();
  if (!value) fail(`${name} is required`);
  if (/[;{}\s]/.test(value) && name !== 'NGINX_UPSTREAM_SERVERS') fail(`${name} must be one word (got "${value}")`);
  return value;
}

export function render(values) {
  const resolver = values.NGINX_RESOLVER?.trim();
  const servers = required(values, 'NGINX_UPSTREAM_SERVERS')
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  if (servers.some((server) => !/^[\w.-]+:\d+$/.test(server))) fail('NGINX_UPSTREAM_SERVERS must list host:port');
  // One failed connection takes an instance out for 10 s; nginx then tries the next one.
  const serverLines = servers.map((server) => `        server ${server} max_fails=1 fail_timeout=10s${resolver ? ' resolve' : ''};`).join('\n');

  let tls = '';
  if (values.NGINX_TLS_LISTEN?.trim()) {
    tls = [
      `        listen ${required(values, 'NGINX_TLS_LISTEN')} ssl default_server;`,
      `        ssl_certificate ${required(values, 'NGINX_TLS_CERT')};`,
      `        ssl_certificate_key ${required(values, 'NGINX_TLS_KEY')};`,
      '        ssl_protocols TLSv1.2 TLSv1.3;',
      '        ssl_session_cache shared:brightwave_tls:10m;',
    ].join('\n');
  }

  const brotli = brotliModule(values);
  if (brotli && /[;{}\s]/.test(brotli)) fail(`NGINX_BROTLI_MODULE must be one word (got "${brotli}")`);
  const substitutions = {
    LOAD_MODULES: brotli ? `load_module ${brotli};` : '',
    BROTLI_STATIC: brotli ? '    brotli_static on;' : '',
    LISTEN: required(values, 'NGINX_LISTEN'),
    SITE_ROOT: required(values, 'NGINX_SITE_ROOT'),
    ADMIN_ROOT: required(values, 'NGINX_ADMIN_ROOT').replace(/\/+$/, ''),
    RUNTIME_DIR: required(values, 'NGINX_RUNTIME_DIR').replace(/\/+$/, ''),
    ACCESS_LOG: required(values, 'NGINX_ACCESS_LOG'),
    ERROR_LOG: required(values, 'NGINX_ERROR_LOG'),
    UPSTREAM_SERVERS: serverLines,
    RESOLVER: resolver ? `        resolver ${resolver} valid=10s ipv6=off;` : '',
    TLS: tls,
    CONTENT_SECURITY_POLICY: common.CONTENT_SECURITY_POLICY,
    STRICT_TRANSPORT_SECURITY: common.STRICT_TRANSPORT_SECURITY,
    CACHE_CONTROL_HASHED_ASSET: common.CACHE_CONTROL.hashedAsset,
    CACHE_CONTROL_REVALIDATE: common.CACHE_CONTROL.revalidate,
    'SECURITY_HEADERS_DOCUMENT:8': addHeaderLines(common.SECURITY_HEADERS_DOCUMENT, 8),
    'SECURITY_HEADERS_ALWAYS:8': addHeaderLines(common.SECURITY_HEADERS_ALWAYS, 8),
    'SECURITY_HEADERS_ALWAYS:12': addHeaderLines(common.SECURITY_HEADERS_ALWAYS, 12),
    'SECURITY_HEADERS_ALWAYS:16': addHeaderLines(common.SECURITY_HEADERS_ALWAYS, 16),
    'HIDE_BACKEND_SECURITY_HEADERS:8': hideHeaderLines(8),
    // Rounded up to whole kilobytes: never below what the backend accepts.
    APPLY_BODY_LIMIT: `${Math.ceil(common.APPLY_BODY_LIMIT_BYTES / 1024)}k`,
    MEDIA_UPLOAD_BODY_LIMIT: `${Math.ceil(common.MEDIA_UPLOAD_BODY_LIMIT_BYTES / 1024)}k`,
    COLLECT_BODY_LIMIT: `${Math.ceil(common.COLLECT_BODY_LIMIT_BYTES / 1024)}k`,
    ADMIN_API_POSTS: adminApiPostsPattern(),
    JOB_PAGE_PATH_PATTERN: common.JOB_PAGE_PATH_PATTERN,
    CONTENT_PREVIEW_BASE: common.CONTENT_PREVIEW_BASE,
    MESSAGE_TOO_LARGE: common.MESSAGES.bodyTooLarge,
    MESSAGE_MEDIA_TOO_LARGE: common.MESSAGES.mediaTooLarge,
    MESSAGE_UNAVAILABLE: common.MESSAGES.internalError,
    MESSAGE_RATE_LIMITED: common.MESSAGES.rateLimited,
  };
  const template =
    '# Generated from nginx/nginx.conf.template by nginx/render.mjs: edit the template, then render again.\n' + fs.readFileSync(templateFile, 'utf8');
  const value = (name) => {
    if (!(name in substitutions)) fail(`unknown placeholder {{${name}}}`);
    return substitutions[name];
  };
  // A placeholder alone on its line that renders to nothing (no TLS, no resolver) leaves no blank line.
  return template
    .replace(/^\{\{([A-Z_]+(?::\d+)?)\}\}\n/gm, (_, name) => (value(name) ? `${value(name)}\n` : ''))
    .replace(/\{\{([A-Z_]+(?::\d+)?)\}\}/g, (_, name) => value(name));
}

function main(argv) {
  const compose = argv.includes('--compose');
  const check = argv.includes('--check');
  const outIndex = argv.indexOf('--out');
  const outFile = compose ? composeOutput : outIndex >= 0 ? path.resolve(argv[outIndex + 1] ?? '') : undefined;
  if (!outFile) fail('use --compose or --out <file>');
  const rendered = render(compose ? COMPOSE_VALUES : process.env);
  if (check) {
    const current = fs.existsSync(outFile) ? fs.readFileSync(outFile, 'utf8') : '';
    if (current !== rendered) {
      console.error(`${path.relative(repoRoot, outFile)} is out of date: run node nginx/render.mjs --compose`);
      process.exit(1);
    }
    console.log(`${path.relative(repoRoot, outFile)} matches nginx/nginx.conf.template`);
    return;
  }
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, rendered);
  console.log(`wrote ${outFile}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
