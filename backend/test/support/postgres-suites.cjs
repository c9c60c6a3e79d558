// jest --filter for the backend suite's PostgreSQL pass (npm run test:postgres, beside the PGlite pass in
// scripts/test.sh): the suites whose behaviour can differ by engine, each marked by a first line
// `// PostgreSQL pass: <why>`. PGlite is PostgreSQL itself (a newer version), so the SQL, its types and its errors are
// the same on both; what differs is what one process with one connection cannot show: concurrent connections,
// locks and SKIP LOCKED, two instances on one database, the server going away, pg_dump and pg_restore, the planner's
// estimates, and the server's older version (the fuzz suite sends every route's SQL to it). A suite marked
// `// PostgreSQL pass, engine blocks: <why>` runs there only its blocks declared with describeOnPostgres,
// describeEngineDependent or describeOnOneEngine (engine-blocks.ts). Every other suite runs on PGlite only;
// `npm run test:full` runs every suite whole on both.
const fs = require('node:fs');
const path = require('node:path');

const MARKER = /^\/\/ PostgreSQL pass(, engine blocks)?: \S/;
const BLOCKS_MARKER = /^\/\/ PostgreSQL pass, engine blocks: \S/;
// With TEST_FULL=1 (npm run test:full): every suite that runs on the database under test (unit tests and the suites
// that start their own server on the embedded database would only run a second time, unchanged).
const USES_THE_DATABASE_UNDER_TEST = /\b(createTestApp|createTestAppWithSmtp|TEST_DATABASE_URL|TEST_DATABASE_KIND)\b/;
// A block that runs only on PostgreSQL, or one said to depend on the engine, is worth nothing in a suite the pass leaves out.
const ENGINE_BLOCK = /\b(describeOnPostgres|describeEngineDependent|describeOnOneEngine)\(/;

module.exports = (testPaths) => {
  if (process.env.TEST_FULL === '1') return { filtered: testPaths.filter((file) => USES_THE_DATABASE_UNDER_TEST.test(fs.readFileSync(file, 'utf8'))) };
  const filtered = [];
  for (const file of testPaths) {
    const text = fs.readFileSync(file, 'utf8');
    if (BLOCKS_MARKER.test(text) && !ENGINE_BLOCK.test(text)) {
      throw new Error(`${path.basename(file)} is marked for its engine blocks but has none: declare them with describeEngineDependent or describeOnPostgres`);
    }
    if (MARKER.test(text)) filtered.push(file);
    else if (ENGINE_BLOCK.test(text)) {
      throw new Error(
        `${path.basename(file)} has an engine-dependent block but no first line '// PostgreSQL pass: <why>': mark it, or the block never runs there`,
      );
    }
  }
  return { filtered };
};
