import { canUse, MESSAGES, SIGN_IN_POLICY_MESSAGES, type AdminArea } from '@brightwave/common';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeyAuthenticator } from '../api-keys/api-key-authenticator';
import { DomainError } from '../common/domain-error';
import { SignInRequirement } from '../sign-in-policy/sign-in-requirement';
import { ADMIN_AREA } from './admin-area';
import type { AuthenticatedAdmin } from './authenticated-admin';
import { OPEN_WHILE_ENROLLING } from './open-while-enrolling.decorator';
import { SessionTokensService } from './session-tokens.service';

export type AdminRequest = FastifyRequest & { admin?: AuthenticatedAdmin };

/**
 * Lets a request through only with the Bearer token of a live session whose admin's role may use the route's area;
 * attaches the admin to the request. A route without an area is refused: roles are never implied. An admin whose role
 * must use a strong factor and who has none gets only the routes open while enrolling (@OpenWhileEnrolling). A Bearer
 * `bw_…` is an API key instead, checked by ApiKeyAuthenticator (its scopes, its creator; decision 092).
 */
@Injectable()
export class AdminAuthGuard implements CanActivate {
  constructor(
    private readonly tokens: SessionTokensService,
    private readonly reflector: Reflector,
    private readonly requirement: SignInRequirement,
    private readonly apiKeys: ApiKeyAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AdminRequest>();
    const targets = [context.getHandler(), context.getClass()];
    const area = this.reflector.getAllAndOverride<AdminArea | undefined>(ADMIN_AREA, targets);
    // An integration's API key: its scopes decide, not the sign-in policy (a key is no sign-in).
    if (ApiKeyAuthenticator.names(request.headers.authorization)) {
      request.admin = await this.apiKeys.authenticate(request, context.switchToHttp().getResponse<FastifyReply>(), area);
      return true;
    }
    const admin = await this.tokens.authenticate(request.headers.authorization);
    if (!admin) {
      context.switchToHttp().getResponse<FastifyReply>().header('WWW-Authenticate', 'Bearer');
      throw DomainError.unauthorized(MESSAGES.notAuthorized);
    }
    if (!area || !canUse(admin.role, area)) throw DomainError.forbidden(MESSAGES.notAllowed);
    const openWhileEnrolling = this.reflector.getAllAndOverride<boolean | undefined>(OPEN_WHILE_ENROLLING, targets) === true;
    if (!openWhileEnrolling && (await this.requirement.mustEnrol(admin.id))) throw DomainError.forbidden(SIGN_IN_POLICY_MESSAGES.enrolFirst);
    request.admin = admin;
    return true;
  }
}
