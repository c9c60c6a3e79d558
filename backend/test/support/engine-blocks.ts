import fs from 'node:fs';
import { suiteBeingDeclared } from './bundled-suite';

/**
 * The PostgreSQL pass (docs/testing.md) runs what can behave differently on the two engines, marked on a suite's
 * first line (postgres-suites.cjs selects the suites by it):
 * - `// PostgreSQL pass: <why>`: the whole suite;
 * - `// PostgreSQL pass, engine blocks: <why>`: only its engine-dependent blocks (describeOnPostgres,
 *   describeEngineDependent, describeOnOneEngine); its other tests are skipped there, and run on PGlite (and on both
 *   with test:full).
 */
const BLOCKS_MARKER = /^\/\/ PostgreSQL pass, engine blocks: \S/;

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** scripts/test.sh says so to the PGlite pass when the PostgreSQL pass runs beside it. */
const postgresPassBeside = process.env.POSTGRES_PASS_BESIDE === '1';
const markedForBlocks = new Map<string, boolean>();

/** Whether only the engine-dependent blocks of the suite being declared run (its first line, read once per suite). */
function onlyEngineBlocks(): boolean {
  const file = suiteBeingDeclared();
  if (!onPostgres || process.env.TEST_FULL === '1' || file === undefined) return false;
  if (!markedForBlocks.has(file)) markedForBlocks.set(file, BLOCKS_MARKER.test(fs.readFileSync(file, 'utf8')));
  return markedForBlocks.get(file) === true;
}

/** How many engine-dependent blocks the tests being declared sit in. */
let engineBlockDepth = 0;

type Block = (name: string, body: () => void) => void;

function engineBlock(run: Block): Block {
  return (name, body) =>
    run(name, () => {
      engineBlockDepth++;
      try {
        body();
      } finally {
        engineBlockDepth--;
      }
    });
}

/** A block whose behaviour can differ by engine: it runs on both, also in a suite marked for its engine blocks only. */
export const describeEngineDependent: Block = engineBlock(describe);

/** A block that runs in the PostgreSQL pass only (it needs a server several processes share). */
export const describeOnPostgres: Block = engineBlock(onPostgres ? describe : describe.skip);

/**
 * A block whose outcome does not depend on the engine but whose work costs many times more on PGlite (PostgreSQL in
 * WebAssembly, in the test's own process) than on a server: it runs once per `npm test`, on PostgreSQL when the
 * PostgreSQL pass runs beside the PGlite pass, else on PGlite (a test of 66,000 rows: 28 s on PGlite, 3 s on the
 * server).
 */
export const describeOnOneEngine: Block = engineBlock(onPostgres || !postgresPassBeside ? describe : describe.skip);

if (onPostgres) {
  // In a suite marked for its engine blocks, a test declared outside every engine-dependent block is declared skipped
  // (its block's hooks then do not run). Decided per test: a bundle declares several suites with one `it`.
  const outsideBlocksSkipped = (real: jest.It): jest.It => {
    const chosen = () => (engineBlockDepth > 0 || !onlyEngineBlocks() ? real : real.skip);
    const declare = ((...args: Parameters<jest.It>) => chosen()(...args)) as jest.It;
    return Object.assign(declare, real, { each: ((...table: unknown[]) => (chosen().each as (...t: unknown[]) => unknown)(...table)) as jest.It['each'] });
  };
  const globals = globalThis as unknown as { it: jest.It; test: jest.It };
  globals.it = outsideBlocksSkipped(globals.it);
  globals.test = outsideBlocksSkipped(globals.test);
}
