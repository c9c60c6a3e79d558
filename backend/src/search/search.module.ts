import { Module } from '@nestjs/common';
import { ContentModule } from '../content/content.module';
import { JobsModule } from '../jobs/jobs.module';
import { PortfolioModule } from '../portfolio/portfolio.module';
import { SearchController } from './search.controller';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

/** Site search (docs/features/search.md) over what the content, portfolio and jobs modules publish. */
@Module({
  imports: [ContentModule, PortfolioModule, JobsModule],
  controllers: [SearchController],
  providers: [SearchService, SearchRepository],
  exports: [SearchService],
})
export class SearchModule {}
