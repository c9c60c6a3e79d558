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
// The Content-Security-Policy and the two JSON error messages are read from the backend and packages/common
// sources, so nginx and the backend cannot drift apart.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
};

function fail(message) {
  throw new Error(`nginx/render.mjs: ${message}`);
}

/** The string literals of `export const CONTENT_SECURITY_POLICY = [ ... ].join('; ')`. */
export function readContentSecurityPolicy() {
  const file = path.join(repoRoot, 'backend', 'src', 'common', 'security-headers.ts');
  const source = fs.readFileSync(file, 'utf8');
  const match = source.match(/export const CONTENT_SECURITY_POLICY = \[([\s\S]*?)\]\.join\('; '\)/);
  if (!match) fail(`CONTENT_SECURITY_POLICY (an array joined with '; ') not found in ${file}`);
  const parts = [...match[1].matchAll(/(["'])(.*?)\1\s*,?/g)].map((m) => m[2]);
  if (parts.length === 0 || parts.some((part) => part.includes('"'))) fail('cannot read the CSP directives');
  return parts.join('; ');
}

function readMessage(name) {
  const file = path.join(repoRoot, 'packages', 'common', 'src', 'messages.ts');
  const match = fs.readFileSync(file, 'utf8').match(new RegExp(`\\b${name}: '([^'\\\\"]*)'`));
  if (!match) fail(`message ${name} not found in ${file}`);
  return match[1];
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
  const serverLines = servers
    .map((server) => `        server ${server} max_fails=1 fail_timeout=10s${resolver ? ' resolve' : ''};`)
    .join('\n');

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

  const substitutions = {
    LISTEN: required(values, 'NGINX_LISTEN'),
    SITE_ROOT: required(values, 'NGINX_SITE_ROOT'),
    ADMIN_ROOT: required(values, 'NGINX_ADMIN_ROOT').replace(/\/+$/, ''),
    RUNTIME_DIR: required(values, 'NGINX_RUNTIME_DIR').replace(/\/+$/, ''),
    ACCESS_LOG: required(values, 'NGINX_ACCESS_LOG'),
    ERROR_LOG: required(values, 'NGINX_ERROR_LOG'),
    UPSTREAM_SERVERS: serverLines,
    RESOLVER: resolver ? `        resolver ${resolver} valid=10s ipv6=off;` : '',
    TLS: tls,
    CONTENT_SECURITY_POLICY: readContentSecurityPolicy(),
    MESSAGE_TOO_LARGE: readMessage('bodyTooLarge'),
    MESSAGE_UNAVAILABLE: readMessage('internalError'),
  };
  const template =
    '# Generated from nginx/nginx.conf.template by nginx/render.mjs: edit the template, then render again.\n' +
    fs.readFileSync(templateFile, 'utf8');
  const value = (name) => {
    if (!(name in substitutions)) fail(`unknown placeholder {{${name}}}`);
    return substitutions[name];
  };
  // A placeholder alone on its line that renders to nothing (no TLS, no resolver) leaves no blank line.
  return template
    .replace(/^\{\{([A-Z_]+)\}\}\n/gm, (_, name) => (value(name) ? `${value(name)}\n` : ''))
    .replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => value(name));
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
