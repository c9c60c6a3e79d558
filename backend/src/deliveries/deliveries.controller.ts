import { MESSAGES, type AnswerOf } from '@brightwave/common';
import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { ListQueryDto } from '../common/list-query.dto';
import { DeliveriesService } from './deliveries.service';

@ApiTags('deliveries')
@Controller('api/admin/deliveries')
export class DeliveriesController {
  constructor(private readonly deliveriesService: DeliveriesService) {}

  @Get()
  @AdminOnly('owner')
  async list(@Query() query: ListQueryDto): Promise<AnswerOf<'GET /api/admin/deliveries'>> {
    return ok(await this.deliveriesService.list(query));
  }

  @Post(':id/retry')
  @HttpCode(200)
  @AdminOnly('owner')
  async retry(@Param('id') id: string): Promise<AnswerOf<'POST /api/admin/deliveries/:id/retry'>> {
    return ok({ message: MESSAGES.deliveryRetried, data: await this.deliveriesService.retry(id) });
  }
}
