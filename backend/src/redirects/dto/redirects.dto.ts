import { REDIRECT_STATUSES, type RedirectStatus } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { Trim } from '../../common/text';

/**
 * POST /api/admin/redirects. Every field is checked by the service (validateRedirect), so that each one's message is
 * the rule's own, the same the admin's form knows.
 */
export class CreateRedirectDto {
  @ApiProperty({ description: 'An address of this site, with no query or fragment', example: '/old-offer' })
  @Allow()
  @Trim()
  from: string;

  @ApiProperty({ description: 'An address of this site (it may have a query or #fragment) or an https:// address', example: '/offers' })
  @Allow()
  @Trim()
  to: string;

  @ApiProperty({ description: '301 (permanent) or 302 (temporary)', enum: REDIRECT_STATUSES, example: 301 })
  @Allow()
  status: RedirectStatus;
}
