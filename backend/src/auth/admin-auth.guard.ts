import { canUse, MESSAGES, type AdminArea } from '@brightwave/common';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../common/domain-error';
import { ADMIN_AREA } from './admin-area';
import type { AuthenticatedAdmin } from './authenticated-admin';
import { SessionTokensService } from './session-tokens.service';

export type AdminRequest = FastifyRequest & { admin?: AuthenticatedAdmin };

/**
 * Lets a request through only with the Bearer token of a live session whose admin's role may use the route's area;
 * attaches the admin to the request. A route without an area is refused: roles are never implied.
 */
@Injectable()
export class AdminAuthGuard implements CanActivate {
  constructor(
    private readonly tokens: SessionTokensService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AdminRequest>();
    const admin = await this.tokens.authenticate(request.headers.authorization);
    if (!admin) {
      context.switchToHttp().getResponse<FastifyReply>().header('WWW-Authenticate', 'Bearer');
      throw DomainError.unauthorized(MESSAGES.notAuthorized);
    }
    const area = this.reflector.getAllAndOverride<AdminArea | undefined>(ADMIN_AREA, [context.getHandler(), context.getClass()]);
    if (!area || !canUse(admin.role, area)) throw DomainError.forbidden(MESSAGES.notAllowed);
    request.admin = admin;
    return true;
  }
}
