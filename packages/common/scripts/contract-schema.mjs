// Part of `npm run build -w @brightwave/common`: the JSON Schema of the HTTP contract (ApiContract: body, query and
// answer of every endpoint, and ApiFailure), read from the TypeScript types themselves, as dist/contract-schema.json.
// The backend's OpenAPI document takes every answer's schema from it, so the document cannot drift from the types
// the controllers, the site and the admin app compile against.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGenerator } from 'ts-json-schema-generator';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.join(packageDir, 'dist', 'contract-schema.json');
const ROOT_TYPES = ['ApiContract', 'ApiFailure'];

const generator = createGenerator({
  path: path.join(packageDir, 'src', 'contract.ts'),
  tsconfig: path.join(packageDir, 'tsconfig.esm.json'),
  expose: 'export',
  jsDoc: 'extended',
  // tsc has just checked these sources.
  skipTypeCheck: true,
  additionalProperties: false,
});

const definitions = {};
for (const type of ROOT_TYPES) Object.assign(definitions, generator.createSchema(type).definitions);

// Instances of generic types (`ApiSuccess<…>`, `StatusPayload<LeadStatus>`) get names made of source positions,
// which change with every edit and are no valid OpenAPI component names: they are written in place instead.
const isNamed = (name) => /^\w+$/.test(name);
const refName = (ref) => decodeURIComponent(ref.replace('#/definitions/', ''));
function inlineUnnamed(node) {
  if (Array.isArray(node)) return node.map(inlineUnnamed);
  if (node === null || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string' && !isNamed(refName(node.$ref))) {
    const { $ref, ...rest } = node;
    return { ...inlineUnnamed(definitions[refName($ref)]), ...rest };
  }
  const inlined = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlineUnnamed(value)]));
  // An answer's `success` first, as the answers are written.
  if (inlined.properties?.success) inlined.properties = { success: inlined.properties.success, ...inlined.properties };
  return inlined;
}

const named = Object.keys(definitions).filter(isNamed).sort();
const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  definitions: Object.fromEntries(named.map((name) => [name, inlineUnnamed(definitions[name])])),
};
fs.mkdirSync(path.dirname(output), { recursive: true });
fs.writeFileSync(output, `${JSON.stringify(schema, null, 2)}\n`);
