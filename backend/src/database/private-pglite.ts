import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The permission bits of the group and of other users, which no file or folder of the database may have. */
const GROUP_AND_OTHER = 0o077;

/** The part of Emscripten's NODEFS (the WebAssembly build's view of a Node folder) that sets modes on disk. */
interface EmscriptenNodeFs {
  node_ops: {
    mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
    setattr(node: unknown, attr: { mode?: number }): void;
  };
  stream_ops: { setattr(stream: unknown, attr: { mode?: number }): void };
}

const privateMode = <T extends { mode?: number }>(attr: T): T => (attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~GROUP_AND_OTHER });

/**
 * Every mode NODEFS sets on disk loses its group and other bits. Emscripten gives a file the mode it was opened
 * with by an explicit chmod, which the process umask does not limit: PGlite unpacks a cluster (the prebuilt one
 * of a first start, initdb's output, a restored backup) with Emscripten's default 0666, and PostgreSQL's fopen'ed
 * files get 0644, so any local user could read the database. Folders keep only the owner's bits too.
 */
function keepModesPrivate(nodefs: EmscriptenNodeFs): void {
  const { node_ops: nodeOps, stream_ops: streamOps } = nodefs;
  if (typeof nodeOps?.mknod !== 'function' || typeof nodeOps.setattr !== 'function' || typeof streamOps?.setattr !== 'function') {
    // A PGlite whose file layer changed shape: refuse to write a database whose modes this cannot keep private.
    throw new Error('This PGlite version has no NODEFS mknod/setattr: the data folder could not be kept private');
  }
  const { mknod, setattr } = nodeOps;
  const setStreamAttr = streamOps.setattr;
  nodeOps.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~GROUP_AND_OTHER, dev);
  nodeOps.setattr = (node, attr) => setattr(node, privateMode(attr));
  streamOps.setattr = (stream, attr) => setStreamAttr(stream, privateMode(attr));
}

/** PGlite's Node folder file system, with owner-only modes on everything it creates (keepModesPrivate). */
class PrivateNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(pg, options);
    // Before the folder is mounted and anything is written; each PGlite has its own Emscripten module.
    const preRun = [(module: { NODEFS: unknown }) => keepModesPrivate(module.NODEFS as EmscriptenNodeFs), ...(emscriptenOpts.preRun ?? [])];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}

/**
 * The PostgreSQL extensions the migrations create (0012: pg_trgm, for the lists' search; 0027: btree_gist, for the
 * booked calls' exclusion constraints): PGlite runs an extension's SQL and code only when it was given at start, so
 * every opening of a database gives them.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gist };

/** Opens (or creates) the embedded database in `dbDir`: a folder 0700 whose files are 0600 whatever the umask. */
export async function openPgliteFolder(dbDir: string, options: Omit<PGliteOptions, 'dataDir' | 'fs' | 'extensions'> = {}): Promise<PGlite> {
  fs.mkdirSync(dbDir, { recursive: true, mode: 0o700 });
  return PGlite.create({ ...options, extensions: PGLITE_EXTENSIONS, fs: new PrivateNodeFS(dbDir) });
}

// PGlite writes this file while a process has the database open and removes it on close.
const OPEN_MARKER = 'postmaster.pid';

/**
 * Why a command (admin, backup, restore) may not open the embedded database in `dbDir` now, or undefined: a server
 * has it open, and two processes writing one folder would damage it.
 */
export function embeddedDatabaseInUse(dbDir: string): string | undefined {
  if (!fs.existsSync(path.join(dbDir, OPEN_MARKER))) return undefined;
  return (
    `The embedded database in ${dbDir} is open: stop the server first (only one process may open it). ` +
    'If no server is running, it was not shut down cleanly: start it and stop it once, then run this again.'
  );
}
