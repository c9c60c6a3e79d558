// Imported first by main.ts, before anything else loads: V8 settings that keep the server's memory small.
// V8's flags cannot change once Node runs, and NODE_OPTIONS refuses --liftoff-only, so the process replaces itself
// (same pid, process.execve) with one started with them. Figures: README "Memory" and `npm run bench:api`.
//
// --max-semi-space-size=4: under load V8 grows its young generation to tens of MB of semi-spaces; 4 MB ones
//   cost no measurable throughput on bench:api and about 100 MB of peak RSS.
// --heap-growing-percent=10: after each full collection V8 lets the old generation grow to a multiple of what
//   survived (up to about 2x on a server's heap) before it collects again; under load most of that growth is
//   garbage. Growing by 10 % collects it sooner: peak RSS on PostgreSQL under load fell from about 260 to under
//   200 MB with no measurable loss in req/s (`npm run bench:api`). It is no cap: a large answer still gets memory.
// --liftoff-only, with the embedded database only: PGlite is PostgreSQL compiled to one 9 MB WebAssembly
//   module, and the optimizing compiler (TurboFan) needs ~600 MB of scratch memory to tier up one of its hot
//   functions (about 100 KB of code). The baseline compiler (Liftoff) alone answers as fast on bench:api.
const flags = ['--max-semi-space-size=4', '--heap-growing-percent=10', ...(process.env.DATABASE_URL?.trim() ? [] : ['--liftoff-only'])];

// A flag given on the command line (another value, or --no-liftoff-only) wins. process.execve is missing on
// Windows, where the server runs with V8's defaults.
const name = (flag: string) => flag.replace(/^--no-/, '--').split('=')[0];
const missing = flags.filter((flag) => !process.execArgv.some((arg) => name(arg) === name(flag)));
if (missing.length > 0) {
  process.execve?.(process.execPath, [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)], process.env);
}
