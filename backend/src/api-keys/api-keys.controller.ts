import { API_KEY_MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { ok } from '../common/answer';
import { ApiKeysService } from './api-keys.service';
import { ApiKeyDto } from './dto/api-keys.dto';

/** API keys for integrations (decision 092): made and revoked by signed-in admins only (a key cannot manage keys). */
@ApiTags('account')
@Controller('api/admin/api-keys')
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @ApiOperation({
    summary: 'API keys',
    description: 'An owner sees every admin’s keys, the others their own; never the key itself, only its last four characters. Revoked keys are not listed.',
  })
  @Get()
  @AdminOnly('everyone')
  async list(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/admin/api-keys'>> {
    return ok({ apiKeys: await this.apiKeys.list(admin) });
  }

  @ApiOperation({
    summary: 'Create an API key',
    description:
      'Answers the key (`bw_` and 43 base64url characters: 32 random bytes) this once; only its SHA-256 is kept. It is sent as ' +
      '`Authorization: Bearer bw_…` and acts as its creator within its scopes, while the creator is active and their role allows them. Audited.',
  })
  @ApiErrors({ 400: `\`${API_KEY_MESSAGES.scopeBeyondRole('<scope>')}\` (\`errors.scopes\`), or an expiry not in the future` })
  @Post()
  @HttpCode(201)
  @AdminOnly('everyone')
  async create(@CurrentAdmin() admin: AuthenticatedAdmin, @Body() dto: ApiKeyDto): Promise<AnswerOf<'POST /api/admin/api-keys'>> {
    return ok({ message: API_KEY_MESSAGES.created, ...(await this.apiKeys.create(admin, dto)) });
  }

  @ApiOperation({ summary: 'Revoke an API key', description: 'It stops working at once. An owner may revoke any admin’s key, the others their own. Audited.' })
  @ApiErrors({ 404: API_KEY_MESSAGES.notFound })
  @Delete(':id')
  @AdminOnly('everyone')
  async revoke(@CurrentAdmin() admin: AuthenticatedAdmin, @Param('id') id: string): Promise<AnswerOf<'DELETE /api/admin/api-keys/:id'>> {
    await this.apiKeys.revoke(admin, id);
    return ok({ message: API_KEY_MESSAGES.revoked });
  }
}
