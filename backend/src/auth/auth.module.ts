import { SESSION_TTL_SECONDS } from '@brightwave/common';
import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MailModule } from '../mail/mail.module';
import { AdminAuthGuard } from './admin-auth.guard';
import { AdminInvitesRepository } from './admin-invites.repository';
import { AdminTeamService } from './admin-team.service';
import { AcceptInviteController, AccountController, AdminInvitesController, AdminsController } from './admins.controller';
import { AdminsRepository } from './admins.repository';
import { AdminsService } from './admins.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { Clock } from './clock';
import { FirstAdminBootstrap } from './first-admin.bootstrap';
import { LoginChallengesRepository } from './login-challenges.repository';
import { SignInAttemptsRepository } from './sign-in-attempts.repository';
import { PasswordHasher } from './password-hasher';
import { SessionTokensService } from './session-tokens.service';
import { SessionsRepository } from './sessions.repository';

/** Global so that @AdminOnly(area) (AdminAuthGuard and what it needs) works in every module. */
@Global()
@Module({
  imports: [
    MailModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.keys.jwtSigning,
        signOptions: { algorithm: 'HS256', expiresIn: SESSION_TTL_SECONDS },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController, AdminsController, AdminInvitesController, AcceptInviteController, AccountController],
  providers: [
    AuthService,
    AdminsService,
    AdminTeamService,
    AdminInvitesRepository,
    AdminsRepository,
    LoginChallengesRepository,
    SignInAttemptsRepository,
    SessionsRepository,
    SessionTokensService,
    PasswordHasher,
    Clock,
    AdminAuthGuard,
    FirstAdminBootstrap,
  ],
  exports: [AdminAuthGuard, SessionTokensService, Clock],
})
export class AuthModule {}
