import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { RedirectsController } from './redirects.controller';
import { RedirectsRepository } from './redirects.repository';
import { RedirectsService } from './redirects.service';

/** Redirects (docs/features/built-pages.md#redirects): the admin's API, and the map the static files' hook applies. */
@Module({
  imports: [AuditModule, AdminSessionsModule],
  controllers: [RedirectsController],
  providers: [RedirectsService, RedirectsRepository],
  exports: [RedirectsService],
})
export class RedirectsModule {}
