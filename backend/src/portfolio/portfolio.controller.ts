import { MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { JSON_CONTENT_TYPE, ok, type JsonBytes } from '../common/answer';
import { PortfolioDto } from './dto/portfolio.dto';
import { PortfolioService } from './portfolio.service';

@ApiTags('portfolio')
@Controller('api/portfolio')
export class PortfolioController {
  constructor(private readonly portfolioService: PortfolioService) {}

  @Get()
  @Header('Content-Type', JSON_CONTENT_TYPE)
  list(): Promise<JsonBytes<AnswerOf<'GET /api/portfolio'>>> {
    return this.portfolioService.listJson();
  }

  @Post()
  @HttpCode(201)
  @AdminOnly('portfolio')
  async create(@Body() dto: PortfolioDto): Promise<AnswerOf<'POST /api/portfolio'>> {
    return ok({ message: MESSAGES.portfolioCreated, data: await this.portfolioService.create(dto) });
  }

  @Put(':id')
  @AdminOnly('portfolio')
  async update(@Param('id') id: string, @Body() dto: PortfolioDto): Promise<AnswerOf<'PUT /api/portfolio/:id'>> {
    return ok({ message: MESSAGES.portfolioUpdated, data: await this.portfolioService.update(id, dto) });
  }

  @Delete(':id')
  @AdminOnly('portfolio')
  async delete(@Param('id') id: string): Promise<AnswerOf<'DELETE /api/portfolio/:id'>> {
    await this.portfolioService.delete(id);
    return ok({ message: MESSAGES.portfolioDeleted });
  }
}
