import { CONTACT_DEPARTMENTS, MAX_LENGTH, PHONE_PATTERN, type ContactDepartment } from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { NormalizeEmail, Trim } from '../../common/text';

export class CreateContactDto {
  @ApiProperty({ maxLength: MAX_LENGTH.name })
  @Trim()
  @IsString({ message: 'Please provide your name' })
  @IsNotEmpty({ message: 'Please provide your name' })
  @MaxLength(MAX_LENGTH.name, { message: `Name must be at most ${MAX_LENGTH.name} characters` })
  name: string;

  @ApiProperty({ maxLength: MAX_LENGTH.email })
  @NormalizeEmail()
  @IsString({ message: 'Please provide a valid email address' })
  @IsNotEmpty({ message: 'Please provide your email address' })
  @MaxLength(MAX_LENGTH.email, { message: `Email must be at most ${MAX_LENGTH.email} characters` })
  @IsEmail({}, { message: 'Please provide a valid email address' })
  email: string;

  @ApiPropertyOptional({ description: 'Digits with one optional leading +', maxLength: MAX_LENGTH.phone })
  @Trim()
  @IsOptional()
  @IsString({ message: 'Phone may contain only digits and one leading +' })
  @MaxLength(MAX_LENGTH.phone, { message: `Phone must be at most ${MAX_LENGTH.phone} characters` })
  @Matches(PHONE_PATTERN, { message: 'Phone may contain only digits and one leading +' })
  phone?: string;

  @ApiProperty({ enum: CONTACT_DEPARTMENTS })
  @IsIn(CONTACT_DEPARTMENTS, { message: 'Please select a department' })
  department: ContactDepartment;

  @ApiProperty({ maxLength: MAX_LENGTH.message })
  @Trim()
  @IsString({ message: 'Please provide a message' })
  @IsNotEmpty({ message: 'Please provide a message' })
  @MaxLength(MAX_LENGTH.message, { message: `Message must be at most ${MAX_LENGTH.message} characters` })
  message: string;
}
