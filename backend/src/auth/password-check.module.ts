import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { MailModule } from '../mail/mail.module';
import { AdminSessionsModule } from './admin-sessions.module';
import { PasswordCheck } from './password-check';
import { SignInAlerts } from './sign-in-alerts';
import { SignInAttemptsRepository } from './sign-in-attempts.repository';

/**
 * The sign-in's counts of failed steps, its password lockout and its alert mails: for the sign-in (AuthModule) and for
 * the password asked again before a change to one's sign-in (AuthenticatorModule, which the sign-in imports).
 */
@Module({
  imports: [AdminSessionsModule, AccountsModule, AuditModule, MailModule],
  providers: [SignInAttemptsRepository, PasswordCheck, SignInAlerts],
  exports: [SignInAttemptsRepository, PasswordCheck, SignInAlerts],
})
export class PasswordCheckModule {}
