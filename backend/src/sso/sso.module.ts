import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { PasswordCheckModule } from '../auth/password-check.module';
import { OidcClient } from './oidc-client';
import { SsoPagesController } from './sso-pages.controller';
import { SsoController } from './sso.controller';
import { SsoRepository } from './sso.repository';
import { SsoService } from './sso.service';

/**
 * Single sign-on with the company's OpenID Connect provider (decision 093): the pages that start a sign-in and take
 * the provider's answer (`/admin/sso/start`, `/admin/sso/callback`), and the exchange of its one-time ticket for a
 * session (`/api/admin/sso`), which issues a session as the code step does.
 */
@Module({
  imports: [AdminSessionsModule, AccountsModule, AuditModule, PasswordCheckModule],
  controllers: [SsoPagesController, SsoController],
  providers: [SsoService, SsoRepository, OidcClient],
})
export class SsoModule {}
