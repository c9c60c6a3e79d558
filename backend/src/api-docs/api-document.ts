import { ADMIN_AREAS, ADMIN_ROLES, API_KEY_PREFIX, apiKeyScopeFor, type AdminArea, type Endpoint, required } from '@brightwave/common';
import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  SwaggerModule,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type ReferenceObject,
  type ResponseObject,
  type SchemaObject,
} from '@nestjs/swagger';
import { API_EXTENSION, type ErrorDescriptions } from './api-extensions';
import { API_DESCRIPTION, API_TAGS, STANDARD_ERRORS, type ErrorStatus } from './api-words';
import { asComponentSchema, contractSchema, type JsonSchema } from './contract-schema';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];
/** Methods whose body Fastify reads: malformed JSON (400), too large (413) or not JSON (415) on every such route. */
const BODY_METHODS: ReadonlySet<HttpMethod> = new Set(['post', 'put', 'patch', 'delete']);
const SUCCESS_WORDS: Record<string, string> = { '200': 'OK', '201': 'Created', '204': 'No Content' };

/** An operation with the extensions the decorators add (api-extensions.ts). */
export type DocumentedOperation = OperationObject & Record<string, unknown>;
export interface OperationRef {
  path: string;
  method: HttpMethod;
  operation: DocumentedOperation;
}

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenAPIObject): OperationRef[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => (item[method] ? [{ path, method, operation: item[method] as DocumentedOperation }] : [])),
  );
}

/** `post` `/api/leads/{id}/status` → `POST /api/leads/:id/status`, the contract's key. */
export function endpointOf(method: string, path: string): Endpoint {
  return `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}` as Endpoint;
}

const isReference = (value: object): value is ReferenceObject => '$ref' in value;

/**
 * The OpenAPI document of the API (`/api/docs`, and docs/api.md rendered from it): bodies and parameters
 * from the DTOs' decorators, each success answer from the contract's types (packages/common, contract.ts), and the
 * error answers derived from what each route has: a session guard (401, and 403 unless every role may use its
 * area and it is open to an admin who must set up a strong factor first), a body (400, 413, 415), a query (400), an id in the path (400, 404, 414), a rate limit (429), 503 on every
 * route, plus those its @ApiErrors names. The success status is Nest's (@HttpCode, else 201 for POST and 200).
 */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Brightwave API')
    .setDescription(API_DESCRIPTION)
    .setVersion('1.0')
    .addServer('/')
    .addBearerAuth()
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: `${API_KEY_PREFIX}…`, description: 'An API key (decision 092): the operation lists the scope it needs' },
      'apiKey',
    );
  for (const tag of API_TAGS) builder.addTag(tag.name, tag.description);
  const document = SwaggerModule.createDocument(app, builder.build(), {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  const components = (document.components ??= {});
  const schemas = (components.schemas ??= {});
  for (const [name, schema] of Object.entries(schemas)) {
    if (contractSchema().definitions[name]) throw new Error(`The DTO ${name} has the name of a type of the contract: rename it`);
    if (!isReference(schema)) toJsonSchemaNulls(schema);
  }
  for (const { path, method, operation } of operationsOf(document)) completeOperation(endpointOf(method, path), method, operation);
  // The shared error answers the operations refer to.
  const used = JSON.stringify(document.paths);
  components.responses = Object.fromEntries(
    Object.entries(STANDARD_ERRORS)
      .filter(([, { name }]) => used.includes(`"#/components/responses/${name}"`))
      .map(([status, { name, description }]) => [name, errorResponse(description, Number(status) as ErrorStatus)]),
  );
  components.schemas = withContractSchemas(document.paths, schemas);
  return document;
}

function completeOperation(endpoint: Endpoint, method: HttpMethod, operation: DocumentedOperation): void {
  const entry = contractSchema().entries[endpoint];
  if (!entry) throw new Error(`${endpoint} is served but not in the contract (packages/common/src/contract.ts)`);
  const [success, ...others] = Object.keys(operation.responses);
  if (success === undefined || others.length > 0 || !/^2\d\d$/.test(success)) {
    throw new Error(`${endpoint}: its answers are derived (api-document.ts); declare errors with @ApiErrors, not @ApiResponse`);
  }
  const custom = (operation[API_EXTENSION.errors] ?? {}) as ErrorDescriptions;
  const fileTypes = operation[API_EXTENSION.fileTypes] as string[] | undefined;
  operation.responses = { [success]: successResponse(endpoint, SUCCESS_WORDS[success] ?? 'Success', entry.answer, fileTypes) };
  for (const status of errorStatuses(method, operation, custom)) {
    const description = custom[status];
    operation.responses[status] = description ? errorResponse(description, status) : { $ref: `#/components/responses/${STANDARD_ERRORS[status].name}` };
  }

  if (entry.body) {
    const declared = operation.requestBody && !isReference(operation.requestBody) ? operation.requestBody.content : undefined;
    const content = declared?.['application/json'];
    // A body read by a pipe of its own (no DTO class) is documented with the contract's type; a file upload keeps
    // the multipart form its decorators describe.
    if (!declared?.['multipart/form-data'] && (!content?.schema || !isReference(content.schema))) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: asComponentSchema(entry.body) } } };
    }
  } else if (operation.requestBody) {
    throw new Error(`${endpoint} reads a body the contract does not declare`);
  }
  for (const parameter of operation.parameters ?? []) {
    // The headers a route reads (X-Form-Token, X-Form-Trap, User-Agent) are all optional: it works without them.
    if (!isReference(parameter) && parameter.in === 'header') parameter.required = false;
  }
  operation.security ??= [];
  // The operations an API key may call, with the scope they need (OpenAPI 3.1: role names for a bearer scheme).
  const area = operation[API_EXTENSION.adminArea] as AdminArea | undefined;
  const keyScope = area ? apiKeyScopeFor(area, method.toUpperCase(), endpoint.slice(endpoint.indexOf(' ') + 1)) : null;
  if (keyScope) operation.security.push({ apiKey: [keyScope] });
  // Read above; `x-admin-area` stays, for a reader of the document.
  for (const key of [API_EXTENSION.errors, API_EXTENSION.fileTypes, API_EXTENSION.rateLimit, API_EXTENSION.noRefusals, API_EXTENSION.openWhileEnrolling]) {
    Reflect.deleteProperty(operation, key);
  }
}

/** The error statuses a route answers, in order. */
function errorStatuses(method: HttpMethod, operation: DocumentedOperation, custom: ErrorDescriptions): ErrorStatus[] {
  // Anything is answered with the success, except while the instance shuts down (Fastify's own 503).
  if (operation[API_EXTENSION.noRefusals]) return [503];
  const parameters = (operation.parameters ?? []).filter((parameter): parameter is ParameterObject => !isReference(parameter));
  const statuses = new Set<ErrorStatus>(Object.keys(custom).map((status) => Number(status) as ErrorStatus));
  if (BODY_METHODS.has(method)) [400, 413, 415].forEach((status) => statuses.add(status as ErrorStatus));
  if (parameters.some((parameter) => parameter.in === 'query')) statuses.add(400);
  // An id that is no row's: 404; a path that is not validly %-encoded: 400; a parameter over Fastify's length: 414.
  if (parameters.some((parameter) => parameter.in === 'path')) [400, 404, 414].forEach((status) => statuses.add(status as ErrorStatus));
  const area = operation[API_EXTENSION.adminArea] as AdminArea | undefined;
  if (area) statuses.add(401);
  // A role that may not use the area; or an admin who must set up a strong factor first (decision 090), on every admin
  // route but those open to them. Every role may use the `everyone` area.
  if (area && (ADMIN_AREAS[area].length < ADMIN_ROLES.length || !operation[API_EXTENSION.openWhileEnrolling])) statuses.add(403);
  if (operation[API_EXTENSION.rateLimit]) statuses.add(429);
  // Every route: while the instance starts, drains or is overloaded, or when the database does not answer.
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

function successResponse(endpoint: Endpoint, description: string, answer: JsonSchema, fileTypes: string[] | undefined): ResponseObject {
  if (answer.$ref === '#/definitions/NoContent') return { description };
  if (answer.$ref === '#/definitions/FileAnswer') {
    if (!fileTypes?.length) throw new Error(`${endpoint} answers a file: name its media types with @ApiFileAnswer`);
    const file: SchemaObject = { type: 'string', format: 'binary' };
    return { description, content: Object.fromEntries(fileTypes.map((type) => [type, { schema: file }])) };
  }
  return { description, content: { 'application/json': { schema: asComponentSchema(answer) } } };
}

function errorResponse(description: string, status: ErrorStatus): ResponseObject {
  const response: ResponseObject = {
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiFailure' } } },
  };
  if (status === 429 || status === 503) {
    response.headers = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } } };
  }
  return response;
}

/** The components' schemas with the contract's named types that the paths reference (Lead, Job, ApiFailure…), sorted. */
function withContractSchemas(
  paths: OpenAPIObject['paths'],
  schemas: Record<string, SchemaObject | ReferenceObject>,
): Record<string, SchemaObject | ReferenceObject> {
  const { definitions } = contractSchema();
  const all = { ...schemas };
  const pending = ['ApiFailure'];
  const collect = (text: string) => {
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/(\w+)"/g)) if (name !== undefined && definitions[name] && !all[name]) pending.push(name);
  };
  collect(JSON.stringify(paths));
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (all[name]) continue;
    all[name] = asComponentSchema(required(definitions[name], `the contract's type ${name}`));
    collect(JSON.stringify(all[name]));
  }
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => a.localeCompare(b)));
}

/** OpenAPI 3.1 schemas are JSON Schema: the DTOs' `nullable: true` (OpenAPI 3.0) becomes a `null` type. */
function toJsonSchemaNulls(schema: SchemaObject): void {
  for (const property of Object.values(schema.properties ?? {})) {
    const nullable = property as { nullable?: boolean; type?: unknown };
    if (nullable.nullable && typeof nullable.type === 'string') {
      nullable.type = [nullable.type, 'null'];
      delete nullable.nullable;
    }
  }
}
