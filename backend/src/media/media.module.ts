import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { AdminRateLimits } from '../rate-limit/rate-limit';
import { StorageModule } from '../storage/storage.module';
import { MediaFilesController } from './media-files.controller';
import { MediaController } from './media.controller';
import { MediaRepository } from './media.repository';
import { MediaService } from './media.service';

/** Pictures uploaded for the site's content: the upload, the library, and their files under /media/. */
@Module({
  imports: [AuditModule, AdminSessionsModule, StorageModule],
  controllers: [MediaController, MediaFilesController],
  providers: [MediaService, MediaRepository, AdminRateLimits],
  exports: [MediaService],
})
export class MediaModule {}
