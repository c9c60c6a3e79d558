import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { createApp } from '../../src/app.factory';
import { AppConfig, loadConfig } from '../../src/config/app-config';

export const TEST_ADMIN = { email: 'admin@example.test', password: 'correct-horse-battery', name: 'Test Admin' };

/** Which database the suite runs on: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_KIND = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export { describeEngineDependent, describeOnOneEngine, describeOnPostgres } from './engine-blocks';

export interface TestApp {
  app: NestFastifyApplication;
  http: TestAgent;
  config: AppConfig;
  /** Files written by the development mail outbox, oldest first. */
  outbox(): string[];
  close(): Promise<void>;
}

/** A test app made by createTestApp, which can also be started again. */
export interface RestartableTestApp extends TestApp {
  /**
   * Stops the app and starts it again on the same database and data folder, as a new process would; `env` changes
   * variables from this start on (e.g. another JWT_SECRET). `app`, `http` and `config` are then the new ones.
   */
  restart(env?: Record<string, string>): Promise<void>;
}

/**
 * A fresh throw-away PostgreSQL database on the server of TEST_DATABASE_URL: a copy of the migrated template that
 * jest's global setup made (TEST_DATABASE_TEMPLATE), or an empty one that the app migrates.
 */
async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bw_test_${randomBytes(6).toString('hex')}`;
  const template = process.env.TEST_DATABASE_TEMPLATE;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Boots the whole application as production does (Fastify, global pipes, filters, guards) on a fresh
 * database and data folder. `env` overrides environment variables, e.g. { SEED_DEMO: 'true' }.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<RestartableTestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-test-'));
  const scratch = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL) : undefined;
  // The embedded database starts as a copy of the migrated one jest's global setup unpacked (about half the time of
  // unpacking it in each app, which the tests of a first start still do: private-data-dir, backup).
  const template = process.env.PGLITE_TEMPLATE_DIR;
  if (!scratch && template && !env.DATABASE_URL && !env.DATA_DIR) fs.cpSync(template, path.join(dataDir, 'db'), { recursive: true });
  let currentEnv: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? '',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ADMIN_NAME: TEST_ADMIN.name,
    SEED_DEMO: 'false',
    SITE_DIST_DIR: 'none',
    ADMIN_DIST_DIR: 'none',
    SITE_SSR_DIR: 'none',
    API_DOCS: 'false',
    // Suites send many requests from one address; the rate-limit tests set their own limits.
    RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
    RATE_LIMIT_AUTH_PER_15_MIN: '1000',
    RATE_LIMIT_APPLY_PER_HOUR: '1000',
    // On a loaded test machine an app's start may hold the event loop for over a second, which would count as
    // overload for the next second; the overload tests set their own limits.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    // The suites read the outbox for sign-in codes; the outbox tests turn confirmations on.
    SEND_CONFIRMATIONS: 'false',
    KEY_DERIVATION_COST: process.env.KEY_DERIVATION_COST ?? 'test',
    ...env,
  };
  const config = loadConfig(currentEnv);
  const app = await createApp(config);
  await app.getHttpAdapter().getInstance().ready();
  const outboxDir = path.join(dataDir, 'outbox');
  const testApp: RestartableTestApp = {
    app,
    http: request(app.getHttpServer()),
    config,
    restart: async (changes = {}) => {
      await testApp.app.close();
      currentEnv = { ...currentEnv, ...changes };
      testApp.config = loadConfig(currentEnv);
      testApp.app = await createApp(testApp.config);
      await testApp.app.getHttpAdapter().getInstance().ready();
      testApp.http = request(testApp.app.getHttpServer());
    },
    outbox: () =>
      fs.existsSync(outboxDir)
        ? fs
            .readdirSync(outboxDir)
            .sort()
            .map((file) => path.join(outboxDir, file))
        : [],
    close: async () => {
      await testApp.app.close();
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}
