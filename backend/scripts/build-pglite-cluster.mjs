// Part of `npm run build -w @brightwave/backend`: makes the embedded database's empty cluster (every migration
// applied) once, at build time, as dist/pglite-cluster.tar.gz. A first `npm start` then unpacks it instead of
// running initdb inside the server, whose second PostgreSQL instance doubled the server's peak memory.
// With a path argument it writes there instead: the backend tests make one for all their suites (jest global setup).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = process.argv[2] ? path.resolve(process.argv[2]) : path.join(backendDir, 'dist', 'pglite-cluster.tar.gz');

// The extensions the migrations create, as the server gives them (PGLITE_EXTENSIONS, src/database/private-pglite.ts).
const client = await PGlite.create({ extensions: { pg_trgm, btree_gist } });
await migrate(drizzle({ client }), { migrationsFolder: path.join(backendDir, 'drizzle') });
const archive = await client.dumpDataDir('gzip');
await client.close();
fs.mkdirSync(path.dirname(output), { recursive: true });
fs.writeFileSync(output, Buffer.from(await archive.arrayBuffer()));
console.log(`wrote ${path.relative(process.cwd(), output)} (${Math.round(fs.statSync(output).size / 1024)} KB)`);
