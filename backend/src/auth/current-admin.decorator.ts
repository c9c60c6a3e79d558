import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { AdminRequest } from './admin-auth.guard';
import type { AuthenticatedAdmin } from './authenticated-admin';

/** The admin that AdminAuthGuard attached to the request (only on @AdminOnly routes). */
export const CurrentAdmin = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedAdmin => context.switchToHttp().getRequest<AdminRequest>().admin as AuthenticatedAdmin,
);
