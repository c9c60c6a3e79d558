import { MESSAGES } from '@brightwave/common';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../common/domain-error';
import type { AuthenticatedAdmin } from './authenticated-admin';
import { SessionTokensService } from './session-tokens.service';

export type AdminRequest = FastifyRequest & { admin?: AuthenticatedAdmin };

/** Lets a request through only with the Bearer token of a live session; attaches its admin to the request. */
@Injectable()
export class AdminAuthGuard implements CanActivate {
  constructor(private readonly tokens: SessionTokensService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AdminRequest>();
    const admin = await this.tokens.authenticate(request.headers.authorization);
    if (!admin) {
      context.switchToHttp().getResponse<FastifyReply>().header('WWW-Authenticate', 'Bearer');
      throw DomainError.unauthorized(MESSAGES.notAuthorized);
    }
    request.admin = admin;
    return true;
  }
}
