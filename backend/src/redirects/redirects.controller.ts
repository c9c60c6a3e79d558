import { REDIRECT_MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { ok } from '../common/answer';
import { CreateRedirectDto } from './dto/redirects.dto';
import { RedirectsService } from './redirects.service';

@ApiTags('redirects')
@Controller('api/admin/redirects')
@AdminOnly('content')
export class RedirectsController {
  constructor(private readonly redirects: RedirectsService) {}

  @ApiOperation({ summary: 'List the redirects', description: 'Added by hand or left by a page whose address changed, the newest first.' })
  @Get()
  async list(): Promise<AnswerOf<'GET /api/admin/redirects'>> {
    return ok({ redirects: await this.redirects.list() });
  }

  @ApiOperation({
    summary: 'Add a redirect',
    description:
      'From an address of this site to another or to an https:// address, 301 or 302. One hop at most: a 400 names the redirect a chain or loop would go through, or the published page that answers at `from`; a 409 when another redirect has the same `from`.',
  })
  @Post()
  async create(@Body() dto: CreateRedirectDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'POST /api/admin/redirects'>> {
    return ok({ message: REDIRECT_MESSAGES.created, redirect: await this.redirects.create(dto, { id: admin.id, email: admin.email }) });
  }

  @ApiOperation({ summary: 'Delete a redirect', description: 'Its `from` answers as it would without it (a page, 410 for a deleted page, or 404).' })
  @Delete(':id')
  async delete(@Param('id') id: string): Promise<AnswerOf<'DELETE /api/admin/redirects/:id'>> {
    await this.redirects.delete(id);
    return ok({ message: REDIRECT_MESSAGES.deleted });
  }
}
