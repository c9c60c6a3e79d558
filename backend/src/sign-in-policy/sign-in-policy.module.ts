import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AccountsModule } from '../accounts/accounts.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { PasswordCheckModule } from '../auth/password-check.module';
import { AuthenticatorModule } from '../authenticator/authenticator.module';
import { PasskeysModule } from '../passkeys/passkeys.module';
import { AdminSignInController } from './admin-sign-in.controller';
import { AdminSignIn } from './admin-sign-in.service';
import { SignInPolicyController } from './sign-in-policy.controller';
import { SignInPolicyService } from './sign-in-policy.service';

/**
 * Strong sign-in, part three (decision 090): Settings → Sign-in, the roles that must use an authenticator app or a
 * passkey and the grace period. What it asks of each admin (SignInRequirement) is read by the admin guard and the
 * sign-in, so it lives with the sessions (AdminSessionsModule). And what an owner does about another admin's sign-in
 * (decision 094): a reset, a new grace period.
 */
@Module({
  imports: [AdminSessionsModule, AuditModule, AccountsModule, PasswordCheckModule, AuthenticatorModule, PasskeysModule],
  controllers: [SignInPolicyController, AdminSignInController],
  providers: [SignInPolicyService, AdminSignIn],
})
export class SignInPolicyModule {}
