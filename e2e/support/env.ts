import os from 'node:os';
import path from 'node:path';

/** A backend that Playwright starts (support/server.mjs): its address and its data folder (outbox included). */
export interface E2eServer {
  port: number;
  baseUrl: string;
  dataDir: string;
  outboxDir: string;
}

function serverAt(port: number): E2eServer {
  const dataDir = path.join(os.tmpdir(), `brightwave-e2e-${port}`);
  return { port, baseUrl: `http://127.0.0.1:${port}`, dataDir, outboxDir: path.join(dataDir, 'outbox') };
}

// E2E_PORT lets two runs share a machine: the servers take it and the next eight ports.
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);

/** The server of the site's and the admin's suites. */
export const e2eServer = serverAt(e2ePort);
export const e2eBaseUrl = e2eServer.baseUrl;
export const e2eDataDir = e2eServer.dataDir;

/**
 * A server for each content suite: a publish changes pages every other suite reads, and the content suites publish
 * the same pages, so each runs against a backend of its own, beside the others.
 */
export const contentServers = {
  prose: serverAt(e2ePort + 1),
  pages: serverAt(e2ePort + 2),
  pictures: serverAt(e2ePort + 3),
  builtPages: serverAt(e2ePort + 4),
  caseStudies: serverAt(e2ePort + 5),
  news: serverAt(e2ePort + 6),
};

/** The server of the sign-in policy's suite: a policy is the whole site's, and would hold the other suites' admins. */
export const signInPolicyServer = serverAt(e2ePort + 7);

/**
 * The server of the single sign-on suite: it trusts a real OpenID provider that support/server.mjs starts beside it
 * (support/oidc-provider.mjs), and its login page offers the provider's button, which the other suites' do not show.
 */
export const ssoServer = serverAt(e2ePort + 8);

const SERVERS = [e2eServer, ...Object.values(contentServers), signInPolicyServer, ssoServer];

/** The server a project's `baseURL` names (a worker runs the tests of one project). */
export function serverOf(baseURL: string | undefined): E2eServer {
  const server = SERVERS.find((candidate) => candidate.baseUrl === baseURL);
  if (!server) throw new Error(`No browser-test server at ${baseURL}: see support/env.ts`);
  return server;
}

export const e2eAdmin = {
  email: 'admin@example.test',
  password: 'e2e-admin-password-123',
  name: 'E2E Admin',
};

// Debian's Chromium headless shell: what Playwright itself runs for headless tests, and about twice as quick to
// open a context and load a page as the full browser's headless mode (scripts/test.sh installs it).
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
