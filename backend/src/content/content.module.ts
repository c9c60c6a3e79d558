import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { MediaModule } from '../media/media.module';
import { RedirectsModule } from '../redirects/redirects.module';
import { ContentController } from './content.controller';
import { ContentRepository } from './content.repository';
import { ContentScheduler } from './content-scheduler';
import { ContentService } from './content.service';
import { PublicContentController } from './public-content.controller';

@Module({
  imports: [AuditModule, AdminSessionsModule, MediaModule, RedirectsModule],
  controllers: [ContentController, PublicContentController],
  providers: [ContentService, ContentRepository, ContentScheduler],
  exports: [ContentService],
})
export class ContentModule {}
