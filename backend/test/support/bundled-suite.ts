import path from 'node:path';

const backendDir = path.resolve(__dirname, '..', '..');

/** The file of the suite whose tests are being declared in a bundle (run-bundled.mjs), from the backend's folder. */
let suiteInBundle: string | undefined;

/**
 * One suite of a bundle: its file, required inside a describe named by its path, so that its hooks, app and
 * database stay its own while it shares the bundle's module registry with the others. What a suite may leave on
 * that registry's shared objects, its spies (on `Logger.prototype`, `Date.now`…) and a fake clock, is undone once its
 * tests are over, as jest's next test file would not see it; so a suite makes them in its hooks and tests, not while
 * its tests are declared (an earlier suite's end would undo those).
 * @public called by the bundles run-bundled.mjs writes, which knip does not see.
 */
export function bundledSuite(file: string, load: () => unknown): void {
  describe(file, () => {
    suiteInBundle = file;
    try {
      load();
    } finally {
      suiteInBundle = undefined;
    }
    afterAll(() => {
      jest.restoreAllMocks();
      jest.useRealTimers();
    });
  });
}

/** The absolute path of the suite whose tests are being declared: the bundled one, else jest's test file. */
export function suiteBeingDeclared(): string | undefined {
  return suiteInBundle ? path.join(backendDir, suiteInBundle) : expect.getState().testPath;
}
