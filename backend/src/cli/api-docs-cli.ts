// `npm run docs:api`: writes docs/api.md from the OpenAPI document the backend builds (src/api-docs), with
// no database and no listener: Nest's preview mode reads the modules and controllers and creates no provider.
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { buildApiDocument } from '../api-docs/api-document';
import { API_MARKDOWN_FILE, renderApiMarkdown } from '../api-docs/api-markdown';
import { AppModule } from '../app.module';
import { loadConfig } from '../config/app-config';
import { MemoryRateLimitStorage } from '../rate-limit/memory-rate-limit.storage';

async function main(repoRoot: string): Promise<void> {
  // Nothing is signed, stored or sent: the configuration only has to load.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(32) });
  const app = await NestFactory.create(AppModule.forRoot(config, new MemoryRateLimitStorage()), new FastifyAdapter(), {
    preview: true,
    logger: false,
  });
  const file = path.join(repoRoot, API_MARKDOWN_FILE);
  fs.writeFileSync(file, renderApiMarkdown(buildApiDocument(app)));
  await app.close();
  console.log(`wrote ${API_MARKDOWN_FILE}`);
}

const [repoRoot] = process.argv.slice(2);
if (!repoRoot) {
  console.error('Usage: node api-docs-cli.js <repository root>');
  process.exit(2);
}
main(path.resolve(repoRoot)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
