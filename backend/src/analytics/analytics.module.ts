import { Module } from '@nestjs/common';
import Redis from 'ioredis';
import { AttributionModule } from '../attribution/attribution.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { JobsModule } from '../jobs/jobs.module';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AnalyticsClock, AnalyticsCollector, VISITOR_LEDGER } from './analytics-collector';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsRepository } from './analytics.repository';
import { AnalyticsService } from './analytics.service';
import { CollectController } from './collect.controller';
import { SitePages } from './site-pages';
import { MemoryVisitorLedger, RedisVisitorLedger, type VisitorLedger } from './visitor-ledger';

const REDIS_COMMAND_TIMEOUT_MS = 1000;

/** The site's cookieless analytics: the beacon's endpoint, the daily counts, and their report for the admin. */
@Module({
  imports: [AdminSessionsModule, AttributionModule, JobsModule],
  controllers: [CollectController, AnalyticsController],
  providers: [
    AnalyticsRepository,
    AnalyticsService,
    AnalyticsCollector,
    AnalyticsClock,
    SitePages,
    {
      provide: VISITOR_LEDGER,
      inject: [APP_CONFIG],
      // With several instances, Redis makes a visitor one visitor whichever instance their reports reach.
      useFactory: (config: AppConfig): VisitorLedger =>
        config.redis.url
          ? new RedisVisitorLedger(new Redis(config.redis.url, { maxRetriesPerRequest: 1, commandTimeout: REDIS_COMMAND_TIMEOUT_MS }))
          : new MemoryVisitorLedger(),
    },
  ],
})
export class AnalyticsModule {}
