import { MESSAGES, RESUME_FILENAME_SUFFIX, RESUME_MAX_BYTES, RESUME_TYPES, type ResumeType } from '@brightwave/common';

export type ParsedResume = { ok: true; bytes: Buffer; type: ResumeType } | { ok: false; message: string };

// "data:<any declared type and parameters>;base64," — what the declared type says is ignored.
const DATA_URL_HEADER = /^data:[\w!#$&^.+/-]*(?:;[\w!#$&^.+-]+=[^;,]*)*;base64$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_CENTRAL_HEADER = 0x02014b50;
const ZIP_END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP_EOCD_SIZE = 22;
const ZIP_CENTRAL_HEADER_SIZE = 46;
const ZIP_MAX_COMMENT = 0xffff;

/**
 * Decodes the resume sent as a data URL and decides its type from the bytes alone (the declared MIME type,
 * the file name and the client's isResumeBase64 flag are not trusted). The file must be under RESUME_MAX_BYTES.
 */
export function parseResumeDataUrl(dataUrl: string): ParsedResume {
  const comma = dataUrl.indexOf(',');
  if (comma < 0 || !DATA_URL_HEADER.test(dataUrl.slice(0, comma))) {
    return { ok: false, message: MESSAGES.resumeInvalid };
  }
  const payload = dataUrl.slice(comma + 1);
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64.test(payload)) {
    return { ok: false, message: MESSAGES.resumeInvalid };
  }
  // Size known before decoding, so an oversized file is refused without allocating it.
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  if ((payload.length / 4) * 3 - padding >= RESUME_MAX_BYTES) {
    return { ok: false, message: MESSAGES.resumeTooLarge };
  }
  const bytes = Buffer.from(payload, 'base64');
  const type = detectResumeType(bytes);
  if (!type) return { ok: false, message: MESSAGES.resumeWrongType };
  return { ok: true, bytes, type };
}

/** PDF by its `%PDF-` header, DOC by the OLE compound-file signature, DOCX as a zip holding `word/` entries. */
export function detectResumeType(bytes: Buffer): ResumeType | undefined {
  if (startsWith(bytes, PDF_MAGIC)) return RESUME_TYPES.pdf;
  if (startsWith(bytes, OLE_MAGIC)) return RESUME_TYPES.doc;
  if (zipHasEntryUnder(bytes, 'word/')) return RESUME_TYPES.docx;
  return undefined;
}

function startsWith(bytes: Buffer, magic: Buffer): boolean {
  return bytes.length >= magic.length && bytes.subarray(0, magic.length).equals(magic);
}

/** Reads the zip's central directory (found through its end record) and looks for a name starting with `prefix`. */
export function zipHasEntryUnder(bytes: Buffer, prefix: string): boolean {
  if (bytes.length < ZIP_EOCD_SIZE || bytes.readUInt32LE(0) !== ZIP_LOCAL_HEADER) return false;
  const lowest = Math.max(0, bytes.length - ZIP_EOCD_SIZE - ZIP_MAX_COMMENT);
  for (let at = bytes.length - ZIP_EOCD_SIZE; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) !== ZIP_END_OF_CENTRAL_DIRECTORY) continue;
    const entryCount = bytes.readUInt16LE(at + 10);
    const directorySize = bytes.readUInt32LE(at + 12);
    const directoryOffset = bytes.readUInt32LE(at + 16);
    // A signature found inside data rather than a real end record points outside the file: keep looking.
    if (directoryOffset + directorySize > at) continue;
    return centralDirectoryHas(bytes, directoryOffset, directoryOffset + directorySize, entryCount, prefix);
  }
  return false;
}

function centralDirectoryHas(bytes: Buffer, start: number, end: number, entryCount: number, prefix: string): boolean {
  let at = start;
  for (let entry = 0; entry < entryCount && at + ZIP_CENTRAL_HEADER_SIZE <= end; entry++) {
    if (bytes.readUInt32LE(at) !== ZIP_CENTRAL_HEADER) return false;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const nameEnd = at + ZIP_CENTRAL_HEADER_SIZE + nameLength;
    if (nameEnd > end) return false;
    if (bytes.toString('latin1', at + ZIP_CENTRAL_HEADER_SIZE, nameEnd).startsWith(prefix)) return true;
    at = nameEnd + extraLength + commentLength;
  }
  return false;
}

/** The name a downloaded resume is saved as: `<fullName>_resume.<ext>`, never a path or a control character. */
export function resumeFileName(fullName: string, extension: string): string {
  // Path separators and control characters never belong in a saved file's name.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this replaces
  const safeName = fullName.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim() || 'applicant';
  return `${safeName}${RESUME_FILENAME_SUFFIX}.${extension}`;
}
