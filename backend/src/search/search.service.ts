import { createHash } from 'node:crypto';
import { SEARCH_RESULTS_MAX, type AnswerOf, type SearchAnswer } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { ContentService, type PublishedContent } from '../content/content.service';
import { JobsService } from '../jobs/jobs.service';
import { PortfolioService } from '../portfolio/portfolio.service';
import { MATCH_END, MATCH_START, searchDocuments, type SearchDocument } from './search-documents';
import { SearchRepository } from './search.repository';

/**
 * A snippet as the site shows it. The repository hands PostgreSQL the texts HTML-escaped, so that its parser reads a
 * `<` of the text as text and not as a tag to leave out, and ts_headline answers pieces of them: escaped already. A
 * bracket left is escaped all the same, then the matches marked, so that `<mark>` is the only tag a snippet holds.
 */
export function snippetHtml(headline: string): string {
  return headline.replace(/\s+/g, ' ').trim().replace(/</g, '&lt;').replace(/>/g, '&gt;').replaceAll(MATCH_START, '<mark>').replaceAll(MATCH_END, '</mark>');
}

/**
 * Site search (docs/features/search.md): what visitors can see now (the published content, the portfolio's public
 * list, the open jobs' public list, each cached as the site's pages use them) is made into documents once per change
 * of any of them and stored (SearchRepository.replace), then searched by PostgreSQL's full-text search. Searching the
 * documents made at query time took 300 to 500 ms for 300 documents (docs/decisions/078-site-search.md).
 */
@Injectable()
export class SearchService {
  private documents?: { content: PublishedContent; portfolio: Buffer; jobs: Buffer; list: SearchDocument[] };
  /** The documents last stored, and their writing (a search waits for it). */
  private stored?: { list: SearchDocument[]; written: Promise<void> };

  constructor(
    private readonly repository: SearchRepository,
    private readonly content: ContentService,
    private readonly portfolio: PortfolioService,
    private readonly jobs: JobsService,
  ) {}

  async search(query: string): Promise<SearchAnswer> {
    await this.storeCurrentDocuments();
    const matches = await this.repository.search(query, SEARCH_RESULTS_MAX);
    return { query, results: matches.map((match) => ({ ...match, snippet: snippetHtml(match.snippet) })) };
  }

  /** Stores what visitors see when it changed since it was last stored here (once, however many search meanwhile). */
  private async storeCurrentDocuments(): Promise<void> {
    const list = await this.currentDocuments();
    if (this.stored?.list !== list) {
      const source = createHash('sha256').update(JSON.stringify(list)).digest('base64url');
      const written = this.repository.replace(source, list).catch((error: unknown) => {
        // The next search tries again.
        if (this.stored?.written === written) this.stored = undefined;
        throw error;
      });
      this.stored = { list, written };
    }
    await this.stored.written;
  }

  private async currentDocuments(): Promise<SearchDocument[]> {
    const [content, portfolio, jobs] = await Promise.all([this.content.publishedContent(), this.portfolio.listJson(), this.jobs.publicListJson()]);
    const cached = this.documents;
    if (cached?.content === content && cached.portfolio === portfolio && cached.jobs === jobs) return cached.list;
    const items = (JSON.parse(portfolio.toString('utf8')) as AnswerOf<'GET /api/portfolio'>).portfolios;
    const openJobs = (JSON.parse(jobs.toString('utf8')) as AnswerOf<'GET /api/jobs'>).jobs;
    const list = searchDocuments(content, items, openJobs);
    this.documents = { content, portfolio, jobs, list };
    return list;
  }
}
