import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AdminDetails,
  type BuiltPageDetails,
  type CaseStudyDetails,
  type ContentPageDetails,
  type PostDetails,
  DEFAULT_CONTENT,
  DEFAULT_SIGN_IN_POLICY,
  emptyBlock,
  loginCodeIn,
  MESSAGES,
  required,
  RETIRED_ENDPOINTS,
} from '@brightwave/common';
import type { OpenAPIObject, ParameterObject, ReferenceObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import Ajv, { type ValidateFunction } from 'ajv';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { generateSync } from 'otplib';
import sharp from 'sharp';
import { endpointOf, operationsOf, type DocumentedOperation } from '../src/api-docs/api-document';
import { API_MARKDOWN_FILE, renderApiMarkdown } from '../src/api-docs/api-markdown';
import { contractSchema, type JsonSchema } from '../src/api-docs/contract-schema';
import { SessionTokensService } from '../src/auth/session-tokens.service';
import { readBookingLink, signBookingLink } from '../src/booking/booking-links';
import { DEFAULT_BODY_LIMIT_BYTES } from '../src/common/body-limit';
import { DATABASE, type Database } from '../src/database/database';
import { deliveries, loginChallenges, passkeys } from '../src/database/schema';
import { SignInPolicyService } from '../src/sign-in-policy/sign-in-policy.service';
import { SsoRepository } from '../src/sso/sso.repository';
import { readMessageFile } from './mail-message';
import { loginAsAdmin } from './support/admin-session';
import { operationOfRoute, routeShape } from './support/api-operations';
import { createFuzzFixtures, FIXTURE_PORTFOLIO } from './support/fuzz-fixtures';
import { describeRequest, fuzzRoutes, requestsFor, type FuzzIds, type FuzzRequest } from './support/fuzz-routes';
import { appRoutes, routeParts } from './support/route-table';
import { SoftwarePasskey, type CeremonyOptions } from './support/software-authenticator';
import { createTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

const BACKEND_DIR = path.resolve(__dirname, '..');
const REPO_ROOT = path.resolve(BACKEND_DIR, '..');
/** Low enough that the last test reaches each limit in a few dozen requests, high enough for the others. */
const RATE_LIMIT = 40;
/**
 * Generated requests per route, from a fixed seed: every run sends the same ones. `npm test` sends 3 of every kind
 * and 2 whose every part is valid (about 1,500 requests); the long run, `npm run fuzz`, sends
 * API_DOCUMENT_SAMPLES times as many (scripts/fuzz.sh: 4). The ways of success are sent apart, whatever the sample.
 */
const SAMPLE_FACTOR = Number(process.env.API_DOCUMENT_SAMPLES ?? 1);
const SAMPLES_PER_ROUTE = 3 * SAMPLE_FACTOR;
const VALID_SAMPLES_PER_ROUTE = 2 * SAMPLE_FACTOR;
/** At most this many more valid requests to a route none of whose sampled ones succeeded. */
const MORE_VALID_SAMPLES = 8;
const SEED = 23;
/** Not JSON, not JSON at all, and over the body limit. */
const RAW_BODIES = [
  ['application/json', '{"unclosed'],
  ['text/plain', 'a=1'],
  ['application/json', `{"a":"${'a'.repeat(DEFAULT_BODY_LIMIT_BYTES)}"}`],
] as const;
const EDITOR = { email: 'editor@api-document.test', password: 'quiet-harbour-tulip-42' };

const isReference = (value: object): value is ReferenceObject => '$ref' in value;
/** The token of the invitation link in the newest mail. */
const inviteTokenIn = (outbox: string[]) =>
  required(/accept-invite#token=([\w-]+)/.exec(readMessageFile(required(outbox.at(-1), 'a mail')).text)?.[1], 'the invitation token');

describe('The API document', () => {
  let t: TestApp;
  let document: OpenAPIObject;
  let operationOf: (route: string) => DocumentedOperation | undefined;

  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_PUBLIC_PER_MINUTE: String(RATE_LIMIT),
      RATE_LIMIT_SEARCH_PER_MINUTE: String(RATE_LIMIT),
      RATE_LIMIT_AUTH_PER_15_MIN: String(RATE_LIMIT),
      RATE_LIMIT_APPLY_PER_HOUR: String(RATE_LIMIT),
      RATE_LIMIT_MEDIA_UPLOADS_PER_HOUR: String(RATE_LIMIT),
      RATE_LIMIT_BOOKING_PER_MINUTE: String(RATE_LIMIT),
      ALLOW_HTTP_WEBHOOKS: 'true',
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      API_DOCS: 'true',
    });
    // The document as a client reads it; the CLI that writes the markdown builds it with the same function.
    document = (await t.http.get('/api/docs-json').expect(200)).body as OpenAPIObject;
    operationOf = operationOfRoute(document);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('passes redocly lint with no error and no warning (backend/redocly.yaml)', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bw-openapi-')), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(document, null, 2));
    let output: string;
    try {
      output = execFileSync(
        path.join(REPO_ROOT, 'node_modules', '.bin', 'redocly'),
        ['lint', file, '--config', path.join(BACKEND_DIR, 'redocly.yaml'), '--format', 'json'],
        {
          encoding: 'utf8',
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      );
    } catch (error) {
      // Exit status 1 when there are errors: the report is on stdout all the same.
      output = (error as { stdout: string }).stdout;
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
    const report = JSON.parse(output) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    expect(report.problems.map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it(`is what ${API_MARKDOWN_FILE} shows (npm run docs:api writes it again)`, () => {
    const committed = fs.readFileSync(path.join(REPO_ROOT, API_MARKDOWN_FILE), 'utf8');
    // toEqual on the lines names the first one that differs.
    expect(committed.split('\n')).toEqual(renderApiMarkdown(document).split('\n'));
  });

  it(`shows every operation in ${API_MARKDOWN_FILE}: each has a tag the document describes`, () => {
    const described = new Set((document.tags ?? []).map((tag) => tag.name));
    const untagged = operationsOf(document).filter(({ operation }) => !(operation.tags ?? []).some((tag) => described.has(tag)));
    expect(untagged.map(({ method, path: route, operation }) => `${method.toUpperCase()} ${route} (${(operation.tags ?? []).join(', ')})`)).toEqual([]);
  });

  it('has an operation for every route the server serves and the contract lists, and none for another', () => {
    const retired = new Set(Object.keys(RETIRED_ENDPOINTS));
    // The document itself and Swagger UI (API_DOCS) are no operation of it, nor the uploaded pictures' files (the site's),
    // nor single sign-on's pages (the browser's, not the API's).
    const served = appRoutes(t.app).filter(
      (route) =>
        !route.startsWith('HEAD ') &&
        !retired.has(route) &&
        !/^GET \/api\/docs\b/.test(route) &&
        !route.startsWith('GET /media/') &&
        !route.startsWith('GET /admin/sso/'),
    );
    expect(served.filter((route) => !operationOf(route))).toEqual([]);
    const servedShapes = new Set(served.map(routeShape));
    const documented = operationsOf(document).map(({ method, path: route }) => `${method.toUpperCase()} ${route}`);
    expect(documented.filter((route) => !servedShapes.has(routeShape(route)))).toEqual([]);
  });

  it('takes each body and query field the contract declares, with the same names, requirement and values', () => {
    const { definitions, entries } = contractSchema();
    const fromContract = (schema: JsonSchema): JsonSchema =>
      schema.$ref ? fromContract(required(definitions[schema.$ref.replace('#/definitions/', '')], schema.$ref)) : schema;
    const fromDocument = (schema: SchemaObject | ReferenceObject): SchemaObject =>
      isReference(schema) ? fromDocument(required(document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')], schema.$ref)) : schema;
    /** The values a field may take, when the contract lists them (an enum, or an array of one). */
    const valuesOf = (schema: { enum?: unknown[]; items?: unknown }, resolve: (item: never) => { enum?: unknown[] }): unknown[] | undefined => {
      const listed = schema.items ? resolve(schema.items as never) : schema;
      return listed.enum ? [...listed.enum].sort() : undefined;
    };
    const differences: string[] = [];
    const compare = (what: string, documented: Record<string, { required: boolean; schema: SchemaObject }>, declared: JsonSchema) => {
      const required = new Set(declared.required ?? []);
      const names = (fields: object) => Object.keys(fields).sort().join(', ');
      if (names(documented) !== names(declared.properties ?? {}))
        differences.push(`${what}: the DTO has ${names(documented)}, the contract ${names(declared.properties ?? {})}`);
      for (const [name, field] of Object.entries(declared.properties ?? {})) {
        const dto = documented[name];
        if (!dto) continue;
        if (dto.required !== required.has(name)) differences.push(`${what}.${name}: ${dto.required ? 'required' : 'optional'} in the DTO, not in the contract`);
        const want = valuesOf(fromContract(field), fromContract);
        const got = valuesOf(dto.schema, fromDocument);
        if (want && JSON.stringify(got) !== JSON.stringify(want))
          differences.push(`${what}.${name}: the DTO takes ${JSON.stringify(got)}, the contract ${JSON.stringify(want)}`);
      }
    };
    for (const { method, path: route, operation } of operationsOf(document)) {
      const endpoint = endpointOf(method, route);
      const entry = entries[endpoint]!;
      const body = operation.requestBody && !isReference(operation.requestBody) ? operation.requestBody.content['application/json']?.schema : undefined;
      if (entry.body && body) {
        const dto = fromDocument(body);
        const fields = Object.fromEntries(
          Object.entries(dto.properties ?? {}).map(([name, schema]) => [name, { required: (dto.required ?? []).includes(name), schema: fromDocument(schema) }]),
        );
        compare(`${endpoint} body`, fields, fromContract(entry.body));
      }
      const query = (operation.parameters ?? []).filter((parameter): parameter is ParameterObject => !isReference(parameter) && parameter.in === 'query');
      const fields = Object.fromEntries(
        query.map((parameter) => [parameter.name, { required: parameter.required === true, schema: fromDocument(parameter.schema ?? {}) }]),
      );
      compare(`${endpoint} query`, fields, entry.query ? fromContract(entry.query) : {});
    }
    expect(differences).toEqual([]);
  });

  it("has the body and query fields the fuzz suite's generators send to each route", () => {
    const generators = new Map(Object.entries(fuzzRoutes(() => ({}) as FuzzIds)).map(([route, generator]) => [routeShape(route), generator]));
    const differences: string[] = [];
    for (const { method, path: route, operation } of operationsOf(document)) {
      const generator = generators.get(routeShape(`${method.toUpperCase()} ${route}`))!;
      const body = operation.requestBody && !isReference(operation.requestBody) ? operation.requestBody.content['application/json']?.schema : undefined;
      const bodySchema =
        body && isReference(body) ? (document.components?.schemas?.[body.$ref.replace('#/components/schemas/', '')] as SchemaObject) : undefined;
      const names = (fields: object | undefined) =>
        Object.keys(fields ?? {})
          .sort()
          .join(', ');
      // A body read by a pipe of its own has a generator of whole values (customBody).
      if (bodySchema && !generator.customBody && names(bodySchema.properties) !== names(generator.body))
        differences.push(`${method} ${route} body: documented ${names(bodySchema.properties)}, generated ${names(generator.body)}`);
      const query = (operation.parameters ?? [])
        .filter((parameter) => !isReference(parameter) && parameter.in === 'query')
        .map((parameter) => (parameter as ParameterObject).name);
      if (query.sort().join(', ') !== names(generator.query))
        differences.push(`${method} ${route} query: documented ${query.join(', ')}, generated ${names(generator.query)}`);
    }
    expect(differences).toEqual([]);
  });

  it('leaves optional the headers a route reads (the form token and trap, the browser)', () => {
    const required = operationsOf(document).flatMap(({ method, path: route, operation }) =>
      (operation.parameters ?? [])
        .filter((parameter) => !isReference(parameter) && parameter.in === 'header' && parameter.required)
        .map((parameter) => `${method} ${route}: ${(parameter as ParameterObject).name}`),
    );
    expect(required).toEqual([]);
    expect(operationOf('POST /api/leads')?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'x-form-token', required: false }),
        expect.objectContaining({ name: 'x-form-trap', required: false }),
      ]),
    );
  });

  describe('against the running server', () => {
    const problems: string[] = [];
    const validators = new Map<string, ValidateFunction>();
    /** The operations a success answer of was checked against its schema. */
    const validatedSuccess = new Set<string>();
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    // The document's components, given to ajv once (compiling them into each answer's validator took 9 s of this
    // suite's CPU): an answer's `#/components/…` references then point into them.
    const COMPONENTS_ID = 'components.json';
    let owner: string;
    let editor: string;
    let ids: FuzzIds;
    /** Which admin each token is, to sign them in again when a request signed them out. */
    const adminOf = new Map<string, string>();

    beforeAll(async () => {
      owner = await loginAsAdmin(t);
      const auth = { Authorization: `Bearer ${owner}` };
      await t.http.post('/api/admin/admins').set(auth).send({ email: EDITOR.email, name: 'The editor', role: 'editor' }).expect(201);
      await t.http
        .post('/admin/accept-invite')
        .send({ token: inviteTokenIn(t.outbox()), password: EDITOR.password })
        .expect(200);
      editor = await loginAsAdmin(t, EDITOR);
      const admins = (await t.http.get('/api/admin/admins').set(auth).expect(200)).body as { admins: AdminDetails[] };
      for (const [token, email] of [
        [owner, TEST_ADMIN.email],
        [editor, EDITOR.email],
      ] as const)
        adminOf.set(
          token,
          required(
            admins.admins.find((admin) => admin.email === email),
            email,
          )._id,
        );
      ids = await createFuzzFixtures(t, owner);
      ajv.addSchema({ $id: COMPONENTS_ID, components: { schemas: document.components?.schemas } });
    });

    const intoComponents = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(intoComponents);
      if (typeof value !== 'object' || value === null) return value;
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) => [
          key,
          key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/') ? `${COMPONENTS_ID}${inner}` : intoComponents(inner),
        ]),
      );
    };

    /** The validator of an operation's answer with this status, from the document's schema. */
    function validatorOf(route: string, status: string, schema: SchemaObject | ReferenceObject): ValidateFunction {
      const key = `${route} ${status}`;
      let validate = validators.get(key);
      if (!validate) {
        validate = ajv.compile(intoComponents(schema) as SchemaObject);
        validators.set(key, validate);
      }
      return validate;
    }

    /** A picture as the admin app uploads it: multipart, in the field `file`. */
    async function pictureUpload(): Promise<Pick<FuzzRequest, 'method' | 'url' | 'headers' | 'payload'>> {
      const picture = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#4338ca' } })
        .png()
        .toBuffer();
      const boundary = 'api-document-picture';
      const form = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
        picture,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { method: 'POST', url: '/api/admin/media', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: form };
    }

    /** Whether the route's operation answers a success as JSON (whose schema a success answer is checked against). */
    function answersJsonOnSuccess(route: string): boolean {
      const responses = operationOf(route)?.responses ?? {};
      return Object.entries(responses).some(([status, response]) => status.startsWith('2') && (response as ResponseObject).content?.['application/json']);
    }

    /** Whether an answer is the admin guard's refusal of the admin's role (a HEAD's answer has no body to say so). */
    const isRoleRefusal = (response: { statusCode: number; body: string }) =>
      response.statusCode === 403 && response.body !== '' && (JSON.parse(response.body) as { message?: unknown }).message === MESSAGES.notAllowed;

    /** Sends the request, and records what the document does not say of its answer. */
    async function send(
      route: string,
      request: Pick<FuzzRequest, 'method' | 'url' | 'headers' | 'payload'>,
      token?: string,
      remoteAddress?: string,
    ): Promise<{ statusCode: number; body: string }> {
      const headers = { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
      const response = await t.app
        .getHttpAdapter()
        .getInstance()
        .inject({ method: request.method as 'GET', url: request.url, headers, payload: request.payload, remoteAddress });
      const status = String(response.statusCode);
      const operation = operationOf(route);
      const documented = operation?.responses[status] as ResponseObject | ReferenceObject | undefined;
      // Described only for a problem: a body of megabytes costs time to describe.
      const requestLine = () => describeRequest({ ...request, route, signedIn: Boolean(token), expect: 'any', raw: false });
      if (!documented) {
        problems.push(
          `${route} answered ${status}, which its operation does not list (${Object.keys(operation?.responses ?? {}).join(', ')}): ${response.body.slice(0, 200)}\n    ${requestLine().slice(0, 300)}`,
        );
      } else if (request.method !== 'HEAD' && String(response.headers['content-type']).startsWith('application/json')) {
        const schema = isReference(documented) ? { $ref: '#/components/schemas/ApiFailure' } : documented.content?.['application/json']?.schema;
        if (!schema) {
          problems.push(`${route} answered ${status} as JSON, which its operation does not say`);
        } else {
          const validate = validatorOf(route, status, schema);
          if (status.startsWith('2')) validatedSuccess.add(routeShape(route));
          if (!validate(JSON.parse(response.body))) {
            problems.push(
              `${route} ${status}: the answer does not match its documented schema: ${ajv.errorsText(validate.errors)}\n    ${response.body.slice(0, 300)}`,
            );
          }
        }
      }
      // A request that signed its session out: a new one, as the sign-in would end.
      if (route === 'POST /admin/logout' && token && response.statusCode === 200) {
        const fresh = await t.app.get(SessionTokensService).issue(adminOf.get(token)!);
        adminOf.set(fresh, adminOf.get(token)!);
        if (token === owner) owner = fresh;
        else editor = fresh;
      }
      return response;
    }

    it('lists every status each route answers to good and broken requests, signed in, of another role and anonymous; each JSON answer, success included, has the documented shape', async () => {
      const routes = fuzzRoutes(() => ids);
      // Retired routes answer 410 and are no operation of the document (the GET's HEAD neither).
      for (const route of appRoutes(t.app).filter((served) => operationOf(served))) {
        const fuzz = required(routes[route], `the fuzz of ${route}`);
        const generator = requestsFor(route, fuzz, () => ids);
        // Some of every kind, and some whose every part is valid, which the route may accept.
        const requests = [
          ...fc.sample(generator, { seed: SEED, numRuns: SAMPLES_PER_ROUTE }),
          ...fc.sample(
            generator.filter((request) => request.expect === 'any'),
            { seed: SEED, numRuns: VALID_SAMPLES_PER_ROUTE },
          ),
        ];
        // The editor's role is refused most admin routes, and the guard refuses it before anything of the request is
        // read: once refused, the editor's other requests would answer the same 403, or fail before the guard as the
        // owner's did (a body too large, not JSON). One refusal checks the 403 against the document.
        let refusedToTheEditor = false;
        for (const request of requests) {
          await send(route, request, request.signedIn ? owner : undefined);
          if (fuzz.admin && !refusedToTheEditor) refusedToTheEditor = isRoleRefusal(await send(route, request, editor));
        }
        // When none of the sampled valid requests succeeded, the next valid ones of the same seed until one does: every
        // success answer is checked against its schema, however small the sample.
        if (answersJsonOnSuccess(route)) {
          const more = fc
            .sample(
              generator.filter((request) => request.expect === 'any'),
              { seed: SEED, numRuns: VALID_SAMPLES_PER_ROUTE + MORE_VALID_SAMPLES },
            )
            .slice(VALID_SAMPLES_PER_ROUTE);
          for (const request of more) {
            if (validatedSuccess.has(routeShape(route))) break;
            await send(route, request, request.signedIn ? owner : undefined);
          }
        }
        // The generated requests carry no body to a DELETE, which Fastify reads all the same.
        if (route.startsWith('DELETE ')) {
          for (const [contentType, payload] of RAW_BODIES)
            await send(route, { ...required(requests[0], 'a request'), headers: { 'content-type': contentType }, payload });
        }
      }

      // Then the way of success of the operations the generated requests may not have reached.
      /** Sends a JSON body (or none) with the token, and answers the parsed answer. */
      const sendJson = async (route: string, url: string, body?: unknown, token: string | undefined = owner, remoteAddress?: string) => {
        const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
        const response = await send(
          route,
          { method: routeParts(route).method, url, headers, payload: body === undefined ? undefined : JSON.stringify(body) },
          token,
          remoteAddress,
        );
        return JSON.parse(response.body) as Record<string, unknown>;
      };
      const db = t.app.get<symbol, Database>(DATABASE);

      // Sign-in, step by step: the password, the code again (its interval let pass), the code. From an address of its
      // own: the requests generated above for the sign-in routes used up this address's count.
      const signingIn = '203.0.113.79';
      const login = await sendJson('POST /admin/login', '/admin/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password }, undefined, signingIn);
      const challenge = { adminId: login.adminId, challenge: login.challenge };
      await db.update(loginChallenges).set({ lastSentAt: new Date(Date.now() - 60 * 60 * 1000) });
      const before = new Set(t.outbox());
      await sendJson('POST /admin/resend-otp', '/admin/resend-otp', challenge, undefined, signingIn);
      const code = t
        .outbox()
        .filter((file) => !before.has(file))
        .map((file) => loginCodeIn(readMessageFile(file).text))
        .findLast(Boolean);
      await sendJson('POST /admin/verify-2fa', '/admin/verify-2fa', { ...challenge, otp: code }, undefined, signingIn);

      await sendJson('PATCH /api/leads/:id/status', `/api/leads/${ids.lead}/status`, { status: 'contacted' });
      await sendJson('PATCH /api/leads/:id/spam', `/api/leads/${ids.lead}/spam`, { spam: false });
      await sendJson('PATCH /api/contacts/:id/status', `/api/contacts/${ids.contact}/status`, { status: 'resolved' });
      await sendJson('PATCH /api/contacts/:id/spam', `/api/contacts/${ids.contact}/spam`, { spam: false });
      // The workspace's notes, added and deleted on each kind of item.
      for (const [route, path] of [
        ['/api/leads/:id', `/api/leads/${ids.lead}`],
        ['/api/contacts/:id', `/api/contacts/${ids.contact}`],
        ['/api/jobs/applications/:applicationId', `/api/jobs/applications/${ids.application}`],
      ] as const) {
        const { data } = (await sendJson(`POST ${route}/notes`, `${path}/notes`, { text: 'Called back.' })) as { data: { _id: string } };
        await sendJson(`DELETE ${route}/notes/:noteId`, `${path}/notes/${data._id}`);
      }
      // Hiring: a rating, a mail scheduled and cancelled, a preview, a bulk change; a template added, changed, deleted.
      const application = `/api/jobs/applications/${ids.application}`;
      await sendJson('PUT /api/jobs/applications/:applicationId/rating', `${application}/rating`, { score: 3, comment: 'Solid.' });
      const mail = { subject: 'About {{jobTitle}}', body: 'Hello {{firstName}}.', sendAt: new Date(Date.now() + 3_600_000).toISOString() };
      await sendJson('POST /api/jobs/applications/:applicationId/emails/preview', `${application}/emails/preview`, mail);
      const scheduled = (await sendJson('POST /api/jobs/applications/:applicationId/emails', `${application}/emails`, mail)) as { data: { _id: string } };
      await sendJson('DELETE /api/jobs/applications/:applicationId/emails/:emailId', `${application}/emails/${scheduled.data._id}`);
      await sendJson('POST /api/jobs/applications/bulk', '/api/jobs/applications/bulk', { ids: [ids.application], status: 'reviewed' });
      // An interview: the candidate invited with the staff member who takes calls at any time, then the invitation withdrawn.
      const invited = (await sendJson('POST /api/jobs/applications/:applicationId/interview', `${application}/interview`, {
        interviewerIds: [ids.caller],
        minutes: 30,
        statusOnBooking: 'shortlisted',
      })) as { interview: { _id: string } };
      await sendJson('DELETE /api/jobs/applications/:applicationId/interviews/:interviewId', `${application}/interviews/${invited.interview._id}`);
      const template = { name: 'API document', subject: 'Hello {{firstName}}', body: 'Thank you, {{fullName}}.' };
      const created = (await sendJson('POST /api/admin/settings/candidate-emails/templates', '/api/admin/settings/candidate-emails/templates', template)) as {
        data: { _id: string };
      };
      const templatePath = `/api/admin/settings/candidate-emails/templates/${created.data._id}`;
      await sendJson('PUT /api/admin/settings/candidate-emails/templates/:id', templatePath, { ...template, name: 'API document, changed' });
      await sendJson('DELETE /api/admin/settings/candidate-emails/templates/:id', templatePath);
      await sendJson('PUT /api/portfolio/:id', `/api/portfolio/${ids.portfolio}`, FIXTURE_PORTFOLIO);
      await sendJson('POST /api/portfolio', '/api/portfolio', { ...FIXTURE_PORTFOLIO, slug: 'api-document-new-item', client: 'New client' });
      // Its case study: the story saved with the SPEC's fields and a new slug, previewed, scheduled, the schedule
      // cancelled, published, a version read and restored.
      const casePath = `/api/admin/portfolio/${ids.portfolio}`;
      await sendJson('PUT /api/portfolio/:id', `/api/portfolio/${ids.portfolio}`, {
        ...FIXTURE_PORTFOLIO,
        slug: 'api-document-case-study',
        client: 'Atlas Ltd',
        industry: 'Travel',
        services: ['web'],
        results: [{ value: '3×', label: 'more bookings' }],
      });
      await sendJson('POST /api/admin/portfolio/:id/preview', `${casePath}/preview`);
      await sendJson('POST /api/admin/portfolio/:id/publish', `${casePath}/publish`, { at: new Date(Date.now() + 3_600_000).toISOString() });
      await sendJson('DELETE /api/admin/portfolio/:id/schedule', `${casePath}/schedule`);
      await sendJson('POST /api/admin/portfolio/:id/publish', `${casePath}/publish`, {});
      const { caseStudy } = (await sendJson('GET /api/admin/portfolio/:id', casePath)) as { caseStudy: CaseStudyDetails };
      const firstStory = required(caseStudy.versions.at(-1), 'the first version of the case study');
      await sendJson('GET /api/admin/portfolio/:id/versions/:versionId', `${casePath}/versions/${firstStory._id}`);
      await sendJson('POST /api/admin/portfolio/:id/versions/:versionId/restore', `${casePath}/versions/${firstStory._id}/restore`);
      await sendJson('PUT /api/jobs/admin/:id/status', `/api/jobs/admin/${ids.job}/status`, { status: 'active' });
      await sendJson('PATCH /api/admin/settings/webhooks/:id', `/api/admin/settings/webhooks/${ids.webhook}`, { enabled: false });
      await db.update(deliveries).set({ status: 'failed' }).where(eq(deliveries.id, ids.delivery));
      await sendJson('POST /api/admin/deliveries/:id/retry', `/api/admin/deliveries/${ids.delivery}/retry`);

      await sendJson('POST /api/admin/admins', '/api/admin/admins', { email: 'invitee@api-document.test', name: 'Invitee', role: 'sales' });
      await sendJson('POST /admin/accept-invite', '/admin/accept-invite', { token: inviteTokenIn(t.outbox()), password: 'an-invitee-password-42' }, undefined);
      const { admins } = (await sendJson('GET /api/admin/admins', '/api/admin/admins')) as { admins: AdminDetails[] };
      const invitee = admins.find((admin) => admin.email === 'invitee@api-document.test')!;
      await sendJson('PATCH /api/admin/admins/:id', `/api/admin/admins/${invitee._id}`, { role: 'recruiter' });
      // An owner's help with the invitee's sign-in (decision 094): a new grace period under a policy that covers their
      // role, then a reset of a passkey of theirs.
      await t.app.get(SignInPolicyService).save({ roles: ['recruiter'], graceDays: 14 });
      await sendJson('POST /api/admin/admins/:id/sign-in-grace', `/api/admin/admins/${invitee._id}/sign-in-grace`);
      await t.app.get(SignInPolicyService).save(DEFAULT_SIGN_IN_POLICY);
      await db
        .insert(passkeys)
        .values({ adminId: invitee._id, credentialId: 'api-document-credential', publicKey: 'AQID', counter: 0, transports: ['internal'], name: 'Lost phone' });
      // From an address of its own: the generated requests' wrong passwords locked this one out of the owner's account.
      const resetAnswer = await sendJson(
        'POST /api/admin/admins/:id/sign-in-reset',
        `/api/admin/admins/${invitee._id}/sign-in-reset`,
        { password: TEST_ADMIN.password },
        owner,
        '203.0.113.84',
      );
      expect(resetAnswer).toMatchObject({ success: true });
      await sendJson('POST /api/admin/admins', '/api/admin/admins', { email: 'revoked@api-document.test', name: 'Revoked', role: 'sales' });
      const { invites } = (await sendJson('GET /api/admin/invites', '/api/admin/invites')) as { invites: { _id: string }[] };
      await sendJson('DELETE /api/admin/invites/:id', `/api/admin/invites/${required(invites[0], 'the invitation')._id}`);
      const other = await t.app.get(SessionTokensService).issue(adminOf.get(owner)!);
      const { sessions } = (await sendJson('GET /api/admin/account/sessions', '/api/admin/account/sessions', undefined, other)) as {
        sessions: { _id: string; current: boolean }[];
      };
      await sendJson('DELETE /api/admin/account/sessions/:id', `/api/admin/account/sessions/${sessions.find((session) => session.current)!._id}`);
      await sendJson(
        'PUT /api/admin/account/password',
        '/api/admin/account/password',
        { currentPassword: EDITOR.password, newPassword: 'a-new-and-longer-password-7' },
        editor,
      );
      // The owner's authenticator app: set up, turned on with the app's code, read, its recovery codes replaced, turned off
      // with one of the new codes. From an address of its own: a route's rate limit counts per address and path, and the
      // requests generated above for the setup and the removal (one path) used up this address's count.
      const own = (route: string, url: string, body?: unknown) => sendJson(route, url, body, owner, '203.0.113.80');
      const { secret } = (await own('POST /api/admin/me/totp', '/api/admin/me/totp', { password: TEST_ADMIN.password })) as { secret: string };
      const { recoveryCodes } = (await own('POST /api/admin/me/totp/confirm', '/api/admin/me/totp/confirm', { code: generateSync({ secret }) })) as {
        recoveryCodes: string[];
      };
      await own('GET /api/admin/me/totp', '/api/admin/me/totp');
      const replaced = (await own('POST /api/admin/me/totp/recovery-codes', '/api/admin/me/totp/recovery-codes', {
        password: TEST_ADMIN.password,
        code: required(recoveryCodes[0], 'a recovery code'),
      })) as { recoveryCodes: string[] };
      await own('DELETE /api/admin/me/totp', '/api/admin/me/totp', {
        password: TEST_ADMIN.password,
        code: required(replaced.recoveryCodes[0], 'a new recovery code'),
      });

      // The owner's passkeys, with a software authenticator: added (the options for the password), listed, signed in with
      // alone, removed. From an address of its own, for the same reason.
      const site = new URL(t.config.server.publicUrl);
      const ceremony = { origin: site.origin, rpId: site.hostname };
      const withPasskey = (route: string, url: string, body?: unknown, token: string | undefined = owner) => sendJson(route, url, body, token, '203.0.113.81');
      const device = new SoftwarePasskey();
      const creation = (await withPasskey('POST /api/admin/me/passkeys/options', '/api/admin/me/passkeys/options', { password: TEST_ADMIN.password })) as {
        options: CeremonyOptions;
      };
      const added = (await withPasskey('POST /api/admin/me/passkeys', '/api/admin/me/passkeys', {
        name: 'Work laptop',
        response: device.register(creation.options, ceremony),
      })) as { passkey: { id: string } };
      await withPasskey('GET /api/admin/me/passkeys', '/api/admin/me/passkeys');
      const request = (await withPasskey('POST /api/admin/passkey/options', '/api/admin/passkey/options', undefined, undefined)) as {
        options: CeremonyOptions;
      };
      await withPasskey('POST /api/admin/passkey/verify', '/api/admin/passkey/verify', { response: device.signIn(request.options, ceremony) }, undefined);
      await withPasskey('DELETE /api/admin/me/passkeys/:id', `/api/admin/me/passkeys/${added.passkey.id}`, { password: TEST_ADMIN.password });

      // Single sign-on: whether it is set up, and a ticket exchanged for a session. This app has no provider: the
      // ticket is put where the callback would put it.
      await sendJson('GET /api/admin/sso', '/api/admin/sso', undefined, undefined);
      const ticket = randomBytes(32).toString('base64url');
      await t.app.get(SsoRepository).addTicket(createHash('sha256').update(ticket).digest('hex'), ids.admin, new Date(Date.now() + 60_000), new Date());
      await sendJson('POST /api/admin/sso/exchange', '/api/admin/sso/exchange', { ticket }, undefined, '203.0.113.82');

      // An API key: made (the key answered once), listed, revoked.
      const made = (await sendJson('POST /api/admin/api-keys', '/api/admin/api-keys', { name: 'CRM sync', scopes: ['leads:read'] })) as {
        apiKey: { id: string };
      };
      await sendJson('GET /api/admin/api-keys', '/api/admin/api-keys');
      await sendJson('DELETE /api/admin/api-keys/:id', `/api/admin/api-keys/${made.apiKey.id}`);

      // Site content: a draft saved, scheduled, the schedule cancelled, published, a version read and restored.
      await sendJson('GET /api/content/:key', '/api/content/site', undefined, undefined);
      const services = structuredClone(DEFAULT_CONTENT.services);
      services.hero.title = 'Everything We Do';
      await sendJson('PUT /api/admin/content/:key', '/api/admin/content/services', { fields: services });
      await sendJson('POST /api/admin/content/:key/preview', '/api/admin/content/services/preview');
      await sendJson('POST /api/admin/content/:key/publish', '/api/admin/content/services/publish', { at: new Date(Date.now() + 3_600_000).toISOString() });
      await sendJson('DELETE /api/admin/content/:key/schedule', '/api/admin/content/services/schedule');
      await sendJson('POST /api/admin/content/:key/publish', '/api/admin/content/services/publish', {});
      const { page } = (await sendJson('GET /api/admin/content/:key', '/api/admin/content/services')) as { page: ContentPageDetails };
      const seed = required(page.versions.at(-1), 'the seed version');
      await sendJson('GET /api/admin/content/:key/versions/:id', `/api/admin/content/services/versions/${seed._id}`);
      await sendJson('POST /api/admin/content/:key/versions/:id/restore', `/api/admin/content/services/versions/${seed._id}/restore`);

      // A page built from blocks: created, saved, previewed, scheduled, the schedule cancelled, published, placed in the
      // navigation, a version read and restored, deleted.
      const newPage = (await sendJson('POST /api/admin/pages', '/api/admin/pages', { title: 'Cloud audit', slug: 'cloud-audit' })) as {
        page: BuiltPageDetails;
      };
      const pagePath = `/api/admin/pages/${newPage.page._id}`;
      const draft = {
        ...newPage.page.draft,
        blocks: [{ ...emptyBlock('callToAction'), heading: 'Talk to us', buttonLabel: 'Contact', buttonLink: '/contact' }],
      };
      await sendJson('GET /api/admin/pages', '/api/admin/pages');
      await sendJson('PUT /api/admin/pages/:id', pagePath, { draft, baseVersionId: newPage.page.draftVersionId });
      await sendJson('POST /api/admin/pages/:id/preview', `${pagePath}/preview`);
      await sendJson('POST /api/admin/pages/:id/publish', `${pagePath}/publish`, { at: new Date(Date.now() + 3_600_000).toISOString() });
      await sendJson('DELETE /api/admin/pages/:id/schedule', `${pagePath}/schedule`);
      await sendJson('POST /api/admin/pages/:id/publish', `${pagePath}/publish`, {});
      await sendJson('PUT /api/admin/pages/:id/nav', `${pagePath}/nav`, { placement: 'footer', label: 'Audit', order: 1 });
      const { page: builtPage } = (await sendJson('GET /api/admin/pages/:id', pagePath)) as { page: BuiltPageDetails };
      const firstVersion = required(builtPage.versions.at(-1), 'the first version');
      await sendJson('GET /api/admin/pages/:id/versions/:versionId', `${pagePath}/versions/${firstVersion._id}`);
      await sendJson('POST /api/admin/pages/:id/versions/:versionId/restore', `${pagePath}/versions/${firstVersion._id}/restore`);
      // A redirect of the page's old address to its new one: published at a new slug, the page leaves one by itself.
      const redirect = (await sendJson('POST /api/admin/redirects', '/api/admin/redirects', { from: '/cloud-audit-offer', to: '/contact', status: 302 })) as {
        redirect: { _id: string };
      };
      await sendJson('GET /api/admin/redirects', '/api/admin/redirects');
      await sendJson('DELETE /api/admin/redirects/:id', `/api/admin/redirects/${redirect.redirect._id}`);
      await sendJson('DELETE /api/admin/pages/:id', pagePath);

      // A news post: created, saved, previewed, scheduled, the schedule cancelled, published, a version read and
      // restored, deleted; the public list.
      const newPost = (await sendJson('POST /api/admin/posts', '/api/admin/posts', { title: 'Our new office', slug: 'our-new-office' })) as {
        post: PostDetails;
      };
      const postPath = `/api/admin/posts/${newPost.post._id}`;
      await sendJson('GET /api/admin/posts', '/api/admin/posts');
      await sendJson('PUT /api/admin/posts/:id', postPath, { draft: { ...newPost.post.draft, tags: ['company'] }, baseVersionId: newPost.post.draftVersionId });
      await sendJson('POST /api/admin/posts/:id/preview', `${postPath}/preview`);
      await sendJson('POST /api/admin/posts/:id/publish', `${postPath}/publish`, { at: new Date(Date.now() + 3_600_000).toISOString() });
      await sendJson('DELETE /api/admin/posts/:id/schedule', `${postPath}/schedule`);
      await sendJson('POST /api/admin/posts/:id/publish', `${postPath}/publish`, {});
      await sendJson('GET /api/posts', '/api/posts?tag=company&page=1', undefined, undefined);
      const { post } = (await sendJson('GET /api/admin/posts/:id', postPath)) as { post: PostDetails };
      const firstPostVersion = required(post.versions.at(-1), 'the first version');
      await sendJson('GET /api/admin/posts/:id/versions/:versionId', `${postPath}/versions/${firstPostVersion._id}`);
      await sendJson('POST /api/admin/posts/:id/versions/:versionId/restore', `${postPath}/versions/${firstPostVersion._id}/restore`);
      await sendJson('DELETE /api/admin/posts/:id', postPath);

      // A call booked with a link of the fixture's request: what the link is for, its free slots, a booking, its
      // cancellation. The link's path counts its calls per address and per link, all methods together: a link and an
      // address of their own, whose counts the generated requests above did not spend.
      const grant = required(readBookingLink(t.config.keys.bookingLinks, ids.bookingLink, new Date()), 'the fixture link').grant;
      const link = signBookingLink(t.config.keys.bookingLinks, { ...grant, expiresAt: new Date(grant.expiresAt.getTime() + 60_000) });
      const bookingPath = `/api/booking/${link}`;
      const visitor = (route: string, url: string, body?: unknown) => sendJson(route, url, body, undefined, '198.51.100.250');
      await visitor('GET /api/booking/:token', bookingPath);
      const { slots } = (await visitor('GET /api/booking/:token/slots', `${bookingPath}/slots`)) as { slots: { start: string }[] };
      await visitor('POST /api/booking/:token', bookingPath, { start: required(slots[0], 'a free slot').start, timeZone: 'Europe/Paris' });
      await visitor('DELETE /api/booking/:token', bookingPath);

      // A picture, uploaded as the admin app does, and deleted.
      const uploaded = await send('POST /api/admin/media', await pictureUpload(), owner);
      const pictureId = (JSON.parse(uploaded.body) as { data: { _id: string } }).data._id;
      await sendJson('DELETE /api/admin/media/:id', `/api/admin/media/${pictureId}`);

      await sendJson('DELETE /api/admin/settings/webhooks/:id', `/api/admin/settings/webhooks/${ids.webhook}`);
      await sendJson('DELETE /api/portfolio/:id', `/api/portfolio/${ids.portfolio}`);
      await sendJson('DELETE /api/jobs/admin/:id', `/api/jobs/admin/${ids.job}`);

      expect(problems).toEqual([]);
      // Every operation that answers JSON answered a success, checked against its schema.
      const unchecked = operationsOf(document)
        .filter(({ operation }) =>
          Object.entries(operation.responses).some(
            ([status, response]) => status.startsWith('2') && (response as ResponseObject).content?.['application/json'],
          ),
        )
        .map(({ method, path: route }) => routeShape(`${method.toUpperCase()} ${route}`))
        .filter((route) => !validatedSuccess.has(route));
      expect(unchecked).toEqual([]);
    }, 600_000);

    it('lists 429 on every rate-limited route, and each reaches it', async () => {
      problems.length = 0;
      const limited = operationsOf(document).filter(({ operation }) => operation.responses['429']);
      const neverLimited: string[] = [];
      for (const [index, { method, path: route }] of limited.entries()) {
        const endpoint = endpointOf(method, route);
        // Each route from an address of its own: counts left by the test above sit in a window that may end part way
        // through this loop (it did on a loaded machine), and 41 requests split over two windows never reach 429.
        const address = `198.51.100.${index + 1}`;
        const url = route.replace(/\{\w+\}/g, ids.job);
        // Picture uploads are counted per admin: signed in, with a picture. The others per address, before anything else.
        const perAdmin = endpoint === 'POST /api/admin/media';
        const request = perAdmin
          ? await pictureUpload()
          : { method: method.toUpperCase(), url, headers: { 'content-type': 'application/json' }, payload: method === 'get' ? undefined : '{}' };
        let status = 0;
        for (let sent = 0; sent <= RATE_LIMIT && status !== 429; sent++) {
          ({ statusCode: status } = await send(endpoint, request, perAdmin ? owner : undefined, address));
        }
        if (status !== 429) neverLimited.push(endpoint);
      }
      expect(neverLimited).toEqual([]);
      expect(problems).toEqual([]);
    }, 300_000);
  });
});
