import os from 'node:os';
import path from 'node:path';

// Port and data folder of the backend that Playwright starts; E2E_PORT lets two runs share a machine.
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;
export const e2eDataDir = path.join(os.tmpdir(), `brightwave-e2e-${e2ePort}`);
export const e2eAdmin = {
  email: 'admin@example.test',
  password: 'e2e-admin-password-123',
  name: 'E2E Admin',
};

// Debian's Chromium headless shell: what Playwright itself runs for headless tests, and about twice as quick to
// open a context and load a page as the full browser's headless mode (scripts/test.sh installs it).
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
