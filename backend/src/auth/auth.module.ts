import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { AuthenticatorModule } from '../authenticator/authenticator.module';
import { MailModule } from '../mail/mail.module';
import { AdminSessionsModule } from './admin-sessions.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { PasswordChange } from './password-change';
import { PasswordChangeController } from './password-change.controller';
import { PasswordCheckModule } from './password-check.module';

/** Admin sign-in (SPEC §4): password, e-mailed code (or the authenticator app's), session; and logout; and a new password. */
@Module({
  imports: [AdminSessionsModule, AccountsModule, MailModule, AuditModule, AuthenticatorModule, PasswordCheckModule],
  controllers: [AuthController, PasswordChangeController],
  providers: [AuthService, PasswordChange],
})
export class AuthModule {}
