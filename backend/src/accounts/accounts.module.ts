import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { StaffCallsModule } from '../booking/staff-calls.module';
import { MailModule } from '../mail/mail.module';
import { AdminInvitesRepository } from './admin-invites.repository';
import { AdminTeamService } from './admin-team.service';
import { AcceptInviteController, AccountController, AdminInvitesController, AdminsController } from './admins.controller';
import { AdminsRepository } from './admins.repository';
import { AdminsService } from './admins.service';
import { FirstAdminBootstrap } from './first-admin.bootstrap';
import { PasswordHasher } from './password-hasher';

/**
 * Admin accounts: the Admins screen (owners: invite, roles, disable), invitations, My account, the first admin of
 * ADMIN_EMAIL at start, and the CLI's account commands (AdminsService).
 */
@Module({
  imports: [AdminSessionsModule, MailModule, AuditModule, StaffCallsModule],
  controllers: [AdminsController, AdminInvitesController, AcceptInviteController, AccountController],
  providers: [AdminsService, AdminTeamService, AdminsRepository, AdminInvitesRepository, PasswordHasher, FirstAdminBootstrap],
  exports: [AdminsService, AdminsRepository, PasswordHasher],
})
export class AccountsModule {}
