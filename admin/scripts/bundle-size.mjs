// First-load JavaScript of the built back office, gzipped (issue 4 budget: 250 KB). Run after `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 250 * 1024;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
// Scripts and module preloads named by index.html are what the first page load fetches.
const files = [...html.matchAll(/(?:src|href)="\/admin\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
let total = 0;
for (const file of files) {
  const size = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${file}: ${(size / 1024).toFixed(1)} KB gzip`);
}
console.log(`first-load JS: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)`);
if (files.length === 0 || total > BUDGET_BYTES) process.exit(1);
