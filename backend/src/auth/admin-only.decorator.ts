import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AdminAuthGuard } from './admin-auth.guard';

/** Admin routes: a valid Bearer token of a live session, else 401 `Not authorized`. */
export const AdminOnly = () =>
  applyDecorators(
    UseGuards(AdminAuthGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, malformed, expired or revoked token' }),
  );
