import {
  APPLICATION_STATUSES,
  BOOKING_LINK_MAX_LENGTH,
  BULK_APPLICATIONS_MAX,
  CANDIDATE_BODY_MAX_LENGTH,
  CANDIDATE_SUBJECT_MAX_LENGTH,
  MESSAGES,
  RATING_COMMENT_MAX_LENGTH,
  RATING_SCORES,
  TEMPLATE_NAME_MAX_LENGTH,
  type ApplicationStatus,
  type BulkApplicationsPayload,
  type CandidateEmailPayload,
  type CandidateEmailSettings,
  type CandidateEmailTemplatePayload,
  type PipelineQuery,
  type RatingPayload,
  type RatingScore,
} from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { KnockedOutFilter } from '../../applications/dto/application-list-query.dto';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsDefined,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';

// A field's message is the last failing check (common/validation.ts): each list runs from the most specific check to
// the most basic one.

const SEND_AT_DESCRIPTION = 'An ISO 8601 date and time within a year; null or absent sends now.';

/** PUT …/:applicationId/rating */
export class RatingDto implements RatingPayload {
  @ApiProperty({ enum: RATING_SCORES, description: '1 strong no, 2 no, 3 yes, 4 strong yes' })
  @IsIn(RATING_SCORES, { message: MESSAGES.ratingScoreInvalid })
  score: RatingScore;

  @ApiPropertyOptional({ maxLength: RATING_COMMENT_MAX_LENGTH })
  @MaxLength(RATING_COMMENT_MAX_LENGTH, { message: MESSAGES.ratingCommentTooLong })
  @IsString({ message: MESSAGES.ratingCommentTooLong })
  @IsOptional()
  comment?: string;
}

/** A send time: ISO 8601 with a time of day, or null for now (its range is checked by the service). */
function SendAt() {
  return (target: object, key: string) => {
    // In the order decorators written top to bottom would apply (bottom first), so the messages rank the same.
    ValidateIf((payload: Record<string, unknown>) => payload[key] !== null && payload[key] !== undefined)(target, key);
    IsString({ message: MESSAGES.candidateEmailSendAtInvalid })(target, key);
    IsISO8601({ strict: true }, { message: MESSAGES.candidateEmailSendAtInvalid })(target, key);
    Matches(/T\d{2}:\d{2}/, { message: MESSAGES.candidateEmailSendAtInvalid })(target, key);
    ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: SEND_AT_DESCRIPTION })(target, key);
  };
}

/** A template's id, or null for none. */
function TemplateId() {
  return (target: object, key: string) => {
    ValidateIf((payload: Record<string, unknown>) => payload[key] !== null && payload[key] !== undefined)(target, key);
    IsUUID('all', { message: MESSAGES.templateNotFound })(target, key);
    ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })(target, key);
  };
}

/** POST …/:applicationId/emails (and its preview): a template, or a subject and body written for this mail. */
export class CandidateEmailDto implements CandidateEmailPayload {
  @TemplateId()
  templateId?: string | null;

  @ApiPropertyOptional({ maxLength: CANDIDATE_SUBJECT_MAX_LENGTH, description: "The template's subject when absent" })
  @MaxLength(CANDIDATE_SUBJECT_MAX_LENGTH, { message: `Keep the subject to at most ${CANDIDATE_SUBJECT_MAX_LENGTH} characters` })
  @IsString({ message: MESSAGES.candidateEmailNeedsText })
  @IsOptional()
  subject?: string;

  @ApiPropertyOptional({ maxLength: CANDIDATE_BODY_MAX_LENGTH, description: "The template's body when absent" })
  @MaxLength(CANDIDATE_BODY_MAX_LENGTH, { message: `Keep the body to at most ${CANDIDATE_BODY_MAX_LENGTH} characters` })
  @IsString({ message: MESSAGES.candidateEmailNeedsText })
  @IsOptional()
  body?: string;

  @SendAt()
  sendAt?: string | null;
}

/** Settings → Candidate e-mails: a template. */
export class CandidateEmailTemplateDto implements CandidateEmailTemplatePayload {
  @ApiProperty({ minLength: 1, maxLength: TEMPLATE_NAME_MAX_LENGTH })
  @MaxLength(TEMPLATE_NAME_MAX_LENGTH, { message: `Keep the name to at most ${TEMPLATE_NAME_MAX_LENGTH} characters` })
  @Matches(/\S/, { message: 'Please give the template a name' })
  @IsString({ message: 'Please give the template a name' })
  name: string;

  @ApiProperty({ minLength: 1, maxLength: CANDIDATE_SUBJECT_MAX_LENGTH })
  @MaxLength(CANDIDATE_SUBJECT_MAX_LENGTH, { message: `Keep the subject to at most ${CANDIDATE_SUBJECT_MAX_LENGTH} characters` })
  @Matches(/\S/, { message: 'Please write a subject' })
  @IsString({ message: 'Please write a subject' })
  subject: string;

  @ApiProperty({ minLength: 1, maxLength: CANDIDATE_BODY_MAX_LENGTH })
  @MaxLength(CANDIDATE_BODY_MAX_LENGTH, { message: `Keep the body to at most ${CANDIDATE_BODY_MAX_LENGTH} characters` })
  @Matches(/\S/, { message: 'Please write the text of the e-mail' })
  @IsString({ message: 'Please write the text of the e-mail' })
  body: string;
}

/** Settings → Candidate e-mails: the booking link and the rejection template. */
export class CandidateEmailSettingsDto implements CandidateEmailSettings {
  @ApiProperty({ type: String, nullable: true, maxLength: BOOKING_LINK_MAX_LENGTH, description: 'An https:// address, or null' })
  @MaxLength(BOOKING_LINK_MAX_LENGTH, { message: MESSAGES.bookingLinkInvalid })
  @Matches(/^https:\/\/[^\s{}<>"]+$/, { message: MESSAGES.bookingLinkInvalid })
  @IsString({ message: MESSAGES.bookingLinkInvalid })
  @ValidateIf((payload: CandidateEmailSettingsDto) => payload.bookingLink !== null)
  @IsDefined({ message: MESSAGES.bookingLinkInvalid })
  bookingLink: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @IsUUID('all', { message: MESSAGES.templateNotFound })
  @ValidateIf((payload: CandidateEmailSettingsDto) => payload.rejectionTemplateId !== null)
  @IsDefined({ message: MESSAGES.templateNotFound })
  rejectionTemplateId: string | null;
}

/** POST /api/jobs/applications/bulk */
export class BulkApplicationsDto implements BulkApplicationsPayload {
  @ApiProperty({ type: [String], minItems: 1, maxItems: BULK_APPLICATIONS_MAX, uniqueItems: true })
  @IsUUID('all', { each: true, message: MESSAGES.bulkIdsInvalid })
  @ArrayUnique({ message: MESSAGES.bulkIdsInvalid })
  @ArrayMaxSize(BULK_APPLICATIONS_MAX, { message: MESSAGES.bulkIdsInvalid })
  @ArrayMinSize(1, { message: MESSAGES.bulkIdsInvalid })
  @IsArray({ message: MESSAGES.bulkIdsInvalid })
  ids: string[];

  @ApiProperty({ enum: APPLICATION_STATUSES })
  @IsIn(APPLICATION_STATUSES, { message: `Status must be one of: ${APPLICATION_STATUSES.join(', ')}` })
  status: ApplicationStatus;

  @TemplateId()
  templateId?: string | null;

  @SendAt()
  sendAt?: string | null;
}

/** A job's pipeline board: all its applications, or only the knocked-out ones, or only the others. */
export class PipelineQueryDto implements PipelineQuery {
  @KnockedOutFilter()
  knockedOut?: boolean;
}
