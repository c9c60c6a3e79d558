import {
  JOB_DEPARTMENTS,
  JOB_LOCATIONS,
  JOB_TYPES,
  MAX_LENGTH,
  MAX_REQUIREMENTS,
  MESSAGES,
  QUESTION_MESSAGES,
  isCalendarDate,
  type FormQuestion,
  type JobDepartment,
  type JobLocation,
  type JobPayload,
  type JobType,
} from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsOptional, MaxLength, IsString, ValidateBy, ValidateIf } from 'class-validator';
import { RequiredText } from '../../common/dto-fields';
import { QUESTIONS_API_PROPERTY } from '../../forms/dto/save-form-questions.dto';
import { TrimEach } from '../../common/text';

/** Body of creating a job and of replacing one (PUT): status, id and created date are not accepted here. */
export class SaveJobDto implements JobPayload {
  @RequiredText({ label: 'Job title', missing: 'Please provide a job title', max: MAX_LENGTH.title })
  title: string;

  @ApiProperty({ enum: JOB_DEPARTMENTS })
  @IsIn(JOB_DEPARTMENTS, { message: 'Please select a department' })
  department: JobDepartment;

  @ApiProperty({ enum: JOB_LOCATIONS })
  @IsIn(JOB_LOCATIONS, { message: 'Please select a location' })
  location: JobLocation;

  @ApiProperty({ enum: JOB_TYPES })
  @IsIn(JOB_TYPES, { message: 'Please select a job type' })
  type: JobType;

  @RequiredText({
    label: 'Experience',
    missing: 'Please provide the experience required',
    max: MAX_LENGTH.experience,
    example: '2-3 years',
  })
  experience: string;

  @RequiredText({ label: 'Job description', missing: 'Please provide a job description', max: MAX_LENGTH.description })
  description: string;

  @ApiPropertyOptional({ type: [String], maxItems: MAX_REQUIREMENTS, default: [] })
  @IsOptional()
  @TrimEach()
  @IsArray({ message: 'Requirements must be a list of text entries' })
  @ArrayMaxSize(MAX_REQUIREMENTS, { message: `Please list at most ${MAX_REQUIREMENTS} requirements` })
  @IsString({ each: true, message: 'Each requirement must be text' })
  @IsNotEmpty({ each: true, message: 'Requirements cannot be empty; remove the empty entry' })
  @MaxLength(MAX_LENGTH.requirement, {
    each: true,
    message: `Each requirement must be at most ${MAX_LENGTH.requirement} characters`,
  })
  requirements?: string[];

  /** Optional (null or absent: no closing date); not in the past, checked by the service (an unchanged past date may stay). */
  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, example: '2026-12-31' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @ValidateBy(
    { name: 'isCalendarDate', validator: { validate: (value: unknown) => typeof value === 'string' && isCalendarDate(value) } },
    { message: MESSAGES.jobClosesAtInvalid },
  )
  closesAt?: string | null;

  /**
   * Its applicants' custom questions, knockouts included (absent: none, like `requirements`); each question's fields
   * are checked by the service (questionListProblems), so a refusal names its field (`questions.2.knockout.answers`).
   */
  @ApiPropertyOptional({ ...QUESTIONS_API_PROPERTY, default: [] })
  @IsOptional()
  @IsArray({ message: QUESTION_MESSAGES.questionsShape })
  questions?: FormQuestion[];
}
