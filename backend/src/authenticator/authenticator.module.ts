import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { PasswordCheckModule } from '../auth/password-check.module';
import { MailModule } from '../mail/mail.module';
import { AuthenticatorSecretsAtRest } from './authenticator-secrets-at-rest';
import { AuthenticatorController } from './authenticator.controller';
import { AuthenticatorRepository } from './authenticator.repository';
import { AuthenticatorService } from './authenticator.service';

/**
 * Strong sign-in, part one: each admin's authenticator app (TOTP) and recovery codes (`/api/admin/me/totp`), and what
 * the sign-in's code step takes for them (AuthenticatorService.factorsOf), which the sign-in imports.
 */
@Module({
  imports: [AdminSessionsModule, AccountsModule, MailModule, AuditModule, PasswordCheckModule],
  controllers: [AuthenticatorController],
  providers: [AuthenticatorService, AuthenticatorRepository, AuthenticatorSecretsAtRest],
  exports: [AuthenticatorService],
})
export class AuthenticatorModule {}
