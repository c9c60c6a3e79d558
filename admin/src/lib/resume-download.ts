import { RESUME_FILENAME_SUFFIX, RESUME_TYPES } from '@brightwave/common';
import { apiUrl } from '../app/config';
import { authorizationHeader } from '../features/auth/session';

const EXTENSION_BY_TYPE: Record<string, string> = Object.fromEntries(
  Object.values(RESUME_TYPES).map((type) => [type.mimeType, `.${type.extension}`]),
);

/** File name from a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header);
  if (quoted) return quoted[1].replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;\s]+)/.exec(header);
  return bare ? bare[1] : null;
}

/** `<fullName>_resume.<ext>`, `.pdf` for PDFs (SPEC §9). */
export function resumeFilename(fullName: string, contentType: string): string {
  const extension = EXTENSION_BY_TYPE[contentType.split(';')[0].trim().toLowerCase()] ?? '.pdf';
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
    filenameFromDisposition(response.headers.get('Content-Disposition')) ??
    resumeFilename(fullName, response.headers.get('Content-Type') ?? blob.type);
  return { blob, filename };
}
