import type { AdminArea } from '@brightwave/common';
import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { API_EXTENSION, ApiExtensionOfEveryRoute } from '../api-docs/api-extensions';
import { ADMIN_AREA } from './admin-area';
import { AdminAuthGuard } from './admin-auth.guard';

/**
 * Admin routes: a valid Bearer token of a live session (else 401 `Not authorized`) of an admin whose role may use
 * `area` (ADMIN_AREAS; else 403 `Not allowed`). Every admin route names its area: there is no default.
 */
export const AdminOnly = (area: AdminArea) =>
  applyDecorators(SetMetadata(ADMIN_AREA, area), UseGuards(AdminAuthGuard), ApiBearerAuth(), ApiExtensionOfEveryRoute(API_EXTENSION.adminArea, area));
