import fs from 'node:fs';
import type { Endpoint } from '@brightwave/common';
import type { SchemaObject } from '@nestjs/swagger';

/** A JSON Schema of the contract: the subset of keywords its generator writes. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  description?: string;
}

/** What the contract declares for one endpoint (its ApiContract entry). */
export interface ContractEntry {
  body?: JsonSchema;
  query?: JsonSchema;
  answer: JsonSchema;
}

export interface ContractSchema {
  /** The named types of the contract (Lead, Job, ApiFailure…), each referenced as `#/definitions/<name>`. */
  definitions: Record<string, JsonSchema>;
  entries: Partial<Record<Endpoint, ContractEntry>>;
}

let loaded: ContractSchema | undefined;

/**
 * The JSON Schema of packages/common's ApiContract, which that package's build generates from the types themselves
 * (scripts/contract-schema.mjs): the answers of the API document are taken from it.
 */
export function contractSchema(): ContractSchema {
  if (loaded) return loaded;
  const file = require.resolve('@brightwave/common/contract-schema.json');
  const { definitions } = JSON.parse(fs.readFileSync(file, 'utf8')) as { definitions: Record<string, JsonSchema> };
  const entries: Partial<Record<Endpoint, ContractEntry>> = {};
  for (const [endpoint, entry] of Object.entries(definitions.ApiContract?.properties ?? {})) {
    const { body, query, answer } = entry.properties ?? {};
    if (!answer) throw new Error(`${file}: ${endpoint} has no answer`);
    entries[endpoint as Endpoint] = { body, query, answer };
  }
  loaded = { definitions, entries };
  return loaded;
}

/** The schema with its references moved from the contract's `#/definitions/` to the document's components. */
export function asComponentSchema(schema: JsonSchema): SchemaObject {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/definitions/', '"#/components/schemas/')) as SchemaObject;
}
