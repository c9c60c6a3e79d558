// `npm run build`: builds each workspace whose sources changed since its last build, in dependency order (those that
// need nothing of each other at once: the backend, the site and the admin app), so a second `npm start` in an
// unchanged checkout builds nothing. A build leaves a fingerprint of what it was built from
// (every source file's path and content, and the lock file) in its dist folder; a build that fails leaves none, so
// it runs again next time. `npm run build -- --all` (or BUILD_ALL=1) builds every workspace whatever changed;
// `npm run build -- @brightwave/common` builds only the ones named (when changed).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCaptured } from './run-captured.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The workspaces that have a build. `bundles`: the workspaces whose sources end up inside this one's output (the apps
 * bundle the shared packages; the backend imports @brightwave/common at run time from its own build, so it does not).
 * `after`: the workspaces whose build this one reads (@brightwave/common's dist: its types, and its modules that the
 * apps bundle); the others build at the same time, which took the backend's, the site's and the admin app's builds
 * from 23 s one after the other to about 16 on two cores.
 */
const WORKSPACES = [
  { name: '@brightwave/common', dir: 'packages/common', bundles: [], after: [] },
  { name: '@brightwave/testing', dir: 'packages/testing', bundles: [], after: ['@brightwave/common'] },
  { name: '@brightwave/backend', dir: 'backend', bundles: [], after: ['@brightwave/common'] },
  { name: '@brightwave/site', dir: 'site', bundles: ['packages/common', 'packages/ui'], after: ['@brightwave/common'] },
  { name: '@brightwave/admin', dir: 'admin', bundles: ['packages/common', 'packages/ui'], after: ['@brightwave/common'] },
];

// Folders that are outputs, dependencies or tests: none of them changes what a build makes.
const NOT_SOURCES = new Set(['node_modules', 'dist', 'dist-ssr', 'test', 'bench', 'coverage', 'test-results', '.cache']);
const isTestFile = (name) => /\.(?:test|spec|e2e-spec|type-test)\.tsx?$/.test(name);
const STAMP = '.built-from';

/** Every source file under `dir` (relative to the repository), sorted. */
function sourceFiles(dir) {
  const files = [];
  const walk = (folder) => {
    for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!NOT_SOURCES.has(entry.name)) walk(relative);
      } else if (entry.isFile() && !isTestFile(entry.name)) {
        files.push(relative);
      }
    }
  };
  walk(dir);
  return files.sort();
}

/** A fingerprint of what a workspace's build reads: its sources, those it bundles, and the lock file. */
function fingerprint(workspace) {
  const hash = createHash('sha256');
  for (const file of ['package-lock.json', ...[workspace.dir, ...workspace.bundles].flatMap(sourceFiles)]) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

const stampFile = (workspace) => path.join(root, workspace.dir, 'dist', STAMP);
const readStamp = (workspace) => (fs.existsSync(stampFile(workspace)) ? fs.readFileSync(stampFile(workspace), 'utf8') : '');

const args = process.argv.slice(2);
const buildAll = args.includes('--all') || process.env.BUILD_ALL === '1';
const named = args.filter((arg) => !arg.startsWith('--'));
const unknown = named.filter((name) => !WORKSPACES.some((workspace) => workspace.name === name));
if (unknown.length > 0) {
  console.error(`Unknown workspace ${unknown.join(', ')}: one of ${WORKSPACES.map((workspace) => workspace.name).join(', ')}`);
  process.exit(2);
}

const selected = WORKSPACES.filter((each) => named.length === 0 || named.includes(each.name));
/** Each selected workspace's build, started once: resolves to whether it (and what it comes after) passed. */
const builds = new Map();
function build(workspace) {
  if (!builds.has(workspace.name)) {
    builds.set(
      workspace.name,
      (async () => {
        const before = await Promise.all(selected.filter((each) => workspace.after.includes(each.name)).map(build));
        if (before.includes(false)) return false;
        const current = fingerprint(workspace);
        if (!buildAll && readStamp(workspace) === current) {
          console.log(`${workspace.name}: unchanged since its last build`);
          return true;
        }
        fs.rmSync(stampFile(workspace), { force: true });
        console.log(`${workspace.name}: building`);
        const { code, output } = await runCaptured('npm', ['run', 'build', '-w', workspace.name], { cwd: root });
        process.stdout.write(output);
        if (code !== 0) {
          console.error(`${workspace.name}: the build failed (above)`);
          return false;
        }
        fs.writeFileSync(stampFile(workspace), current);
        return true;
      })(),
    );
  }
  return builds.get(workspace.name);
}
if ((await Promise.all(selected.map(build))).includes(false)) process.exit(1);
