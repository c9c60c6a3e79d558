import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { ContentModule } from '../content/content.module';
import { PagesController } from './pages.controller';
import { PagesRepository } from './pages.repository';
import { PagesService } from './pages.service';

/** Pages built from blocks (docs/features/built-pages.md), on the content module's documents. */
@Module({
  imports: [AuditModule, AdminSessionsModule, ContentModule],
  controllers: [PagesController],
  providers: [PagesService, PagesRepository],
})
export class PagesModule {}
