import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { ErasedCallsModule } from '../booking/erased-calls.module';
import { MetricsModule } from '../metrics/metrics.module';
import { StorageModule } from '../storage/storage.module';
import { DataScrub } from './data-scrub';
import { PrivacyController } from './privacy.controller';
import { PrivacyRepository } from './privacy.repository';
import { PrivacyService } from './privacy.service';
import { RetentionController } from './retention.controller';
import { RetentionPurge } from './retention-purge';
import { RetentionRepository } from './retention.repository';
import { ScrubRepository } from './scrub.repository';

/** Privacy requests (a person's copy and erasure) and retention (the daily purge and its periods). */
@Module({
  imports: [StorageModule, AuditModule, MetricsModule, AdminSessionsModule, ErasedCallsModule],
  controllers: [PrivacyController, RetentionController],
  providers: [PrivacyService, PrivacyRepository, RetentionPurge, RetentionRepository, DataScrub, ScrubRepository],
})
export class PrivacyModule {}
