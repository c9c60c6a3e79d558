import { RESUME_FILENAME_SUFFIX, RESUME_TYPES } from '@brightwave/common';
import { apiUrl } from '../app/config';
import { authorizationHeader } from '../features/auth/session';

const EXTENSION_BY_TYPE: Record<string, string> = Object.fromEntries(Object.values(RESUME_TYPES).map((type) => [type.mimeType, `.${type.extension}`]));

/** File name from a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended !== undefined) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header)?.[1];
  if (quoted !== undefined) return quoted.replace(/\\(.)/g, '$1');
  return /filename\s*=\s*([^;\s]+)/.exec(header)?.[1] ?? null;
}

/** `<fullName>_resume.<ext>`, `.pdf` for PDFs (SPEC §9). */
export function resumeFilename(fullName: string, contentType: string): string {
  const [mediaType = ''] = contentType.split(';');
  const extension = EXTENSION_BY_TYPE[mediaType.trim().toLowerCase()] ?? '.pdf';
  return `${fullName}${RESUME_FILENAME_SUFFIX}${extension}`;
}

export class UnauthorizedError extends Error {}

/** Fetches a resume with the admin token (it is not a public link) and returns its bytes and file name. */
export async function fetchResume(path: string, fullName: string): Promise<{ blob: Blob; filename: string }> {
  const response = await fetch(apiUrl(path), { credentials: 'include', headers: authorizationHeader() });
  if (response.status === 401) throw new UnauthorizedError('Not authorized');
  if (!response.ok) throw new Error(`Resume download answered ${response.status}`);
  const blob = await response.blob();
  const filename =
    filenameFromDisposition(response.headers.get('Content-Disposition')) ?? resumeFilename(fullName, response.headers.get('Content-Type') ?? blob.type);
  return { blob, filename };
}
