import type { SearchResultKind } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { searchDocuments } from '../database/schema';
import { MATCH_END, MATCH_START, type SearchDocument } from './search-documents';
import { sqlRows } from '../database/sql-rows';

/** A match, the best first: what it is, where, its title, and its snippet with MATCH_START/MATCH_END around each match. */
export interface SearchMatch {
  kind: SearchResultKind;
  url: string;
  title: string;
  snippet: string;
}

/**
 * The texts are stored escaped: PostgreSQL's parser takes `<b` and what follows for a tag, which the vector and
 * ts_headline leave out; escaped, every word of the text counts, and a snippet is HTML already (snippetHtml).
 */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeHtml = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * The text search configuration: English stemming ("audits" finds "audit") and stop words; PGlite has it as PostgreSQL
 * does (docs/decisions/078-site-search.md). The stored vectors use the same (drizzle/0023_search_documents.sql).
 */
const TEXT_SEARCH_CONFIG = sql`'english'::regconfig`;

/** The snippet: up to two passages of 8 to 24 words around the matches. */
const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MinWords=8, MaxWords=24, MaxFragments=2, FragmentDelimiter=" … "`;

/** Rows a statement inserts at most (PostgreSQL takes 65,535 parameters a statement; a row has 7). */
const INSERT_BATCH = 1000;

/**
 * PostgreSQL's full-text search over search_documents: the title weighted A, the summary B, the rest C (the table's
 * generated vector), ranked by ts_rank; the snippet (ts_headline, the costliest part) only for the documents returned.
 */
@Injectable()
export class SearchRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Makes the stored documents `documents`, unless they already are (`source`, their fingerprint, is the stored one):
   * instances that see the same published content write once between them. Instances take turns (the table's lock).
   */
  async replace(source: string, documents: readonly SearchDocument[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${searchDocuments} in exclusive mode`);
      const [stored] = await tx.select({ source: searchDocuments.source }).from(searchDocuments).limit(1);
      if (stored?.source === source) return;
      await tx.delete(searchDocuments);
      const rows = documents.map((document, position) => ({
        position,
        kind: document.kind,
        url: document.url,
        title: escapeHtml(document.title),
        summary: escapeHtml(document.summary),
        body: escapeHtml(document.body),
        source,
      }));
      for (let start = 0; start < rows.length; start += INSERT_BATCH) await tx.insert(searchDocuments).values(rows.slice(start, start + INSERT_BATCH));
    });
  }

  async search(query: string, limit: number): Promise<SearchMatch[]> {
    const rows = await sqlRows<SearchMatch & { snippet: string | null }>(
      this.db,
      sql`
      with query as (select websearch_to_tsquery(${TEXT_SEARCH_CONFIG}, ${query}) as q),
      matches as (
        select d.position, d.kind, d.url, d.title, d.summary, d.body, ts_rank(d.vector, query.q) as rank
        from ${searchDocuments} d, query
        where d.vector @@ query.q
        order by rank desc, d.position
        limit ${limit}
      )
      select matches.kind, matches.url, matches.title,
        ts_headline(${TEXT_SEARCH_CONFIG}, concat_ws(' … ', nullif(matches.summary, ''), nullif(matches.body, '')), query.q, ${HEADLINE_OPTIONS}) as snippet
      from matches, query
      order by matches.rank desc, matches.position`,
    );
    return rows.map((row) => ({
      kind: row.kind,
      url: row.url,
      title: unescapeHtml(row.title),
      snippet: row.snippet ?? '',
    }));
  }
}
