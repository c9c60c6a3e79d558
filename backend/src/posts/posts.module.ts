import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { ContentModule } from '../content/content.module';
import { PostsController } from './posts.controller';
import { PostsRepository } from './posts.repository';
import { PostsService } from './posts.service';
import { PublicPostsController } from './public-posts.controller';

/** News posts (docs/features/news.md), on the content module's documents. */
@Module({
  imports: [AuditModule, AdminSessionsModule, ContentModule],
  controllers: [PostsController, PublicPostsController],
  providers: [PostsService, PostsRepository],
})
export class PostsModule {}
