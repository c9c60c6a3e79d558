// Jest global setup's helper: unpacks the migrated cluster (argv[2], a PGlite data dir archive) into the folder
// argv[3], the database folder every PGlite test app starts from as a copy (see test-app.ts).
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const [archive, folder] = process.argv.slice(2);
// With the extensions the migrations created (PGLITE_EXTENSIONS, src/database/private-pglite.ts).
const client = await PGlite.create(folder, { loadDataDir: new Blob([fs.readFileSync(archive)]), extensions: { pg_trgm, btree_gist } });
await client.close();
// As the server keeps its own (private-pglite.ts): nothing for the group or other users.
for (const entry of [folder, ...fs.readdirSync(folder, { recursive: true }).map((name) => `${folder}/${name}`)]) {
  fs.chmodSync(entry, fs.statSync(entry).mode & 0o700);
}
