#!/usr/bin/env node
// Writes <file>.br (brotli, quality 11) and <file>.gz (gzip, level 9) next to every text file of a built app,
// once at build time, so nginx (brotli_static / gzip_static) and the backend send the smallest encoding the
// client accepts without compressing per request. Run after each app's build:
//   node ../scripts/precompress.mjs dist
// A compressed copy is written only when it is smaller than the file itself.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const TEXT_EXTENSIONS = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.xml', '.map']);
// Below this, headers dominate and the compression framing can outweigh the savings.
const MIN_BYTES = 256;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* textFiles(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const absolute = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(absolute);
    else if (entry.isFile() && TEXT_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) yield absolute;
  }
}

async function precompress(file) {
  const body = await fs.readFile(file);
  if (body.length < MIN_BYTES) return { original: body.length, br: body.length };
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < body.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < body.length) await fs.writeFile(`${file}.gz`, gz);
  return { original: body.length, br: Math.min(br.length, body.length) };
}

const root = path.resolve(process.argv[2] ?? 'dist');
const files = [];
for await (const file of textFiles(root)) files.push(file);
let original = 0;
let compressed = 0;
// Two at a time: brotli 11 is CPU-heavy and builds share the machine.
for (let index = 0; index < files.length; index += 2) {
  for (const sizes of await Promise.all(files.slice(index, index + 2).map(precompress))) {
    original += sizes.original;
    compressed += sizes.br;
  }
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(`precompressed ${files.length} files in ${path.relative(process.cwd(), root) || '.'}: ${kb(original)} -> ${kb(compressed)} brotli`);
