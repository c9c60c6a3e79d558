import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ThrottlerModule, type ThrottlerStorage } from '@nestjs/throttler';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { DeliveriesModule } from './deliveries/deliveries.module';
import { HealthModule } from './health/health.module';
import type { Metrics } from './metrics/metrics';
import { MetricsModule } from './metrics/metrics.module';
import { RateLimitGuard, rateLimitOptions } from './rate-limit/rate-limit';
import { LeadsModule } from './leads/leads.module';
import { ContactsModule } from './contacts/contacts.module';
import { PortfolioModule } from './portfolio/portfolio.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { AuthModule } from './auth/auth.module';
import { JobsModule } from './jobs/jobs.module';
import { SeedModule } from './seed/seed.module';
import { PrivacyModule } from './privacy/privacy.module';
import { AuditModule } from './audit/audit.module';
import { SpamTriageModule } from './spam-triage/spam-triage.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, rateLimitStorage: ThrottlerStorage, metrics: Metrics): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        HealthModule,
        MetricsModule.forRoot(metrics),
        AuditModule,
        DeliveriesModule,
        SpamTriageModule,
        ThrottlerModule.forRoot(rateLimitOptions(config, rateLimitStorage)),
        AuthModule,
        LeadsModule,
        ContactsModule,
        PortfolioModule,
        JobsModule,
        DashboardModule,
        PrivacyModule,
        SeedModule,
      ],
      providers: [
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    };
  }
}
