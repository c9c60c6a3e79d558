import { MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { UpdateWebhookDto } from './dto/update-webhook.dto';
import { WebhooksService } from './webhooks.service';

/** Settings → Webhooks: signed calls to a CRM or an automation on events. */
@ApiTags('settings')
@Controller('api/admin/settings/webhooks')
export class WebhooksController {
  constructor(private readonly webhooksService: WebhooksService) {}

  @ApiOperation({ summary: 'List the webhook endpoints' })
  @Get()
  @AdminOnly('owner')
  async list(): Promise<AnswerOf<'GET /api/admin/settings/webhooks'>> {
    return ok({ webhooks: await this.webhooksService.list() });
  }

  @ApiOperation({
    summary: 'Add a webhook endpoint',
    description: 'Its calls are signed with the secret of the answer, the only one that holds it.',
  })
  @ApiErrors({ 400: 'A field breaks its rule, or the URL is not https (http only when allowed) or names a private or local address' })
  @Post()
  @AdminOnly('owner')
  async create(@Body() dto: CreateWebhookDto): Promise<AnswerOf<'POST /api/admin/settings/webhooks'>> {
    const { webhook, secret } = await this.webhooksService.create(dto);
    return ok({ message: MESSAGES.webhookCreated, data: webhook, secret });
  }

  @ApiOperation({ summary: 'Turn a webhook endpoint on or off' })
  @Patch(':id')
  @AdminOnly('owner')
  async update(@Param('id') id: string, @Body() dto: UpdateWebhookDto): Promise<AnswerOf<'PATCH /api/admin/settings/webhooks/:id'>> {
    const webhook = await this.webhooksService.setEnabled(id, dto.enabled);
    return ok({ message: webhook.enabled ? MESSAGES.webhookEnabled : MESSAGES.webhookDisabled, data: webhook });
  }

  @ApiOperation({ summary: 'Delete a webhook endpoint' })
  @Delete(':id')
  @AdminOnly('owner')
  async delete(@Param('id') id: string): Promise<AnswerOf<'DELETE /api/admin/settings/webhooks/:id'>> {
    await this.webhooksService.delete(id);
    return ok({ message: MESSAGES.webhookDeleted });
  }
}
