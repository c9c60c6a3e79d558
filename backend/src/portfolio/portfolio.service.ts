import { MESSAGES, type PortfolioItem } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { isId } from '../common/ids';
import type { PortfolioDto } from './dto/portfolio.dto';
import { toPortfolioItem } from './portfolio.mapper';
import { PortfolioRepository } from './portfolio.repository';

/** Technologies keep their first spelling; repeats ("React", "react") are dropped. */
function uniqueTechStack(techStack: string[]): string[] {
  const seen = new Set<string>();
  return techStack.filter((tech) => {
    const key = tech.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

@Injectable()
export class PortfolioService {
  constructor(private readonly portfolio: PortfolioRepository) {}

  async list(): Promise<PortfolioItem[]> {
    return (await this.portfolio.listNewestFirst()).map(toPortfolioItem);
  }

  async create(dto: PortfolioDto): Promise<PortfolioItem> {
    return toPortfolioItem(await this.portfolio.insert({ ...dto, techStack: uniqueTechStack(dto.techStack) }));
  }

  async update(id: string, dto: PortfolioDto): Promise<PortfolioItem> {
    const row = isId(id) ? await this.portfolio.update(id, { ...dto, techStack: uniqueTechStack(dto.techStack) }) : undefined;
    if (!row) throw ApiError.notFound(MESSAGES.portfolioNotFound);
    return toPortfolioItem(row);
  }

  async delete(id: string): Promise<void> {
    const deleted = isId(id) && (await this.portfolio.delete(id));
    if (!deleted) throw ApiError.notFound(MESSAGES.portfolioNotFound);
  }
}
