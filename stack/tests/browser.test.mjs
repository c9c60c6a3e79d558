// The browser, through nginx: the Playwright smoke of the public site and the admin app (e2e/stack).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ADMIN, repoRoot } from '../lib.mjs';
import { theStack } from './stack.mjs';

const { base, workDir, outboxes } = theStack();

describe('browser', () => {
  test(
    'Playwright smoke of the public site and the admin app through nginx',
    { skip: process.env.STACK_SKIP_BROWSER === '1' && 'STACK_SKIP_BROWSER=1' },
    () => {
      const result = spawnSync(
        process.execPath,
        [
          path.join(repoRoot, 'node_modules', '@playwright', 'test', 'cli.js'),
          'test',
          '--config',
          path.join(repoRoot, 'e2e', 'stack', 'playwright.stack.config.ts'),
        ],
        {
          cwd: path.join(repoRoot, 'e2e'),
          stdio: 'inherit',
          timeout: 150_000,
          env: {
            ...process.env,
            STACK_WORK_DIR: workDir,
            STACK_BASE_URL: base,
            STACK_OUTBOXES: outboxes.join(path.delimiter),
            STACK_ADMIN_EMAIL: ADMIN.email,
            STACK_ADMIN_PASSWORD: ADMIN.password,
          },
        },
      );
      assert.equal(result.status, 0, 'playwright exit status');
    },
  );
});
