import { MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { ok } from '../common/answer';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { OpenWhileEnrolling } from '../auth/open-while-enrolling.decorator';
import { RateLimit } from '../rate-limit/rate-limit';
import { AdminTeamService, INVITE_VALID_HOURS } from './admin-team.service';
import { AcceptInviteDto, InviteAdminDto, UpdateAdminDto } from './dto/team.dto';

/** Admins and roles: owners only. */
@ApiTags('admins')
@Controller('api/admin/admins')
export class AdminsController {
  constructor(private readonly team: AdminTeamService) {}

  @ApiOperation({ summary: 'List the admins' })
  @Get()
  @AdminOnly('owner')
  async list(): Promise<AnswerOf<'GET /api/admin/admins'>> {
    return ok({ admins: await this.team.list() });
  }

  @ApiOperation({
    summary: 'Invite an admin',
    description: `Mails a one-time link, good for ${INVITE_VALID_HOURS} hours, that leads to POST /admin/accept-invite.`,
  })
  @ApiErrors({ 409: MESSAGES.adminExists, 503: 'The invitation mail could not be sent (nothing is kept)' })
  @Post()
  @HttpCode(201)
  @AdminOnly('owner')
  async invite(@CurrentAdmin() admin: AuthenticatedAdmin, @Body() dto: InviteAdminDto): Promise<AnswerOf<'POST /api/admin/admins'>> {
    return ok({ message: MESSAGES.adminInvited, invite: await this.team.invite(admin, dto) });
  }

  @ApiOperation({
    summary: "Change an admin's role, or disable or enable them",
    description: "Disabling revokes the admin's sessions; demoting or disabling an owner deletes the invitations they sent that are not accepted yet.",
  })
  @ApiErrors({ 409: 'The last active owner cannot be disabled or demoted, nor can one disable oneself' })
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

  @ApiOperation({ summary: 'List the pending invitations', description: 'Neither accepted nor expired, newest first.' })
  @Get()
  @AdminOnly('owner')
  async list(): Promise<AnswerOf<'GET /api/admin/invites'>> {
    return ok({ invites: await this.team.pendingInvites() });
  }

  @ApiOperation({ summary: 'Revoke an invitation', description: 'Its link then answers like an expired one.' })
  @ApiErrors({ 404: MESSAGES.inviteNotFound })
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

  @ApiOperation({
    summary: 'Accept an invitation',
    description: "Sets the invitee's password with the token of the link (after `#token=`), and creates their account.",
  })
  @ApiErrors({ 400: 'The link is invalid, used, revoked or expired, or the password is short or common', 409: MESSAGES.adminExists })
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

  @ApiOperation({
    summary: 'My account',
    description:
      '`signIn`: the admin’s strong factors (`authenticator`, `passkeys`), whether their role must use one (`required`), whether they must ' +
      'set one up before anything else (`mustEnrol`) and until when a mailed code still signs them in meanwhile (`mailedCodeUntil`).',
  })
  @Get()
  @AdminOnly('everyone')
  @OpenWhileEnrolling()
  async get(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/admin/account'>> {
    return ok(await this.team.account(admin));
  }

  @ApiOperation({ summary: 'My active sessions', description: '`current` marks the session of the request.' })
  @Get('sessions')
  @AdminOnly('everyone')
  @OpenWhileEnrolling()
  async sessions(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/admin/account/sessions'>> {
    return ok({ sessions: await this.team.sessionsOf(admin) });
  }

  @ApiOperation({ summary: 'End one of my sessions' })
  @ApiErrors({ 404: "Not one of the admin's active sessions" })
  @Delete('sessions/:id')
  @AdminOnly('everyone')
  @OpenWhileEnrolling()
  async revokeSession(@CurrentAdmin() admin: AuthenticatedAdmin, @Param('id') id: string): Promise<AnswerOf<'DELETE /api/admin/account/sessions/:id'>> {
    await this.team.revokeSession(admin, id);
    return ok({ message: MESSAGES.sessionRevoked });
  }
}
