import { MAX_LENGTH, PHONE_PATTERN, RESUME_KINDS_TEXT, RESUME_MAX_MB, type ApplyPayload, type FormAnswers } from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { EmailAddress, FormAnswersField, RequiredText } from '../../common/dto-fields';
import { IsWebLink } from '../../common/web-link';

/** Optional text fields: the site sends "" for an untouched input, which means "not given". */
const TrimOrOmit = () =>
  Transform(
    ({ value }) => {
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      return trimmed === '' ? undefined : trimmed;
    },
    { toClassOnly: true },
  );

/**
 * Phone: the usual separators people type (spaces, dashes, dots, parentheses) are removed; what is left must be
 * digits with one optional leading +, the same form the contact form stores (SPEC §5), so every phone is kept alike.
 */
const NormalizePhone = () =>
  Transform(({ value }) => (typeof value === 'string' ? value.trim().replace(/[\s\-.()]/g, '') : value), {
    toClassOnly: true,
  });

export class ApplyDto implements ApplyPayload {
  @ApiProperty({ description: 'Id of the job applied for' })
  @IsString({ message: 'Please choose the position you are applying for' })
  @IsNotEmpty({ message: 'Please choose the position you are applying for' })
  @MaxLength(64, { message: 'Please choose the position you are applying for' })
  job: string;

  @RequiredText({ label: 'Full name', missing: 'Please provide your full name', max: MAX_LENGTH.name })
  fullName: string;

  @EmailAddress()
  email: string;

  @ApiProperty({ description: 'Digits with one optional leading +; spaces, dashes, dots and parentheses are removed' })
  @NormalizePhone()
  @IsString({ message: 'Please provide your phone number' })
  @IsNotEmpty({ message: 'Please provide your phone number' })
  @MaxLength(MAX_LENGTH.phone, { message: `Phone must be at most ${MAX_LENGTH.phone} characters` })
  @Matches(PHONE_PATTERN, { message: 'Phone may contain only digits and one leading +' })
  phone: string;

  @RequiredText({
    label: 'Experience',
    missing: 'Please provide your years of experience',
    max: MAX_LENGTH.experience,
    example: '3 years',
  })
  experience: string;

  @ApiPropertyOptional({ maxLength: MAX_LENGTH.coverLetter })
  @TrimOrOmit()
  @IsOptional()
  @IsString({ message: 'Cover letter must be text' })
  @MaxLength(MAX_LENGTH.coverLetter, {
    message: `Cover letter must be at most ${MAX_LENGTH.coverLetter} characters`,
  })
  coverLetter?: string;

  @ApiPropertyOptional({ description: 'http(s) link', maxLength: MAX_LENGTH.url })
  @TrimOrOmit()
  @IsOptional()
  @IsString({ message: 'Please provide a valid portfolio link starting with http:// or https://' })
  @MaxLength(MAX_LENGTH.url, { message: `Portfolio link must be at most ${MAX_LENGTH.url} characters` })
  @IsWebLink({}, { message: 'Please provide a valid portfolio link starting with http:// or https://' })
  portfolio?: string;

  @ApiProperty({ description: `The resume as a data URL: data:<type>;base64,<bytes> (${RESUME_KINDS_TEXT}, under ${RESUME_MAX_MB} MB)` })
  @IsString({ message: 'Please attach your resume' })
  @IsNotEmpty({ message: 'Please attach your resume' })
  resume: string;

  @ApiPropertyOptional({ description: 'Sent by the site; ignored: the server decodes and checks the file itself' })
  @IsOptional()
  @IsBoolean({ message: 'isResumeBase64 must be true or false' })
  isResumeBase64?: boolean;

  @FormAnswersField('job')
  answers?: FormAnswers;
}
