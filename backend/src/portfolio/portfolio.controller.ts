import { MESSAGES } from '@brightwave/common';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { PortfolioDto } from './dto/portfolio.dto';
import { PortfolioService } from './portfolio.service';

@ApiTags('portfolio')
@Controller('api/portfolio')
export class PortfolioController {
  constructor(private readonly portfolioService: PortfolioService) {}

  @Get()
  @Header('Content-Type', 'application/json; charset=utf-8')
  list(): Promise<string> {
    return this.portfolioService.listJson();
  }

  @Post()
  @HttpCode(201)
  @AdminOnly()
  async create(@Body() dto: PortfolioDto) {
    return { success: true, message: MESSAGES.portfolioCreated, data: await this.portfolioService.create(dto) };
  }

  @Put(':id')
  @AdminOnly()
  async update(@Param('id') id: string, @Body() dto: PortfolioDto) {
    return { success: true, message: MESSAGES.portfolioUpdated, data: await this.portfolioService.update(id, dto) };
  }

  @Delete(':id')
  @AdminOnly()
  async delete(@Param('id') id: string) {
    await this.portfolioService.delete(id);
    return { success: true, message: MESSAGES.portfolioDeleted };
  }
}
