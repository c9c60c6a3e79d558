import type { AdminIdPayload } from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { Trim } from '../../common/text';

const MISSING_ADMIN_ID = 'The sign-in attempt is missing. Please log in again.';

/** The adminId answered by the login step; an id of no admin is answered like an expired code. */
export class AdminIdDto implements AdminIdPayload {
  @ApiProperty({ description: 'The adminId answered by POST /admin/login' })
  @Trim()
  @IsString({ message: MISSING_ADMIN_ID })
  @IsNotEmpty({ message: MISSING_ADMIN_ID })
  @MaxLength(64, { message: MISSING_ADMIN_ID })
  adminId: string;

  @ApiPropertyOptional({ description: 'The challenge answered by POST /admin/login: binds this step to that login' })
  @IsOptional()
  @Trim()
  @IsUUID('all', { message: MISSING_ADMIN_ID })
  challenge?: string;
}
