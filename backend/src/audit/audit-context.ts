import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { AdminRequest } from '../auth/admin-auth.guard';

/** The request being served, for the audit log: who (read lazily: the guard signs the admin in later), from where. */
interface AuditRequestContext {
  request: AdminRequest;
}

const storage = new AsyncLocalStorage<AuditRequestContext>();
const resources = new WeakMap<object, AsyncResource>();

/**
 * Every request that can be audited runs in its own context (the pattern of @fastify/request-context), so services
 * record entries without the request being passed down to them.
 */
export function registerAuditContext(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    // Only an admin's call (a Bearer token) or a sign-in step can be audited: the site's pages, the public API and
    // the forms skip the context and its cost (a few % of the busiest GETs).
    if (request.headers.authorization === undefined && !(request.method === 'POST' && request.url.startsWith('/admin/'))) {
      done();
      return;
    }
    storage.run({ request }, () => {
      resources.set(request, new AsyncResource('audit-context'));
      done();
    });
  });
  // A body is parsed in its stream's 'end' event, outside the context: validation, guards and the handler are put back in it.
  fastify.addHook('preValidation', (request, _reply, done) => {
    const resource = resources.get(request);
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
}

/** The request being served, or undefined outside one (the daily purge, the CLI). */
export function currentRequest(): AdminRequest | undefined {
  return storage.getStore()?.request;
}
