// The development outbox: without SMTP_URL the backend writes each mail as `<ISO time>-<sequence>-<random>.eml` in
// DATA_DIR/outbox, so names sort in the order the mails were sent. Suites read sign-in codes and links there.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loginCodeIn } from '@brightwave/common';
import { pollUntil, type PollOptions } from './poll';

/** One outbox folder or several (one per instance behind nginx). */
export type Outboxes = string | readonly string[];

/** The mail files in the outboxes, oldest first; a folder not made yet holds none. */
export function outboxMails(outboxes: Outboxes): string[] {
  const folders = typeof outboxes === 'string' ? [outboxes] : outboxes;
  return folders
    .flatMap((folder) =>
      fs.existsSync(folder)
        ? fs
            .readdirSync(folder)
            .filter((name) => name.endsWith('.eml'))
            .map((name) => path.join(folder, name))
        : [],
    )
    .sort((a, b) => path.basename(a).localeCompare(path.basename(b)));
}

/** The mails already there, so that what is read next is a new one. */
export function outboxSnapshot(outboxes: Outboxes): Set<string> {
  return new Set(outboxMails(outboxes));
}

/** A mail file as text, quoted-printable undone (soft line breaks, `=3D` for `=`) so links read as they were sent. */
export function mailText(file: string): string {
  const raw = fs.readFileSync(file, 'latin1').replace(/=\r?\n/g, '');
  return Buffer.from(
    raw.replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/**
 * Waits for a mail written after `since` in which `read` finds something, newest first, and answers what it found.
 * Mail is written in the background (the outbox's deliveries), a moment after the answer that caused it.
 */
export function waitForMail<T>(outboxes: Outboxes, since: ReadonlySet<string>, read: (text: string) => T | undefined, options: PollOptions): Promise<T> {
  return pollUntil(() => {
    for (const file of outboxMails(outboxes)
      .filter((name) => !since.has(name))
      .reverse()) {
      const found = read(mailText(file));
      if (found) return found;
    }
    return undefined;
  }, options);
}

/** The code of the newest sign-in mail written after `since`. */
export function loginCodeSince(outboxes: Outboxes, since: ReadonlySet<string>, timeoutMs?: number): Promise<string> {
  return waitForMail(outboxes, since, loginCodeIn, { what: `a sign-in code mail in ${String(outboxes)}`, timeoutMs });
}

/** Whether a mail's `To:` header names `address` (any letter case). */
function isSentTo(text: string, address: string): boolean {
  return /^To: (.*)$/m.exec(text)?.[1]?.toLowerCase().includes(address.toLowerCase()) ?? false;
}

/**
 * The code of the newest sign-in mail to `to` written after `since`. By recipient: an admin nobody else signs in as
 * needs no turn at a suite's sign-in lock while other admins sign in.
 */
export function loginCodeTo(outboxes: Outboxes, since: ReadonlySet<string>, to: string, timeoutMs?: number): Promise<string> {
  return waitForMail(outboxes, since, (text) => (isSentTo(text, to) ? loginCodeIn(text) : undefined), {
    what: `a sign-in code mail to ${to} in ${String(outboxes)}`,
    timeoutMs,
  });
}

const INVITATION_LINK = /https?:\/\/\S+\/admin\/accept-invite#token=[\w-]+/;

/**
 * The link of the newest invitation mail to `to` written after `since` (its token is in the fragment: `#token=…`).
 * By recipient: tests running at the same time invite other people.
 */
export function invitationLinkSince(outboxes: Outboxes, since: ReadonlySet<string>, to: string, timeoutMs?: number): Promise<URL> {
  return waitForMail(outboxes, since, (text) => (isSentTo(text, to) ? INVITATION_LINK.exec(text)?.[0] : undefined), {
    what: `an invitation mail to ${to} in ${String(outboxes)}`,
    timeoutMs,
  }).then((link) => new URL(link));
}
