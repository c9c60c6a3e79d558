import { Injectable, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Observable } from 'rxjs';

/**
 * `Cache-Control: no-store` on every answer of a route, its refusals included: set before the route's pipes run, so
 * that a 400, 404 or 409 is no more kept by a cache or a browser than a success.
 */
@Injectable()
class NoStoreInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    context.switchToHttp().getResponse<FastifyReply>().header('Cache-Control', 'no-store');
    return next.handle();
  }
}

/** Every answer of the routes (a controller, or one route) is `Cache-Control: no-store`, refusals included. */
export const NoStore = () => UseInterceptors(NoStoreInterceptor);
