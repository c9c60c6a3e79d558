import { MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ok } from '../common/answer';
import { RateLimit } from '../rate-limit/rate-limit';
import { AdminOnly } from './admin-only.decorator';
import { AdminTeamService } from './admin-team.service';
import type { AuthenticatedAdmin } from './authenticated-admin';
import { CurrentAdmin } from './current-admin.decorator';
import { AcceptInviteDto, ChangePasswordDto, InviteAdminDto, UpdateAdminDto } from './dto/team.dto';

/** Admins and roles: owners only. */
@ApiTags('admins')
@Controller('api/admin/admins')
export class AdminsController {
  constructor(private readonly team: AdminTeamService) {}

  @Get()
  @AdminOnly('owner')
  async list(): Promise<AnswerOf<'GET /api/admin/admins'>> {
    return ok({ admins: await this.team.list() });
  }

  @Post()
  @HttpCode(201)
  @AdminOnly('owner')
  async invite(@CurrentAdmin() admin: AuthenticatedAdmin, @Body() dto: InviteAdminDto): Promise<AnswerOf<'POST /api/admin/admins'>> {
    return ok({ message: MESSAGES.adminInvited, invite: await this.team.invite(admin, dto) });
  }

  @Patch(':id')
  @AdminOnly('owner')
  async update(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Param('id') id: string,
    @Body() dto: UpdateAdminDto,
  ): Promise<AnswerOf<'PATCH /api/admin/admins/:id'>> {
    return ok({ message: MESSAGES.adminUpdated, data: await this.team.update(admin, id, dto) });
  }
}

/** Pending invitations: owners only. */
@ApiTags('admins')
@Controller('api/admin/invites')
export class AdminInvitesController {
  constructor(private readonly team: AdminTeamService) {}

  @Get()
  @AdminOnly('owner')
  async list(): Promise<AnswerOf<'GET /api/admin/invites'>> {
    return ok({ invites: await this.team.pendingInvites() });
  }

  @Delete(':id')
  @AdminOnly('owner')
  async revoke(@Param('id') id: string): Promise<AnswerOf<'DELETE /api/admin/invites/:id'>> {
    await this.team.revokeInvite(id);
    return ok({ message: MESSAGES.inviteRevoked });
  }
}

/** The invitee's step: set a password with the one-time link's token. */
@ApiTags('admins')
@Controller('admin/accept-invite')
export class AcceptInviteController {
  constructor(private readonly team: AdminTeamService) {}

  @Post()
  @HttpCode(200)
  @RateLimit('auth-ip')
  async accept(@Body() dto: AcceptInviteDto): Promise<AnswerOf<'POST /admin/accept-invite'>> {
    return ok({ message: MESSAGES.inviteAccepted, ...(await this.team.acceptInvite(dto.token, dto.password)) });
  }
}

/** My account: every admin, about themselves. */
@ApiTags('account')
@Controller('api/admin/account')
export class AccountController {
  constructor(private readonly team: AdminTeamService) {}

  @Get()
  @AdminOnly('everyone')
  async get(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/admin/account'>> {
    return ok({ account: await this.team.account(admin) });
  }

  @Put('password')
  @AdminOnly('everyone')
  @RateLimit('auth-ip')
  async changePassword(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Body() dto: ChangePasswordDto,
  ): Promise<AnswerOf<'PUT /api/admin/account/password'>> {
    await this.team.changePassword(admin, dto.currentPassword, dto.newPassword);
    return ok({ message: MESSAGES.passwordChanged });
  }

  @Get('sessions')
  @AdminOnly('everyone')
  async sessions(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/admin/account/sessions'>> {
    return ok({ sessions: await this.team.sessionsOf(admin) });
  }

  @Delete('sessions/:id')
  @AdminOnly('everyone')
  async revokeSession(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Param('id') id: string,
  ): Promise<AnswerOf<'DELETE /api/admin/account/sessions/:id'>> {
    await this.team.revokeSession(admin, id);
    return ok({ message: MESSAGES.sessionRevoked });
  }
}
