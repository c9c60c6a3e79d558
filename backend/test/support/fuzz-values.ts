import { deflateRawSync } from 'node:zlib';
import { RESUME_MAX_BYTES } from '@brightwave/common';
import fc from 'fast-check';

/**
 * Hostile values for the fuzz suite (test/fuzz.e2e-spec.ts). Each field of a route has `valid` values (the route
 * may accept them: unicode edge cases, SQL and LIKE metacharacters, bounds) and `invalid` ones it must refuse.
 */
export interface FieldValues {
  valid: fc.Arbitrary<unknown>;
  invalid: fc.Arbitrary<unknown>;
}

/** Text that is not a mistake: scripts, emoji, combining marks, bidi and zero-width characters, SQL and LIKE. */
const EDGE_TEXTS = [
  'Zoë Ångström',
  'محمد الأحمد',
  '李小龍',
  '👩🏽‍💻 dev',
  'e\u0301\u0301\u0301',
  '\u202Eevil\u202C',
  'a\u200Bb\u200Dc',
  '\uFEFFbom',
  "Robert'); DROP TABLE leads;--",
  '%_\\%',
  "' OR 1=1 --",
  '$1 ::text',
  '<script>alert(1)</script>',
  '{{constructor.constructor("x")()}}',
  '../../etc/passwd',
  '\u0001\u0007\u001b[31m',
  'line\r\nInjected: header',
  '__proto__',
  'constructor',
];

/** Strings outside every field's rules whatever its limit: control-free nothing, blanks and NUL. */
const BLANKS = ['', ' ', '\t\n', '\u00A0\u2028\u3000'];

/** A value of the wrong JSON type for a text field. */
const notText = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant({ toString: 'x' }),
);

/** Non-blank text of at most `max` characters, trimmed by the server: plain, unicode edge cases or metacharacters. */
export function textUpTo(max: number): fc.Arbitrary<string> {
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: Math.min(max, 40), unit: 'grapheme' }) },
      { weight: 3, arbitrary: fc.constantFrom(...EDGE_TEXTS) },
      { weight: 1, arbitrary: fc.constant('x'.repeat(max)) },
    )
    .filter((text) => text.trim().length > 0 && text.length <= max && !text.includes('\u0000'));
}

/** Text with a NUL character somewhere: PostgreSQL cannot store it. */
export const withNul = fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([before, after]) => `${before || 'a'}\u0000${after}`);

/** Text holding half of a surrogate pair (JSON can say "\ud800"): not Unicode, and PostgreSQL's jsonb refuses it. */
export const withHalfSurrogate = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF'), fc.string({ maxLength: 8 }))
  .map(([before, half, after]) => `${before}${half}${after}`);

/** Text no column can store: NUL or half a surrogate pair. In a query string only NUL survives the encoding. */
export const unstorable = fc.oneof(withNul, withHalfSurrogate);

/** What a required text field of at most `max` characters must refuse. */
export function notTextUpTo(max: number): fc.Arbitrary<unknown> {
  return fc.oneof(notText, fc.constantFrom(...BLANKS), unstorable, fc.constant('y'.repeat(max + 1)), fc.constant('z'.repeat(max * 50 + 1)));
}

export function requiredText(max: number): FieldValues {
  return { valid: textUpTo(max), invalid: notTextUpTo(max) };
}

/**
 * A candidate mail's subject or body (a template's too) of up to `max` characters: text as above, or a placeholder or
 * web address that never closes, followed by white space or more openings up to the limit (the shapes that once made
 * a placeholder pattern backtrack for minutes).
 */
export function templateTextUpTo(max: number): fc.Arbitrary<string> {
  const unclosed = fc
    .tuple(
      fc.constantFrom('{{', 'Hello {{', '{{ firstName', 'https://{{', 'https://', 'http://a'),
      fc.constantFrom(' ', '\t', ' \n', '\n \n', '{{ ', '{', '.', '!'),
      fc.oneof(fc.constant(max), fc.integer({ min: 1, max })),
    )
    .map(([start, unit, length]) => (start + unit.repeat(length)).slice(0, Math.max(length, start.length)));
  return fc.oneof({ weight: 3, arbitrary: textUpTo(max) }, { weight: 1, arbitrary: unclosed });
}

const localPart = fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}[a-z0-9]$/).filter((local) => !local.includes('..'));
/** Addresses every validator accepts. */
export const validEmail = fc
  .tuple(localPart, fc.stringMatching(/^[a-z][a-z0-9-]{0,12}[a-z0-9]$/), fc.constantFrom('com', 'test', 'org', 'io'))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

export const email: FieldValues = {
  valid: fc.oneof(
    validEmail,
    validEmail.map((address) => `  ${address.toUpperCase()} `),
  ),
  invalid: fc.oneof(
    notText,
    fc.constantFrom(...BLANKS),
    unstorable,
    fc.constantFrom('plainaddress', 'a@', '@example.com', 'a b@example.com', 'a@@example.com', 'a@example', "'; --@x", 'a@example.com\u0000'),
    // What a mailer would read as another or more than one recipient.
    fc.constantFrom(
      '"a,b"@example.com',
      '"a@b"@example.com',
      'a@example.com,b@example.com',
      'a@example.com; b@example.com',
      'Eve <e@example.com>',
      'g:a@example.com;',
      'a@[127.0.0.1]',
    ),
    fc.constant(`${'l'.repeat(250)}@example.com`),
    fc.string({ maxLength: 30 }).filter((text) => !text.includes('@')),
  ),
};

/** One of `values`; anything else (another case, a number, a list holding the value) is refused. */
export function oneOf(values: readonly string[]): FieldValues {
  return {
    valid: fc.constantFrom(...values),
    invalid: fc.oneof(
      notText.filter((value) => !(Array.isArray(value) && value.length === 1 && values.includes(value[0] as string))),
      fc
        .constantFrom(...values)
        .map((value) => value.toUpperCase())
        .filter((value) => !values.includes(value)),
      fc.constantFrom(...values).map((value) => [value]),
      fc.constantFrom(...values).map((value) => ` ${value}`),
      fc.constant(''),
      unstorable,
      fc.string({ maxLength: 20 }).filter((text) => !values.includes(text)),
    ),
  };
}

export const bool: FieldValues = {
  valid: fc.boolean(),
  invalid: fc.constantFrom('true', 'false', 0, 1, null, [], {}, 'yes', -0.0),
};

/** A list of strings (technologies, requirements) of at most `maxItems` items of at most `maxItem` characters. */
export function textList(maxItems: number, maxItem: number, minItems = 0): FieldValues {
  return {
    valid: fc.array(textUpTo(maxItem), { minLength: Math.max(1, minItems), maxLength: Math.min(maxItems, 5) }),
    invalid: fc.oneof(
      notText.filter(
        (value) =>
          !Array.isArray(value) ||
          (value.length === 0 && minItems > 0) ||
          value.some((item) => typeof item !== 'string' || item.trim() === '' || item.includes('\u0000')),
      ),
      fc.constant(Array.from({ length: maxItems + 1 }, (_, index) => `item ${index}`)),
      fc.constant(['ok', 'w'.repeat(maxItem + 1)]),
      fc.constant(['ok', '']),
      fc.constant(['ok', 42]),
      fc.constant([['nested']]),
      fc.constant([{ __proto__: { polluted: true } }]),
      unstorable.map((text) => ['ok', text]),
    ),
  };
}

/** Numbers that no whole-number query parameter within 1..max accepts. */
export const outOfRangeNumbers = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e3', '1e309', 'NaN', 'Infinity', '-Infinity', '0x10', '9007199254740993', '99999999999999999999999'),
  fc.constantFrom('', ' ', 'abc', '1 OR 1=1', '1;', '%00', '١٢'),
  fc.bigInt({ min: 100_001n, max: 10n ** 30n }).map(String),
  fc.integer({ max: 0 }).map(String),
);

/** A deeply nested JSON text: `[[[...]]]` or `{"a":{"a":...}}`. */
export const deepJson = fc
  .tuple(fc.integer({ min: 20, max: 5000 }), fc.boolean())
  .map(([depth, arrays]) => (arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

/** JSON texts that are not an object of fields (the DTOs all are). */
export const notAnObject = fc.oneof(
  fc.constantFrom('[]', '[{}]', '"text"', '42', 'null', 'true', '1e400', '-0'),
  deepJson,
  fc.json({ maxDepth: 3 }).filter((text) => !text.startsWith('{')),
);

/** Whether Fastify's parser refuses a JSON text itself (a `__proto__` or `constructor` key anywhere), before any session check. */
export const refusedByParser = (text: string): boolean => /"(__proto__|constructor)"\s*:/.test(text);

/**
 * Bodies that are not JSON at all, or that Fastify must refuse before any DTO sees them. (A byte order mark before
 * JSON is not among them: RFC 8259 lets a parser ignore it, and Fastify's does, so `\uFEFF{}` is an empty object.)
 */
export const malformedJson = fc.oneof(
  fc.constantFrom('{', '{"a":}', "{'a':1}", '{"a":1,}', '{"a" 1}', 'NaN', '{"a":undefined}', '\u0000', '{"a":"\\u00"}'),
  fc.string({ maxLength: 40 }).filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  }),
);

/** Keys that try to pollute prototypes or confuse a merge, sent as JSON text (so `__proto__` is a real key). */
export const hostileKeys = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '',
    ' ',
    'id',
    'status',
    'createdAt',
    'isAdmin',
    '$where',
    'a.b',
    '\u0000',
  ),
  fc.string({ minLength: 1, maxLength: 12 }),
);

/**
 * Keys class-transformer skips instead of copying (the names of Object.prototype's members, and `prototype`): an
 * unknown field of that name is dropped rather than refused by forbidNonWhitelisted, and never reaches a service.
 */
export const DROPPED_KEYS: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/** A JSON object text written key by key, so that duplicate and `__proto__` keys reach the server's parser. */
export function objectText(entries: [string, unknown][]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value === undefined ? 'null' : JSON.stringify(value)}`).join(',')}}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Resumes: data URLs holding real, hostile and broken files.

/** A zip with one stored entry per name; `declaredSize` (the uncompressed size the headers claim) may lie. */
function zipFile(entries: { name: string; data: Buffer; method?: 0 | 8; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'latin1');
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method ?? 0, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method ?? 0, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const DOC = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(56)]);
const DOCX = zipFile([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);
let zipBombCache: Buffer | undefined;
/** A .docx-shaped zip of a few kilobytes whose entry inflates to 16 MB (and whose headers claim 4 GB). */
function zipBomb(): Buffer {
  zipBombCache ??= zipFile([
    { name: 'word/document.xml', data: deflateRawSync(Buffer.alloc(16 * 1024 * 1024), { level: 9 }), method: 8, declaredSize: 0xffffffff },
  ]);
  return zipBombCache;
}
/** Zips that are no .docx: an end record pointing outside the file, a cut-off file, a spreadsheet. */
function brokenZips(): Buffer[] {
  const lying = Buffer.from(DOCX);
  lying.writeUInt32LE(0xfffffff0, lying.length - 6);
  return [lying, DOCX.subarray(0, DOCX.length - 5), zipFile([{ name: 'xl/workbook.xml', data: Buffer.from('x') }])];
}
/** A .docx whose end record claims 65,535 entries: read up to its real end, it still holds `word/`. */
function overcountedDocx(): Buffer {
  const many = Buffer.from(DOCX);
  many.writeUInt16LE(0xffff, many.length - 12);
  many.writeUInt16LE(0xffff, many.length - 14);
  return many;
}

export const dataUrl = (bytes: Buffer, type = 'application/pdf') => `data:${type};base64,${bytes.toString('base64')}`;

let oversizedCache: string | undefined;
/** A data URL one byte over the limit: the body still fits the apply route's limit, the file does not. */
function oversized(): string {
  oversizedCache ??= dataUrl(Buffer.concat([PDF, Buffer.alloc(RESUME_MAX_BYTES - PDF.length)]));
  return oversizedCache;
}

/** Resumes the route may accept: real files, a zip bomb (never inflated by the server) and polyglots. */
export const acceptableResume = fc.oneof(
  fc.constantFrom(PDF, DOC, DOCX).map((bytes) => dataUrl(bytes)),
  fc.constantFrom('application/pdf', 'text/html', 'image/png', '', 'application/x-msdownload').map((type) => dataUrl(PDF, type)),
  fc.constant(null).map(() => dataUrl(zipBomb(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')),
  // Polyglots: a PDF header on a zip, a PDF carrying HTML and script.
  fc.constant(dataUrl(Buffer.concat([PDF, DOCX]))),
  fc.constant(null).map(() => dataUrl(overcountedDocx())),
  fc.constant(dataUrl(Buffer.from('%PDF-1.7\n<html><script>alert(1)</script></html>', 'latin1'))),
);

/** Resumes the route must refuse: wrong magic bytes, broken base64 and data URLs, too large, not text. */
export const refusedResume = fc.oneof(
  fc.constantFrom(
    dataUrl(Buffer.from('<html><body>not a resume</body></html>')),
    dataUrl(Buffer.from('GIF89a....')),
    dataUrl(Buffer.from('MZ\x90\x00 executable', 'latin1')),
    dataUrl(Buffer.from('%PD')),
    dataUrl(Buffer.from('PK\x03\x04', 'latin1')),
    dataUrl(Buffer.concat([Buffer.from('<html>'), DOCX.subarray(4)])),
  ),
  fc
    .constant(null)
    .map(() => brokenZips().map((bytes) => dataUrl(bytes)))
    .chain((urls) => fc.constantFrom(...urls)),
  fc.constantFrom(
    'data:application/pdf;base64,',
    'data:application/pdf;base64,JVBERi0',
    'data:application/pdf;base64,JVBERi0x===',
    'data:application/pdf;base64,JVBE Ri0x',
    'data:application/pdf;base64,JVBERi0x\u0000',
    'data:application/pdf;base64,****',
    `data:application/pdf,${PDF.toString('latin1')}`,
    `data:application/pdf;charset=utf-8,${PDF.toString('base64')}`,
    `application/pdf;base64,${PDF.toString('base64')}`,
    PDF.toString('base64'),
    `data:application/pdf;base64;base64,${PDF.toString('base64')}`,
    `data:"><script>;base64,${PDF.toString('base64')}`,
    'data:,',
    'javascript:alert(1)',
  ),
  fc.constant(null).map(() => oversized()),
  fc.oneof(notText, fc.constantFrom(...BLANKS)),
);
