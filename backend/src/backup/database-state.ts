import { required } from '@brightwave/common';
import fs from 'node:fs';
import path from 'node:path';
import { getTableName } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from '../database/database';
import { jobApplications } from '../database/schema';
import { BackupError } from './backup-error';
import type { BackupManifest, MigrationLevel } from './backup-manifest';

/** What backup and restore need of a connection: pg's Client and PGlite both answer `query(sql) → { rows }`. */
export type Query = <Row>(sql: string) => Promise<Row[]>;

// drizzle's migrator keeps its journal of applied migrations here.
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';
const OUR_SCHEMAS = ['public', 'drizzle'];

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/** Every table of ours, as `schema.table`, sorted. */
export async function listTables(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `select table_schema || '.' || table_name as name from information_schema.tables
     where table_schema in (${OUR_SCHEMAS.map((schema) => `'${schema}'`).join(', ')}) and table_type = 'BASE TABLE'
     order by table_schema, table_name`,
  );
  return rows.map((row) => row.name);
}

export function qualified(table: string): string {
  const [schema, name] = table.split('.');
  if (schema === undefined || name === undefined) throw new Error(`${table} is not a schema-qualified table name`);
  return `${quoted(schema)}.${quoted(name)}`;
}

export async function countRows(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(query)) {
    const [row] = await query<{ n: number }>(`select count(*)::int as n from ${qualified(table)}`);
    counts[table] = required(row, `the row count of ${table}`).n;
  }
  return counts;
}

/** A restored database must hold the manifest's row counts, table by table; else the server must not start on it. */
export function checkRowCounts(restored: Record<string, number>, manifest: BackupManifest): void {
  const differing = [...new Set([...Object.keys(restored), ...Object.keys(manifest.rows)])].filter((table) => restored[table] !== manifest.rows[table]);
  if (differing.length > 0) {
    throw new BackupError(`The restored database's row counts differ from the manifest's in ${differing.join(', ')}; do not start the server on it`);
  }
}

interface JournalEntry {
  tag: string;
  when: number;
}

function journal(): JournalEntry[] {
  const file = path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
}

/** The level this build's migrations bring a database to. */
export function buildMigrationLevel(): MigrationLevel {
  const entries = journal();
  const latest = entries.at(-1);
  return { applied: entries.length, latestTag: latest?.tag ?? null, latestMillis: latest?.when ?? 0 };
}

/** The migrations applied to the database; none when drizzle's table does not exist. */
export async function migrationLevel(query: Query): Promise<MigrationLevel> {
  const [exists] = await query<{ found: boolean }>(`select to_regclass('${MIGRATIONS_TABLE}') is not null as found`);
  if (!required(exists, 'the migrations table check').found) return { applied: 0, latestTag: null, latestMillis: 0 };
  const [counted] = await query<{ applied: number; latest: string | null }>(
    `select count(*)::int as applied, max(created_at)::text as latest from ${MIGRATIONS_TABLE}`,
  );
  const row = required(counted, 'the count of applied migrations');
  const latestMillis = Number(row.latest ?? 0);
  // drizzle records a migration's journal timestamp, so the tag is found by it (unknown to an older build).
  const latestTag = journal().find((entry) => entry.when === latestMillis)?.tag ?? null;
  return { applied: row.applied, latestTag, latestMillis };
}

/** Resume keys the applications point at. */
export async function referencedResumeKeys(query: Query): Promise<string[]> {
  const rows = await query<{ key: string }>(`select distinct ${quoted(jobApplications.resumeKey.name)} as key from ${quoted(getTableName(jobApplications))}`);
  return rows.map((row) => row.key);
}
