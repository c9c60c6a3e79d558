import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { PasswordCheckModule } from '../auth/password-check.module';
import { MailModule } from '../mail/mail.module';
import { PasskeySignInController } from './passkey-sign-in.controller';
import { PasskeysController } from './passkeys.controller';
import { PasskeysRepository } from './passkeys.repository';
import { PasskeysService } from './passkeys.service';

/**
 * Strong sign-in, part two (decision 089): each admin's passkeys (`/api/admin/me/passkeys`) and the sign-in with one
 * alone (`/api/admin/passkey`), which issues a session as the code step does.
 */
@Module({
  imports: [AdminSessionsModule, AccountsModule, MailModule, AuditModule, PasswordCheckModule],
  controllers: [PasskeysController, PasskeySignInController],
  providers: [PasskeysService, PasskeysRepository],
  exports: [PasskeysService],
})
export class PasskeysModule {}
