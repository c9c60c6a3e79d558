import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config/app-config';

/**
 * The development mail outbox: without SMTP_URL every mail is written to DATA_DIR/outbox as an .eml file
 * (MailService). Those files hold what the mails hold (a visitor's address, name and message), so an erasure and the
 * retention purge remove them like the rows.
 */
export function outboxDirOf(config: Pick<AppConfig, 'storage' | 'mail'>): string | undefined {
  return config.mail.smtpUrl ? undefined : path.join(config.storage.dataDir, 'outbox');
}

async function mailFiles(dir: string | undefined): Promise<string[]> {
  if (dir === undefined) return [];
  try {
    return (await fs.readdir(dir)).filter((name) => name.endsWith('.eml')).map((name) => path.join(dir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Removes every mail of the outbox that mentions `text` (in any case: headers, body); answers how many. */
export async function removeOutboxMailsMentioning(dir: string | undefined, text: string): Promise<number> {
  const needle = text.toLowerCase();
  let removed = 0;
  for (const file of await mailFiles(dir)) {
    if (!(await fs.readFile(file, 'utf8')).toLowerCase().includes(needle)) continue;
    await fs.rm(file, { force: true });
    removed++;
  }
  return removed;
}

/** Removes the mails of the outbox written before `before` (a sent mail is kept like a sent delivery's row). */
export async function removeOutboxMailsOlderThan(dir: string | undefined, before: Date): Promise<number> {
  let removed = 0;
  for (const file of await mailFiles(dir)) {
    if ((await fs.stat(file)).mtime >= before) continue;
    await fs.rm(file, { force: true });
    removed++;
  }
  return removed;
}
