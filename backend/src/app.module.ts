import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ThrottlerModule, type ThrottlerStorage } from '@nestjs/throttler';
import { AccountsModule } from './accounts/accounts.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { ApplicationsModule } from './applications/applications.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { PasskeysModule } from './passkeys/passkeys.module';
import { SsoModule } from './sso/sso.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { SignInPolicyModule } from './sign-in-policy/sign-in-policy.module';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { ContactsModule } from './contacts/contacts.module';
import { WorkspaceModule } from './workspace/workspace.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { DatabaseModule } from './database/database.module';
import { DeliveriesModule } from './deliveries/deliveries.module';
import { HealthModule } from './health/health.module';
import { HiringModule } from './hiring/hiring.module';
import { InterviewsModule } from './interviews/interviews.module';
import { JobsModule } from './jobs/jobs.module';
import { LeadsModule } from './leads/leads.module';
import { MetricsEndpointModule, MetricsModule } from './metrics/metrics.module';
import { PortfolioModule } from './portfolio/portfolio.module';
import { ContentModule } from './content/content.module';
import { MediaModule } from './media/media.module';
import { PagesModule } from './pages/pages.module';
import { PostsModule } from './posts/posts.module';
import { FormsModule } from './forms/forms.module';
import { BookingModule } from './booking/booking.module';
import { RedirectsModule } from './redirects/redirects.module';
import { SearchModule } from './search/search.module';
import { PrivacyModule } from './privacy/privacy.module';
import { RateLimitGuard, rateLimitOptions } from './rate-limit/rate-limit';
import { SeedModule } from './seed/seed.module';
import { SpamTriageModule } from './spam-triage/spam-triage.module';

/** The whole HTTP application. Only configuration and the database are global: each module imports what it uses. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, rateLimitStorage: ThrottlerStorage): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        HealthModule,
        MetricsModule,
        MetricsEndpointModule,
        AuditModule,
        DeliveriesModule,
        SpamTriageModule,
        ThrottlerModule.forRoot(rateLimitOptions(config, rateLimitStorage)),
        AuthModule,
        PasskeysModule,
        SsoModule,
        ApiKeysModule,
        SignInPolicyModule,
        AccountsModule,
        LeadsModule,
        ContactsModule,
        PortfolioModule,
        ContentModule,
        PagesModule,
        PostsModule,
        RedirectsModule,
        FormsModule,
        BookingModule,
        SearchModule,
        MediaModule,
        JobsModule,
        ApplicationsModule,
        HiringModule,
        InterviewsModule,
        WorkspaceModule,
        DashboardModule,
        PrivacyModule,
        AnalyticsModule,
        SeedModule,
      ],
      providers: [
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    };
  }
}
