// A command run with its output held back, for the build scripts that run several at once (scripts/build.mjs,
// scripts/build-package.mjs): each prints its output whole when it ends, so their lines do not interleave.
import { spawn } from 'node:child_process';

/** Runs `command` with `args`; resolves to its exit code and everything it printed (stdout and stderr). */
export function runCaptured(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
