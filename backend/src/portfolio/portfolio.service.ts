import { MESSAGES, type AnswerOf, type PortfolioItem } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/domain-error';
import { ok, type JsonText } from '../common/answer';
import { CachedJson, PUBLIC_LIST_TTL_MS } from '../common/cached-json';
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
  private readonly publicList = new CachedJson<AnswerOf<'GET /api/portfolio'>>(PUBLIC_LIST_TTL_MS);

  constructor(private readonly portfolio: PortfolioRepository) {}

  /** The answer of GET /api/portfolio as JSON, cached briefly (every visit to /portfolio asks for it). */
  listJson(): Promise<JsonText<AnswerOf<'GET /api/portfolio'>>> {
    return this.publicList.get(async () => ok({ portfolios: (await this.portfolio.listNewestFirst()).map(toPortfolioItem) }));
  }

  async create(dto: PortfolioDto): Promise<PortfolioItem> {
    const row = await this.portfolio.insert({ ...dto, techStack: uniqueTechStack(dto.techStack) });
    this.publicList.clear();
    return toPortfolioItem(row);
  }

  async update(id: string, dto: PortfolioDto): Promise<PortfolioItem> {
    const row = isId(id) ? await this.portfolio.update(id, { ...dto, techStack: uniqueTechStack(dto.techStack) }) : undefined;
    if (!row) throw DomainError.notFound(MESSAGES.portfolioNotFound);
    this.publicList.clear();
    return toPortfolioItem(row);
  }

  async delete(id: string): Promise<void> {
    const deleted = isId(id) && (await this.portfolio.delete(id));
    if (!deleted) throw DomainError.notFound(MESSAGES.portfolioNotFound);
    this.publicList.clear();
  }
}
