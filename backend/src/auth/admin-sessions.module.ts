import { SESSION_TTL_SECONDS } from '@brightwave/common';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { ApiKeyAuthenticator } from '../api-keys/api-key-authenticator';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SignInPolicyRepository } from '../sign-in-policy/sign-in-policy.repository';
import { SignInRequirement } from '../sign-in-policy/sign-in-requirement';
import { AdminAuthGuard } from './admin-auth.guard';
import { Clock } from './clock';
import { LoginChallengesRepository } from './login-challenges.repository';
import { SessionTokensService } from './session-tokens.service';
import { SessionsRepository } from './sessions.repository';

/**
 * Who is signed in: sessions (the Bearer token's), the pending login codes that lead to one, and the guard of
 * @AdminOnly routes with what the sign-in policy asks of each admin (SignInRequirement). Every module with admin routes
 * imports it for the guard; sign-in, accounts and the policy's settings build on it.
 */
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.keys.jwtSigning,
        signOptions: { algorithm: 'HS256', expiresIn: SESSION_TTL_SECONDS },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  providers: [
    SessionsRepository,
    LoginChallengesRepository,
    SessionTokensService,
    AdminAuthGuard,
    Clock,
    SignInPolicyRepository,
    SignInRequirement,
    // API keys are checked by the same guard (decision 092).
    ApiKeysRepository,
    ApiKeyAuthenticator,
  ],
  exports: [SessionTokensService, AdminAuthGuard, Clock, LoginChallengesRepository, SignInPolicyRepository, SignInRequirement, ApiKeyAuthenticator],
})
export class AdminSessionsModule {}
