// The configuration files the production shape is started from.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../lib.mjs';

describe('configuration', () => {
  test('the committed nginx.conf is the template rendered with the docker-compose values', () => {
    execFileSync(process.execPath, [path.join(repoRoot, 'nginx', 'render.mjs'), '--compose', '--check'], { stdio: 'pipe' });
  });

  test('docker-compose.yml is valid and uses the committed nginx.conf', () => {
    const output = execFileSync('bash', [path.join(repoRoot, 'stack', 'check-compose.sh')], { encoding: 'utf8', stdio: 'pipe' });
    assert.match(output, /compose file is valid/);
  });
});
