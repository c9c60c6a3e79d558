import { desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../database/database';

/** A question as the answers stored in a list's rows name it: its id, and the label of its newest answer. */
export interface AnsweredQuestion {
  id: string;
  label: string;
}

/**
 * The questions answered in the rows `where` selects, each once with the label its newest answer was given under,
 * by id: a CSV export's columns of the questions a form no longer has (docs/features/form-questions.md). One pass
 * over the rows the export reads anyway.
 */
export async function answeredQuestions(
  db: Pick<Database, 'selectDistinctOn'>,
  table: PgTable,
  columns: { answers: PgColumn; createdAt: PgColumn },
  where: SQL | undefined,
): Promise<AnsweredQuestion[]> {
  const id = sql<string>`answer->>'id'`;
  return db
    .selectDistinctOn([id], { id, label: sql<string>`answer->>'label'` })
    .from(sql`${table} cross join lateral jsonb_array_elements(${columns.answers}) as answer`)
    .where(where)
    .orderBy(id, desc(columns.createdAt));
}
