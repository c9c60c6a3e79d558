import { METHOD_METADATA } from '@nestjs/common/constants';
import { ApiExtension } from '@nestjs/swagger';
import type { ErrorStatus } from './api-words';

/**
 * What a route's decorators tell the API document (api-document.ts), as OpenAPI extensions of its operation: the
 * document derives the operation's error answers from them (and from its body, query and path parameters), so no
 * route lists its 401, 403 or 429 by hand.
 */
export const API_EXTENSION = {
  /** The admin area of @AdminOnly: a session is needed (401) of a role that may use the area (403). */
  adminArea: 'x-admin-area',
  /** @OpenWhileEnrolling: the route answers an admin who must set up a strong factor first (no 403 for that). */
  openWhileEnrolling: 'x-open-while-enrolling',
  /** The buckets of @RateLimit (429). */
  rateLimit: 'x-rate-limit',
  /** The statuses only this route answers, or what one of the derived ones means here (@ApiErrors). */
  errors: 'x-errors',
  /** The media types of an answer that is a file (@ApiFileAnswer). */
  fileTypes: 'x-file-types',
  /** The route answers its success to anything, bad input included (@ApiNoRefusals): no 4xx is derived. */
  noRefusals: 'x-no-refusals',
} as const;

/**
 * ApiExtension, which on a controller reaches every route of it, its inherited ones too (documentPublishingRoutes):
 * swagger's own reaches only the class's own methods, so an inherited route would be documented without it (an admin
 * route as open to anyone). A base class's routes are functions of their own for each kind that extends it.
 */
export function ApiExtensionOfEveryRoute(key: string, value: unknown): ClassDecorator & MethodDecorator {
  return (target: object, name?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) return ApiExtension(key, value)(target, name as string, descriptor);
    for (let prototype = (target as { prototype: object }).prototype; prototype !== Object.prototype; prototype = Object.getPrototypeOf(prototype) as object) {
      for (const method of Object.getOwnPropertyNames(prototype)) {
        const own = Object.getOwnPropertyDescriptor(prototype, method);
        const isRoute = method !== 'constructor' && typeof own?.value === 'function' && Reflect.hasMetadata(METHOD_METADATA, own.value);
        if (isRoute) ApiExtension(key, value)(prototype, method, own);
      }
    }
  };
}

/** The error statuses a client may meet, each with what it means on this route. */
export type ErrorDescriptions = Partial<Record<ErrorStatus, string>>;

/**
 * The error answers a route has beyond those its decorators and parameters imply (a 409 of a conflict, a 503 of a
 * mail that could not be sent), or a route's own words for one of those (which 404, which 400).
 */
export const ApiErrors = (errors: ErrorDescriptions) => ApiExtension(API_EXTENSION.errors, errors);

/** The answer is a file of one of these media types (a CSV export, a resume), not JSON. */
export const ApiFileAnswer = (...mediaTypes: string[]) => ApiExtension(API_EXTENSION.fileTypes, mediaTypes);

/**
 * The route answers its success to any request, whatever its body or rate (the analytics beacon, NoContentOnRefusal):
 * only the 503 of an instance that is shutting down is left.
 */
export const ApiNoRefusals = () => ApiExtension(API_EXTENSION.noRefusals, true);
