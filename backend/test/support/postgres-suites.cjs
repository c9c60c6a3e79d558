// jest --filter for the backend suite's PostgreSQL pass (npm run test:postgres, after the PGlite pass in
// scripts/test.sh): only the suites that run on the database TEST_DATABASE_URL names. The unit tests (src/) and
// the suites that start their own server on the embedded database (the admin CLI, the crash test, the access log)
// would only run a second time, unchanged: two of them alone are 2.4 minutes of that pass.
const fs = require('node:fs');

const USES_THE_DATABASE_UNDER_TEST = /\b(createTestApp|createTestAppWithSmtp|TEST_DATABASE_URL|TEST_DATABASE_KIND)\b/;

module.exports = (testPaths) => ({
  filtered: testPaths.filter((file) => USES_THE_DATABASE_UNDER_TEST.test(fs.readFileSync(file, 'utf8'))),
});
