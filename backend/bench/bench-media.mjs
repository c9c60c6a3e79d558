// `npm run bench:media`: what one picture upload costs the backend (docs/decisions/055-image-processing.md): a
// 12-megapixel JPEG (4000 × 3000, a blurred noise that encodes like a photograph) through the built backend's
// inspectPicture and pictureFiles (five widths, each in AVIF, WebP and JPEG), in a process of its own: wall time, the
// process's peak RSS, and the bytes of the files. Not a test; nothing here can fail a build. BENCH_MEDIA_RUNS (default 1).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const backendDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const processing = path.join(backendDir, 'dist', 'media', 'media-processing.js');
if (!fs.existsSync(processing)) {
  console.error('Build the backend first: npm run build -w @brightwave/backend');
  process.exit(1);
}
const sharp = require('sharp');
const { inspectPicture, pictureFiles } = require(processing);

const RUNS = Number(process.env.BENCH_MEDIA_RUNS ?? 1);
const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
  .blur(2.5)
  .jpeg({ quality: 90 })
  .toBuffer();
const mb = (bytes) => `${Math.round(bytes / (1024 * 1024))} MB`;
const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
console.log(`input: 4000 × 3000 JPEG, ${kb(photo.length)}; libvips ${sharp.versions.vips}, ${sharp.concurrency()} threads, ${os.cpus().length} CPUs`);
for (let run = 1; run <= RUNS; run++) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  const picture = await inspectPicture(photo);
  const files = await pictureFiles(photo, picture.width);
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const bytesOf = (format) => files.filter((file) => file.format === format).reduce((sum, file) => sum + file.bytes.length, 0);
  console.log(
    `run ${run}: ${files.length} files in ${Math.round(ms)} ms; RSS ${mb(before)} before, ${mb(peak)} at most; ` +
      `AVIF ${kb(bytesOf('avif'))}, WebP ${kb(bytesOf('webp'))}, JPEG ${kb(bytesOf('jpg'))} (all widths); load ${os.loadavg()[0].toFixed(2)}`,
  );
}
