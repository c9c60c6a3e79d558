// The build of a shared package (packages/common, packages/testing), run in its folder: the ES module output with
// its declarations (tsconfig.esm.json, type-checked), the CommonJS output (tsconfig.cjs.json, the same sources, not
// checked twice) and any script named as an argument, all at once: each is mostly TypeScript's start, so on two
// cores the three took common's build from 15 s to about 6 (it runs in `npm ci`'s postinstall, before anything else
// can). Then each output folder says which module kind it holds.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { runCaptured } from './run-captured.mjs';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const jobs = [[tsc, '-p', 'tsconfig.esm.json'], [tsc, '-p', 'tsconfig.cjs.json', '--noCheck'], ...process.argv.slice(2).map((script) => [script])];

const results = await Promise.all(jobs.map((args) => runCaptured(process.execPath, args)));
for (const { output } of results) process.stdout.write(output);
if (results.some(({ code }) => code !== 0)) process.exit(1);

fs.writeFileSync('dist/cjs/package.json', '{"type":"commonjs"}');
fs.writeFileSync('dist/esm/package.json', '{"type":"module"}');
