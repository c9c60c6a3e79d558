// Jest global setup: one empty cluster, every migration applied, for all the suites that boot the app on PGlite.
// Each such app would otherwise run initdb and every migration itself: about 7 s on a slow 2-core machine, against
// about 1.5 s to unpack this (56 apps in a run). The file is named by the PGlite version that wrote it and the
// migrations it holds, so an upgrade or a changed migration makes a new one; the workers, started after this,
// inherit PGLITE_CLUSTER_FILE.
const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const backendDir = path.resolve(__dirname, '..', '..');

/** The installed PGlite's version (its package.json is not among the files the package exports). */
function pgliteVersion() {
  let folder = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(folder, 'package.json')) || readJson(path.join(folder, 'package.json')).name !== '@electric-sql/pglite') {
    folder = path.dirname(folder);
  }
  return readJson(path.join(folder, 'package.json')).version;
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function clusterHash() {
  const folder = path.join(backendDir, 'drizzle');
  const hash = createHash('sha256').update(pgliteVersion());
  for (const file of fs.readdirSync(folder, { recursive: true }).sort()) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

module.exports = () => {
  const file = path.join(os.tmpdir(), `bw-pglite-cluster-${clusterHash()}.tar.gz`);
  if (!fs.existsSync(file)) {
    // Written beside and renamed, so a run stopped halfway never leaves a truncated cluster under the final name.
    const partial = `${file}.${process.pid}.partial`;
    execFileSync(process.execPath, [path.join(backendDir, 'scripts', 'build-pglite-cluster.mjs'), partial], { stdio: 'ignore' });
    fs.renameSync(partial, file);
  }
  process.env.PGLITE_CLUSTER_FILE = file;
};
