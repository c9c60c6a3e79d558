// Reads the RFC 822 messages the backend sends (outbox files and mail received over SMTP) for the tests.
import fs from 'node:fs';
import { loginCodeIn } from '@brightwave/common';

export interface ReadMessage {
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  /** The calendar parts (a `text/calendar` alternative, an `.ics` attachment), decoded, with their Content-Type. */
  calendars: Array<{ contentType: string; content: string }>;
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}

/** Decodes an encoded-word subject (=?UTF-8?Q?...?= or =?UTF-8?B?...?=) or returns it as it is. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_match, kind: string, text: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** Text, HTML and calendar parts of a message (single part or multipart/alternative, possibly nested in multipart/mixed). */
export function parseMessage(raw: string): ReadMessage {
  const { headers, body } = splitHeaders(raw);
  const message: ReadMessage = { headers, subject: decodeHeader(headers.subject ?? ''), text: '', html: '', calendars: [] };
  const collect = (partHeaders: Record<string, string>, partBody: string) => {
    const type = partHeaders['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      const parts = partBody.split(`--${boundary}`).slice(1);
      for (const part of parts) {
        if (part.startsWith('--')) break;
        const parsed = splitHeaders(part.replace(/^\n/, ''));
        collect(parsed.headers, parsed.body);
      }
      return;
    }
    const decoded = decodeBody(partBody, partHeaders['content-transfer-encoding']).replace(/\n$/, '');
    if (type.toLowerCase().startsWith('text/html')) message.html += decoded;
    else if (type.toLowerCase().startsWith('text/plain')) message.text += decoded;
    else if (/^(text\/calendar|application\/ics)/i.test(type)) message.calendars.push({ contentType: type, content: decoded });
  };
  collect(headers, body);
  return message;
}

export function readMessageFile(file: string): ReadMessage {
  return parseMessage(fs.readFileSync(file, 'utf8'));
}

/** The sign-in code of a code mail, read from its text part. */
export function codeFrom(message: ReadMessage): string {
  const code = loginCodeIn(message.text);
  if (!code) throw new Error(`No verification code in the mail "${message.subject}"`);
  return code;
}
