import { INTERVIEW_LINK_DAYS, INTERVIEW_MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { ok } from '../common/answer';
import { InterviewInvitationDto } from './dto/interview-invitation.dto';
import { InterviewsService } from './interviews.service';

/** Interview invitations on an application (docs/features/booking.md, "Interviews"). */
@ApiTags('interviews')
@Controller('api/jobs/applications/:applicationId')
export class InterviewsController {
  constructor(private readonly interviews: InterviewsService) {}

  @ApiOperation({
    summary: 'Who can interview',
    description: 'The active admins of a role that takes calls, by name; `notBookable` says why one cannot be booked now (null: they can).',
  })
  @ApiErrors({ 404: 'No such application' })
  @Get('interviewers')
  @AdminOnly('jobs')
  async interviewers(@Param('applicationId') applicationId: string): Promise<AnswerOf<'GET /api/jobs/applications/:applicationId/interviewers'>> {
    return ok({ interviewers: await this.interviews.interviewers(applicationId) });
  }

  @ApiOperation({ summary: "An application's interview invitations, newest first" })
  @ApiErrors({ 404: 'No such application' })
  @Get('interviews')
  @AdminOnly('jobs')
  async list(@Param('applicationId') applicationId: string): Promise<AnswerOf<'GET /api/jobs/applications/:applicationId/interviews'>> {
    return ok({ interviews: await this.interviews.list(applicationId) });
  }

  @ApiOperation({
    summary: 'Invite the candidate to an interview',
    description:
      `Mails the candidate a link (valid ${INTERVIEW_LINK_DAYS} days) to pick a time when every interviewer is free: the built-in invitation with \`message\`, or the template \`templateId\`, ` +
      'which must use `{{schedulingLink}}`. Booking moves the application to `statusOnBooking` and mails each interviewer the invitation (`.ics`). One open invitation per application.',
  })
  @ApiErrors({
    400: 'A field is refused (a message at the field): interviewers unknown, disabled or not bookable, minutes out of range, a template without the link',
    404: 'No such application',
    409: 'The application is rejected or hired, or has an open invitation already',
  })
  @Post('interview')
  @HttpCode(201)
  @AdminOnly('jobs')
  async invite(
    @Param('applicationId') applicationId: string,
    @Body() dto: InterviewInvitationDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<AnswerOf<'POST /api/jobs/applications/:applicationId/interview'>> {
    return ok({ message: INTERVIEW_MESSAGES.sent, interview: await this.interviews.invite(applicationId, dto, admin) });
  }

  @ApiOperation({
    summary: 'Withdraw an interview invitation',
    description:
      'Nothing more can be booked with it; a booked interview not over yet is cancelled, and the candidate and every interviewer are mailed the cancellation.',
  })
  @ApiErrors({ 404: 'No such application or invitation', 409: 'The invitation was withdrawn already' })
  @Delete('interviews/:interviewId')
  @AdminOnly('jobs')
  async cancel(
    @Param('applicationId') applicationId: string,
    @Param('interviewId') interviewId: string,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<AnswerOf<'DELETE /api/jobs/applications/:applicationId/interviews/:interviewId'>> {
    await this.interviews.cancel(applicationId, interviewId, admin);
    return ok({ message: INTERVIEW_MESSAGES.cancelled });
  }
}
