import {
  APPLICATION_STATUSES,
  INTERVIEW_LIMITS,
  INTERVIEW_MESSAGES,
  MESSAGES,
  type ApplicationStatus,
  type InterviewInvitationPayload,
} from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';

// A field's message is the last failing check (common/validation.ts): each list runs from the most specific check to
// the most basic one.

/** POST /api/jobs/applications/:applicationId/interview */
export class InterviewInvitationDto implements InterviewInvitationPayload {
  @ApiProperty({
    type: [String],
    format: 'uuid',
    minItems: INTERVIEW_LIMITS.interviewers.min,
    maxItems: INTERVIEW_LIMITS.interviewers.max,
    description: 'The interviewers (admins who can be booked), each once; the first is the candidate’s contact.',
  })
  @ArrayMaxSize(INTERVIEW_LIMITS.interviewers.max, { message: INTERVIEW_MESSAGES.interviewerCount })
  @ArrayMinSize(INTERVIEW_LIMITS.interviewers.min, { message: INTERVIEW_MESSAGES.interviewerCount })
  @ArrayUnique({ message: INTERVIEW_MESSAGES.interviewerIds })
  @IsUUID('all', { each: true, message: INTERVIEW_MESSAGES.interviewerIds })
  @IsArray({ message: INTERVIEW_MESSAGES.interviewerCount })
  interviewerIds: string[];

  @ApiProperty({ minimum: INTERVIEW_LIMITS.minutes.min, maximum: INTERVIEW_LIMITS.minutes.max })
  @Max(INTERVIEW_LIMITS.minutes.max, { message: INTERVIEW_MESSAGES.minutes })
  @Min(INTERVIEW_LIMITS.minutes.min, { message: INTERVIEW_MESSAGES.minutes })
  @IsInt({ message: INTERVIEW_MESSAGES.minutes })
  minutes: number;

  @ApiProperty({ enum: APPLICATION_STATUSES, description: 'The application’s status once the candidate has booked a time.' })
  @IsIn(APPLICATION_STATUSES, { message: INTERVIEW_MESSAGES.statusOnBooking })
  statusOnBooking: ApplicationStatus;

  @ApiPropertyOptional({ maxLength: INTERVIEW_LIMITS.messageMaxLength, description: 'A note put in the built-in invitation above the link.' })
  @MaxLength(INTERVIEW_LIMITS.messageMaxLength, { message: INTERVIEW_MESSAGES.message })
  @IsString({ message: INTERVIEW_MESSAGES.message })
  @IsOptional()
  message?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'A candidate e-mail template to send instead of the built-in invitation; it must use {{schedulingLink}}.',
  })
  @IsUUID('all', { message: MESSAGES.templateNotFound })
  @IsOptional()
  templateId?: string;
}
