// PGlite's extensions are exported as '@electric-sql/pglite/contrib/<name>' (package.json "exports"), which this
// project's moduleResolution (node10, for the CommonJS build) does not read: their types, by their file.
declare module '@electric-sql/pglite/contrib/pg_trgm' {
  export { pg_trgm } from '@electric-sql/pglite/dist/contrib/pg_trgm';
}
declare module '@electric-sql/pglite/contrib/btree_gist' {
  export { btree_gist } from '@electric-sql/pglite/dist/contrib/btree_gist';
}
