import { ADMIN_AREAS, type AdminArea } from '@brightwave/common';
import type { OpenAPIObject, ParameterObject, ReferenceObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { API_EXTENSION } from './api-extensions';
import { operationsOf, type OperationRef } from './api-document';
import { contractSchema } from './contract-schema';

/** docs/api.md, relative to the repository: `npm run docs:api` writes it, a backend test compares it. */
export const API_MARKDOWN_FILE = 'docs/api.md';

/** A schema as the document holds it: JSON Schema, with the OpenAPI keywords the DTOs add. */
type Schema = SchemaObject & { type?: string | string[]; const?: unknown; $ref?: string };

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);
const isReference = (value: object): value is ReferenceObject => '$ref' in value;
const code = (text: string) => `\`${text}\``;
const literal = (value: unknown) => (typeof value === 'string' ? `'${value}'` : String(value));
const keyText = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);

/** A schema in one line, TypeScript-like: `{ success: true, data: Lead }`, `'new' | 'contacted'`, `Job[]`. */
function typeText(schema: Schema | ReferenceObject | undefined): string {
  if (!schema) return 'unknown';
  if (isReference(schema)) return refName(schema.$ref);
  if (schema.const !== undefined) return literal(schema.const);
  if (schema.enum) return schema.enum.map(literal).join(' | ');
  if (schema.anyOf) return schema.anyOf.map((item) => typeText(item as Schema)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? (schema.properties ? 'object' : 'unknown')];
  return types
    .map((type) => {
      if (type === 'array') {
        const item = typeText(schema.items as Schema);
        return /[ |]/.test(item) ? `(${item})[]` : `${item}[]`;
      }
      if (type === 'object') return objectText(schema);
      if (type === 'integer') return 'number';
      return type;
    })
    .join(' | ');
}

function objectText(schema: Schema): string {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(
    ([name, value]) => `${keyText(name)}${required.has(name) ? '' : '?'}: ${typeText(value as Schema)}`,
  );
  if (typeof schema.additionalProperties === 'object') fields.push(`[key: string]: ${typeText(schema.additionalProperties as Schema)}`);
  return fields.length > 0 ? `{ ${fields.join(', ')} }` : 'object';
}

/** What a DTO's decorators say of a field beyond its type: its limits, pattern, format, default. */
function ruleText(schema: Schema): string[] {
  const rules: string[] = [];
  if (schema.minLength !== undefined) rules.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) rules.push(`at most ${schema.maxLength} characters`);
  if (schema.minimum !== undefined && schema.maximum !== undefined) rules.push(`${schema.minimum} to ${schema.maximum}`);
  if (schema.maxItems !== undefined) rules.push(`at most ${schema.maxItems} items`);
  const items = schema.items as Schema | undefined;
  if (items && !isReference(items) && items.maxLength !== undefined) rules.push(`each at most ${items.maxLength} characters`);
  if (schema.pattern) rules.push(`pattern ${code(schema.pattern)}`);
  if (schema.format) rules.push(schema.format);
  if (schema.default !== undefined) rules.push(`default ${code(JSON.stringify(schema.default))}`);
  if (schema.example !== undefined) rules.push(`e.g. ${code(String(schema.example))}`);
  return rules;
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');

function fieldLine(name: string, schema: Schema, required: boolean): string {
  const details = [typeText(schema), required ? 'required' : 'optional', ...ruleText(schema)].join(', ');
  return `  - ${code(name)} (${details})${schema.description ? `: ${schema.description}` : ''}`;
}

function resolve(document: OpenAPIObject, schema: Schema | ReferenceObject): Schema {
  return (isReference(schema) ? document.components?.schemas?.[refName(schema.$ref)] : schema) as Schema;
}

function operationText(document: OpenAPIObject, { method, path, operation }: OperationRef): string[] {
  const lines = [`### ${method.toUpperCase()} ${path}`, '', `**${operation.summary ?? ''}**${operation.description ? `. ${operation.description}` : ''}`, ''];
  const area = operation[API_EXTENSION.adminArea] as AdminArea | undefined;
  lines.push(area ? `- Who: ${ADMIN_AREAS[area].join(', ')} (area ${code(area)}), with \`Authorization: Bearer <token>\`` : '- Who: anyone');
  const keyScope = operation.security?.find((requirement) => requirement.apiKey)?.apiKey?.[0];
  if (keyScope) lines.push(`- API key: with the scope ${code(keyScope)}`);
  const parameters = (operation.parameters ?? []).filter((parameter): parameter is ParameterObject => !isReference(parameter));
  for (const [where, title] of [
    ['header', 'Headers'],
    ['query', 'Query'],
  ] as const) {
    const listed = parameters.filter((parameter) => parameter.in === where);
    if (listed.length === 0) continue;
    lines.push(`- ${title}:`);
    for (const parameter of listed)
      lines.push(fieldLine(parameter.name, { ...(parameter.schema as Schema), description: parameter.description }, parameter.required === true));
  }
  const body = operation.requestBody && !isReference(operation.requestBody) ? operation.requestBody.content['application/json']?.schema : undefined;
  if (body) {
    const schema = resolve(document, body);
    lines.push(`- Body${isReference(body) ? ` (${code(refName(body.$ref))})` : ''}:`);
    const required = new Set(schema.required ?? []);
    for (const [name, value] of Object.entries(schema.properties ?? {})) lines.push(fieldLine(name, value as Schema, required.has(name)));
    // A union of shapes (the analytics beacon's reports): each in one line.
    for (const shape of schema.anyOf ?? []) lines.push(`  - ${code(typeText(shape as Schema))}`);
  }
  const errors: string[] = [];
  const explained: string[] = [];
  for (const [status, response] of Object.entries(operation.responses)) {
    if (/^2/.test(status)) {
      const content = (response as ResponseObject).content ?? {};
      const json = content['application/json'];
      const types = Object.keys(content);
      const answer = json ? code(typeText(json.schema as Schema)) : types.length > 0 ? `a file (${types.join(', ')})` : 'no body';
      lines.push(`- Answer ${status}: ${answer}`);
    } else if (isReference(response as object)) {
      errors.push(status);
    } else {
      explained.push(`  - ${status}: ${(response as ResponseObject).description}`);
    }
  }
  if (errors.length > 0 || explained.length > 0) lines.push(`- Errors${errors.length > 0 ? `: ${errors.join(', ')}` : ''}`, ...explained);
  lines.push('');
  return lines;
}

/** The named types the answers use (Lead, Job…), one field per line. */
function typesText(document: OpenAPIObject): string[] {
  const lines: string[] = ['## Types', '', 'The types of the answers, as `@brightwave/common` declares them.', ''];
  const { definitions } = contractSchema();
  for (const [name, value] of Object.entries(document.components?.schemas ?? {})) {
    // The bodies' DTOs are listed with their operations.
    if (!definitions[name]) continue;
    const schema = value as Schema;
    lines.push(`### ${name}`, '');
    if (schema.description) lines.push(schema.description, '');
    if (!schema.properties) {
      lines.push(code(typeText(schema)), '');
      continue;
    }
    const required = new Set(schema.required ?? []);
    lines.push('```ts', '{');
    for (const [field, fieldSchema] of Object.entries(schema.properties)) {
      const description = (fieldSchema as Schema).description;
      if (description) lines.push(`  /** ${description} */`);
      lines.push(`  ${keyText(field)}${required.has(field) ? '' : '?'}: ${typeText(fieldSchema as Schema)};`);
    }
    lines.push('}', '```', '');
  }
  return lines;
}

/** docs/api.md: the document for a reader, operation by operation, grouped by tag. */
export function renderApiMarkdown(document: OpenAPIObject): string {
  const lines: string[] = [
    '# API',
    '',
    '<!-- Generated by `npm run docs:api` from the OpenAPI document the backend builds (backend/src/api-docs): edit the',
    "     controllers' decorators or the contract's types, not this file. A backend test fails while it differs. -->",
    '',
    document.info.description ?? '',
    '',
    'The same document is served as OpenAPI 3.1 at `/api/docs` (and `/api/docs-json`) when `API_DOCS` is on.',
    '',
  ];
  const operations = operationsOf(document);
  const byTag = (document.tags ?? []).map((tag) => ({ tag, tagged: operations.filter(({ operation }) => operation.tags?.includes(tag.name)) }));
  lines.push('## Operations', '', '| Operation | What it does | Who |', '|---|---|---|');
  for (const { method, path, operation } of byTag.flatMap(({ tagged }) => tagged)) {
    const title = `${method.toUpperCase()} ${path}`;
    const area = operation[API_EXTENSION.adminArea] as AdminArea | undefined;
    lines.push(`| [${title}](#${anchorOf(title)}) | ${operation.summary ?? ''} | ${area ? ADMIN_AREAS[area].join(', ') : 'anyone'} |`);
  }
  lines.push('');
  for (const { tag, tagged } of byTag) {
    if (tagged.length === 0) continue;
    lines.push(`## ${tag.name}`, '', tag.description ?? '', '');
    for (const operation of tagged) lines.push(...operationText(document, operation));
  }
  lines.push(...typesText(document));
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
