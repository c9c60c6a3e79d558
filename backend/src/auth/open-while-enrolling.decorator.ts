import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { API_EXTENSION } from '../api-docs/api-extensions';

/** Metadata key of the routes open to an admin who must set up a strong factor first: read by AdminAuthGuard. */
export const OPEN_WHILE_ENROLLING = 'brightwave:open-while-enrolling';

/**
 * An admin route that an admin whose role must use an authenticator app or a passkey, and who has neither, may still
 * call (decision 090): who they are, their sessions, setting one up, signing out. Every other admin route answers them
 * 403 until they have one.
 */
export const OpenWhileEnrolling = () => applyDecorators(SetMetadata(OPEN_WHILE_ENROLLING, true), ApiExtension(API_EXTENSION.openWhileEnrolling, true));
