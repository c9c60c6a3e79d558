import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { DomainError } from './domain-error';
import { RouteOptions } from './route-options';

interface UploadRouteConfig {
  multipart?: boolean;
  tooLargeMessage?: string;
}

/**
 * A route that takes one file as multipart/form-data (the picture upload), with its body limit and the message of a
 * body over it (413). Every other route still answers multipart 415, like any body that is not JSON.
 */
export const MultipartUpload = (bodyLimit: number, tooLargeMessage: string) => RouteOptions({ bodyLimit, multipart: true, tooLargeMessage });

/** The message of a 413 on this request's route, when the route names its limit (MultipartUpload). */
export function tooLargeMessageOf(request: FastifyRequest): string | undefined {
  return (request.routeOptions?.config as UploadRouteConfig | undefined)?.tooLargeMessage;
}

/**
 * Reads multipart bodies, as bytes within the route's body limit, on the routes that take them only: elsewhere a
 * browser's cross-site form post gets the same 415 as any body that is not JSON. Call before app.init().
 */
export function registerMultipartUploads(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    if ((request.routeOptions.config as UploadRouteConfig | undefined)?.multipart) done(null, body);
    // The error Fastify raises for a type it has no parser for: answered 415 like any other.
    else done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type']), undefined);
  });
}

/** The file of the form field `field` of a multipart body read by registerMultipartUploads; 400 when there is none. */
export async function uploadedFile(request: FastifyRequest, field: string, missingMessage: string): Promise<Buffer> {
  const contentType = request.headers['content-type'];
  if (!Buffer.isBuffer(request.body) || !contentType?.toLowerCase().startsWith('multipart/form-data')) throw DomainError.invalid(missingMessage);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(request.body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw DomainError.invalid(missingMessage);
  }
  const file = form.get(field);
  if (!(file instanceof Blob)) throw DomainError.invalid(missingMessage);
  return Buffer.from(await file.arrayBuffer());
}
