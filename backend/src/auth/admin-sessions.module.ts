import { SESSION_TTL_SECONDS } from '@brightwave/common';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AdminAuthGuard } from './admin-auth.guard';
import { Clock } from './clock';
import { LoginChallengesRepository } from './login-challenges.repository';
import { SessionTokensService } from './session-tokens.service';
import { SessionsRepository } from './sessions.repository';

/**
 * Who is signed in: sessions (the Bearer token's), the pending login codes that lead to one, and the guard of
 * @AdminOnly routes. Every module with admin routes imports it for the guard; sign-in and accounts build on it.
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
  providers: [SessionsRepository, LoginChallengesRepository, SessionTokensService, AdminAuthGuard, Clock],
  exports: [SessionTokensService, AdminAuthGuard, Clock, LoginChallengesRepository],
})
export class AdminSessionsModule {}
