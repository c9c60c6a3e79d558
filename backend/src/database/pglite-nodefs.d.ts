// PGlite's file system on a Node folder is exported as '@electric-sql/pglite/nodefs' (package.json "exports"), which
// this project's moduleResolution (node10, for the CommonJS build) does not read: its types, by their file.
declare module '@electric-sql/pglite/nodefs' {
  export { NodeFS } from '@electric-sql/pglite/dist/fs/nodefs';
}
