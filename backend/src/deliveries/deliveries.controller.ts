import { MESSAGES, type AnswerOf } from '@brightwave/common';
import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { ListQueryDto } from '../common/list-query.dto';
import { DeliveriesService } from './deliveries.service';

@ApiTags('deliveries')
@Controller('api/admin/deliveries')
export class DeliveriesController {
  constructor(private readonly deliveriesService: DeliveriesService) {}

  @ApiOperation({
    summary: 'List the outgoing messages',
    description: 'The mails and webhook calls of the outbox, with their attempts and last error; `q` searches the recipient.',
  })
  @Get()
  @AdminOnly('owner')
  async list(@Query() query: ListQueryDto): Promise<AnswerOf<'GET /api/admin/deliveries'>> {
    return ok(await this.deliveriesService.list(query));
  }

  @ApiOperation({ summary: 'Retry a failed message', description: 'It goes back to the queue now, with a fresh day of retries.' })
  @ApiErrors({ 409: MESSAGES.deliveryNotFailed })
  @Post(':id/retry')
  @HttpCode(200)
  @AdminOnly('owner')
  async retry(@Param('id') id: string): Promise<AnswerOf<'POST /api/admin/deliveries/:id/retry'>> {
    return ok({ message: MESSAGES.deliveryRetried, data: await this.deliveriesService.retry(id) });
  }
}
