import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { SignInPolicyController } from './sign-in-policy.controller';
import { SignInPolicyService } from './sign-in-policy.service';

/**
 * Strong sign-in, part three (decision 090): Settings → Sign-in, the roles that must use an authenticator app or a
 * passkey and the grace period. What it asks of each admin (SignInRequirement) is read by the admin guard and the
 * sign-in, so it lives with the sessions (AdminSessionsModule).
 */
@Module({
  imports: [AdminSessionsModule, AuditModule],
  controllers: [SignInPolicyController],
  providers: [SignInPolicyService],
})
export class SignInPolicyModule {}
