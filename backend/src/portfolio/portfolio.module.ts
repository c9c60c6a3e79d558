import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { ContentModule } from '../content/content.module';
import { RedirectsModule } from '../redirects/redirects.module';
import { CaseStudiesController } from './case-studies.controller';
import { PortfolioController } from './portfolio.controller';
import { PortfolioRepository } from './portfolio.repository';
import { PortfolioService } from './portfolio.service';

/** The portfolio and each item's case study (docs/features/case-studies.md), on the content module's documents. */
@Module({
  imports: [AuditModule, AdminSessionsModule, ContentModule, RedirectsModule],
  controllers: [PortfolioController, CaseStudiesController],
  providers: [PortfolioService, PortfolioRepository],
  exports: [PortfolioRepository, PortfolioService],
})
export class PortfolioModule {}
