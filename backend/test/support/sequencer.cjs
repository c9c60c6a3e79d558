// The order jest starts the backend's suites in: the longest first (suite-durations.json, per pass), so that no
// long suite starts near the end and runs on alone while the other worker has nothing left. jest's own order needs
// the durations of an earlier run on the same machine and path, which a fresh clone never has; it then starts the
// biggest files first, and the admin CLI's suite, a small file, ran on alone for minutes. Refresh the list from a
// run with `SUITE_DURATIONS_FILE=test/support/suite-durations.json npm test -w @brightwave/backend` (and
// test:postgres).
const Sequencer = require('@jest/test-sequencer').default;
const { suiteSeconds } = require('./suite-seconds.cjs');

class LongestFirst extends Sequencer {
  sort(tests) {
    const seconds = new Map(tests.map((test) => [test.path, suiteSeconds(test.path)]));
    return [...tests].sort((a, b) => seconds.get(b.path) - seconds.get(a.path) || a.path.localeCompare(b.path));
  }
}

module.exports = LongestFirst;
