import { MESSAGES, type AnswerOf, type PortfolioItem } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { changedFields, givenFields } from '../audit/changed-fields';
import { DomainError } from '../common/domain-error';
import { jsonBytes, ok, type JsonBytes } from '../common/answer';
import { PUBLIC_LIST_TTL_MS, TtlCache } from '../common/ttl-cache';
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
  private readonly publicList = new TtlCache<JsonBytes<AnswerOf<'GET /api/portfolio'>>>(PUBLIC_LIST_TTL_MS);

  constructor(
    private readonly portfolio: PortfolioRepository,
    private readonly audit: AuditLog,
  ) {}

  /** The answer of GET /api/portfolio as JSON, cached briefly (every visit to /portfolio asks for it). */
  listJson(): Promise<JsonBytes<AnswerOf<'GET /api/portfolio'>>> {
    return this.publicList.get(async () => jsonBytes(ok({ portfolios: (await this.portfolio.listNewestFirst()).map(toPortfolioItem) })));
  }

  /** The public answer while its cache is fresh, else undefined (the route then loads it). */
  freshListJson(): JsonBytes<AnswerOf<'GET /api/portfolio'>> | undefined {
    return this.publicList.fresh();
  }

  async create(dto: PortfolioDto): Promise<PortfolioItem> {
    const row = await this.portfolio.insert({ ...dto, techStack: uniqueTechStack(dto.techStack) });
    this.publicList.clear();
    await this.audit.record('portfolio.created', { kind: 'portfolio', id: row.id }, { fields: givenFields(dto), title: row.projectTitle });
    return toPortfolioItem(row);
  }

  async update(id: string, dto: PortfolioDto): Promise<PortfolioItem> {
    const current = isId(id) ? await this.portfolio.findById(id) : undefined;
    if (!current) throw DomainError.notFound(MESSAGES.portfolioNotFound);
    const values = { ...dto, techStack: uniqueTechStack(dto.techStack) };
    const row = await this.portfolio.update(id, values);
    if (!row) throw DomainError.notFound(MESSAGES.portfolioNotFound);
    this.publicList.clear();
    await this.audit.record('portfolio.updated', { kind: 'portfolio', id }, { fields: changedFields(current, values) });
    return toPortfolioItem(row);
  }

  async delete(id: string): Promise<void> {
    const title = isId(id) ? await this.portfolio.delete(id) : undefined;
    if (title === undefined) throw DomainError.notFound(MESSAGES.portfolioNotFound);
    this.publicList.clear();
    await this.audit.record('portfolio.deleted', { kind: 'portfolio', id }, { title });
  }
}
