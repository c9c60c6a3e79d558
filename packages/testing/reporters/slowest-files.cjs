// The slowest test files of a run, printed at the end of each runner (jest and Playwright reporters below) and,
// when npm test sets SLOWEST_FILES_LOG, appended to that file, which scripts/test.sh prints after its step times.
// Wall time per file: on two busy cores that is what a run waits for.
const fs = require('node:fs');
const path = require('node:path');

const SHOWN = 15;

/** Prints (and logs) the SHOWN slowest of `files` ({ file, seconds }) under `title`. */
function reportSlowest(title, files) {
  const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, SHOWN);
  if (slowest.length === 0) return;
  const root = path.resolve(__dirname, '..', '..', '..');
  const lines = [
    `${SHOWN} slowest files: ${title}`,
    ...slowest.map(({ file, seconds }) => `${seconds.toFixed(1).padStart(7)} s  ${path.relative(root, file)}`),
  ];
  const text = `\n${lines.join('\n')}\n`;
  process.stdout.write(text);
  if (process.env.SLOWEST_FILES_LOG) fs.appendFileSync(process.env.SLOWEST_FILES_LOG, text);
}

/**
 * Writes every file's seconds, relative to `rootDir`, under `key` of the JSON file SUITE_DURATIONS_FILE names (the
 * backend's test sequencer reads it to start the longest suites first); the file's other keys are kept.
 */
function writeDurations(rootDir, key, files) {
  const file = path.resolve(process.env.SUITE_DURATIONS_FILE);
  const all = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const sorted = [...files].sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  all[key] = Object.fromEntries(sorted.map(({ file: testFile, seconds }) => [path.relative(rootDir, testFile), Math.round(seconds)]));
  fs.writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
}

/**
 * The suites of a bundle (the backend's run-bundled.mjs: one describe per suite, named by its path from `rootDir`),
 * each with the sum of its tests' times: the bundle's registry and the suite's hooks are not counted.
 */
function bundledSuites(rootDir, result) {
  const seconds = new Map();
  for (const test of result.testResults) {
    const file = path.resolve(rootDir, test.ancestorTitles[0]);
    seconds.set(file, (seconds.get(file) ?? 0) + (test.duration ?? 0) / 1000);
  }
  return [...seconds].map(([file, total]) => ({ file, seconds: total }));
}

/**
 * A jest reporter: each test file's time from its start to its end, a bundled suite's the sum of its tests' (and, with
 * `durationsKey`, the durations file).
 */
class SlowestFilesJestReporter {
  constructor(globalConfig, options = {}) {
    this.rootDir = globalConfig.rootDir;
    this.title = options.title ?? 'jest';
    this.durationsKey = options.durationsKey;
  }

  onRunComplete(_contexts, results) {
    const files = results.testResults.flatMap((result) =>
      result.testFilePath.endsWith('.bundle.ts')
        ? bundledSuites(this.rootDir, result)
        : [{ file: result.testFilePath, seconds: (result.perfStats.end - result.perfStats.start) / 1000 }],
    );
    reportSlowest(this.title, files);
    if (this.durationsKey && process.env.SUITE_DURATIONS_FILE) writeDurations(this.rootDir, this.durationsKey, files);
  }
}

/** A Playwright reporter: each spec file's time, the sum of its tests' durations (retries included). */
class SlowestFilesPlaywrightReporter {
  constructor(options = {}) {
    this.title = options.title ?? 'Playwright';
    this.seconds = new Map();
  }

  onTestEnd(test, result) {
    const file = test.location.file;
    this.seconds.set(file, (this.seconds.get(file) ?? 0) + result.duration / 1000);
  }

  onEnd() {
    reportSlowest(
      this.title,
      [...this.seconds].map(([file, seconds]) => ({ file, seconds })),
    );
  }

  printsToStdio() {
    return false;
  }
}

module.exports = { SlowestFilesJestReporter, SlowestFilesPlaywrightReporter };
