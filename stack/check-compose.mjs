// Consistency of the compose file with what the stack test proves: nginx runs the committed nginx.conf, which
// proxies to `backend:3000`; the backend trusts only nginx's address, runs 2 replicas that keep resumes in MinIO's
// bucket (no shared volume), and has no published port. Reads the normalized output of `docker-compose config`
// (or the raw file).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const yaml = require('js-yaml');
const compose = yaml.load(fs.readFileSync(process.argv[2] ?? path.join(repoRoot, 'docker-compose.yml'), 'utf8'));
const { COMPOSE_VALUES } = await import(path.join(repoRoot, 'nginx', 'render.mjs'));

const problems = [];
const check = (condition, message) => condition || problems.push(message);
const services = compose.services ?? {};
for (const name of ['postgres', 'redis', 'backend', 'nginx', 'mailpit', 'minio', 'minio-init']) check(services[name], `service ${name} is missing`);
const { backend = {}, nginx = {}, minio = {}, 'minio-init': minioInit = {} } = services;
const environmentOf = (service) =>
  Array.isArray(service.environment) ? Object.fromEntries(service.environment.map((entry) => entry.split(/=(.*)/s).slice(0, 2))) : (service.environment ?? {});
const env = environmentOf(backend);
const volumeTargets = (service) => (service.volumes ?? []).map((volume) => (typeof volume === 'string' ? volume.split(':')[1] : volume.target));
const volumeSources = (service) => (service.volumes ?? []).map((volume) => (typeof volume === 'string' ? volume.split(':')[0] : volume.source));

check(backend.deploy?.replicas >= 2, 'backend runs at least 2 replicas');
check(!backend.ports, 'backend publishes no port (only nginx is reachable)');
check(String(env.PORT) === COMPOSE_VALUES.NGINX_UPSTREAM_SERVERS.split(':')[1], 'backend PORT matches the upstream of nginx.conf');
check(env.NODE_ENV === 'production', 'backend NODE_ENV=production');
check(env.REDIS_URL?.startsWith('redis://redis:'), 'backend REDIS_URL points at the redis service');
// The rate limits' keys carry expiry times: a policy that evicts (volatile-* first of all) would drop them under pressure.
const redisCommand = [services.redis?.command ?? []].flat().join(' ');
check(
  /--maxmemory \d+[kmg]b\b/.test(redisCommand) && /--maxmemory-policy noeviction\b/.test(redisCommand),
  'redis has a maxmemory and evicts nothing (noeviction)',
);
check(env.DATABASE_URL?.startsWith('postgres://') && env.DATABASE_URL.includes('@postgres:5432/'), 'DATABASE_URL points at the postgres service');
check(env.SITE_DIST_DIR === 'none' && env.ADMIN_DIST_DIR === 'none', 'nginx, not the backend, serves the static files');
// The raw file (no docker-compose to resolve it) still holds `${NAME:-default}`: read as its default.
const withDefaults = (value) => String(value ?? '').replace(/\$\{\w+:-([^}]*)\}/g, '$1');
const storage = URL.parse(withDefaults(env.STORAGE_URL));
check(storage?.protocol === 's3:' && storage.searchParams.get('endpoint') === 'http://minio:9000', 'backend STORAGE_URL points at the minio service');
check(storage?.hostname === withDefaults(environmentOf(minioInit).RESUME_BUCKET), 'minio-init creates the bucket of STORAGE_URL');
check(
  env.AWS_SECRET_ACCESS_KEY === environmentOf(minio).MINIO_ROOT_PASSWORD && env.AWS_ACCESS_KEY_ID === environmentOf(minio).MINIO_ROOT_USER,
  'the backend signs in to MinIO with its credentials',
);
check(minioInit.depends_on && 'minio' in minioInit.depends_on, 'minio-init waits for minio');
check(backend.depends_on && 'minio-init' in backend.depends_on, 'the backend starts once the bucket exists');
check(volumeSources(backend).length === 0, 'the replicas share no volume (resumes are in the bucket)');
check(!minio.ports, 'minio publishes no port');
const nginxAddress = nginx.networks?.default?.ipv4_address;
check(nginxAddress && env.TRUST_PROXY === nginxAddress, `the backend trusts exactly nginx's address (${env.TRUST_PROXY} vs ${nginxAddress})`);
const confMount = (nginx.volumes ?? []).find((volume) => volumeTargets({ volumes: [volume] })[0] === '/etc/nginx/nginx.conf');
check(
  confMount && path.resolve(repoRoot, volumeSources({ volumes: [confMount] })[0]) === path.join(repoRoot, 'nginx.conf'),
  'nginx mounts the repository nginx.conf',
);
check((nginx.ports ?? []).length === 1, 'nginx publishes one port');
const nginxDockerfile = fs.readFileSync(path.join(repoRoot, 'nginx', 'Dockerfile'), 'utf8');
for (const dir of [COMPOSE_VALUES.NGINX_SITE_ROOT, COMPOSE_VALUES.NGINX_ADMIN_ROOT]) {
  check(nginxDockerfile.includes(dir), `nginx/Dockerfile puts the build at ${dir}, where nginx.conf looks`);
}
const backendDockerfile = fs.readFileSync(path.join(repoRoot, 'backend', 'Dockerfile'), 'utf8');
check(/^USER node$/m.test(backendDockerfile), 'the backend image runs as a non-root user');
check(
  /SITE_SSR_DIR=\/app\/site\/dist-ssr\b/.test(backendDockerfile) && backendDockerfile.includes('COPY --from=site /app/site/dist-ssr site/dist-ssr'),
  "the backend image carries the site's server entry where SITE_SSR_DIR points (it renders /portfolio)",
);
check(/^HEALTHCHECK /m.test(backendDockerfile) && backend.healthcheck, 'the backend has a healthcheck');
check(/^FROM node:24/m.test(backendDockerfile), 'the backend image is Node 24');

if (problems.length) {
  console.error(`compose file is inconsistent:\n  - ${problems.join('\n  - ')}`);
  process.exit(1);
}
console.log('compose file is valid and consistent with nginx.conf and the Dockerfiles');
