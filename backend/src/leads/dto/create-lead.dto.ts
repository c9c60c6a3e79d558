import { MAX_LENGTH, SERVICE_KEYS, type ServiceKey } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NormalizeEmail, Trim } from '../../common/text';

export class CreateLeadDto {
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

  @ApiProperty({ enum: SERVICE_KEYS })
  @IsIn(SERVICE_KEYS, { message: 'Please select a service' })
  service: ServiceKey;

  @ApiProperty({ maxLength: MAX_LENGTH.message })
  @Trim()
  @IsString({ message: 'Please provide a message' })
  @IsNotEmpty({ message: 'Please provide a message' })
  @MaxLength(MAX_LENGTH.message, { message: `Message must be at most ${MAX_LENGTH.message} characters` })
  message: string;
}
