import { caseStudyPath, emptyCaseStudy, required, caseStudySlugFromTitle, type CaseStudyDocument } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { desc, eq, like, or } from 'drizzle-orm';
import type { ContentAuthor } from '../content/content.repository';
import { caseStudyKey } from '../content/document-keys';
import { recordGonePath } from '../content/gone-paths';
import { DATABASE, type Database } from '../database/database';
import { contentPages, contentVersions, portfolioItems, type PortfolioItemRow } from '../database/schema';
import { redirectsForPublishedPage, type PageRedirectChanges } from '../redirects/page-redirects';

type PortfolioValues = Omit<typeof portfolioItems.$inferInsert, 'id' | 'createdAt' | 'slug'>;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Whether an error is PostgreSQL's unique violation (two writers took the same slug at once). */
function isUniqueViolation(error: unknown): boolean {
  const cause = error as { code?: string; cause?: { code?: string } };
  return (cause.code ?? cause.cause?.code) === '23505';
}

/**
 * Inserts portfolio items with their case studies' documents (`case:<id>`: an empty story, never published), each at
 * a slug of its own: the given one, else one made from its title (`atlas`, `atlas-2`…). Also the demo seed's way in.
 */
export async function insertPortfolioItems(
  tx: Transaction,
  items: (PortfolioValues & { slug?: string; createdAt?: Date; caseStudy?: CaseStudyDocument })[],
  author: ContentAuthor = { id: null, email: null },
): Promise<PortfolioItemRow[]> {
  const rows: PortfolioItemRow[] = [];
  for (const { slug, caseStudy, ...values } of items) {
    const [row] = await tx
      .insert(portfolioItems)
      .values({ ...values, slug: slug ?? (await freeSlug(tx, caseStudySlugFromTitle(values.projectTitle))) })
      .returning();
    const item = required(row, 'the inserted portfolio item');
    const key = caseStudyKey(item.id);
    await tx.insert(contentPages).values({ key, publishedVersionId: null, publishedFields: null });
    await tx
      .insert(contentVersions)
      .values({ pageKey: key, kind: 'draft', fields: caseStudy ?? emptyCaseStudy(), authorId: author.id, authorEmail: author.email });
    rows.push(item);
  }
  return rows;
}

/** `base` when no item has it, else the first of `base-2`, `base-3`… that none has. */
async function freeSlug(tx: Pick<Database, 'select'>, base: string): Promise<string> {
  const taken = new Set(
    (
      await tx
        .select({ slug: portfolioItems.slug })
        .from(portfolioItems)
        .where(or(eq(portfolioItems.slug, base), like(portfolioItems.slug, `${base}-%`)))
    ).map((row) => row.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

@Injectable()
export class PortfolioRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  listNewestFirst(): Promise<PortfolioItemRow[]> {
    return this.db.select().from(portfolioItems).orderBy(desc(portfolioItems.createdAt), desc(portfolioItems.id));
  }

  /**
   * Inserts an item with its case study; answers undefined when its given slug is taken (checked first, and by the
   * unique index when two writers race). A slug made from the title is tried again on a race.
   */
  async insert(values: PortfolioValues, slug: string | undefined, caseStudy: CaseStudyDocument, author: ContentAuthor): Promise<PortfolioItemRow | undefined> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.db.transaction(async (tx) => {
          if (slug !== undefined && (await this.slugOwner(slug, undefined, tx))) return undefined;
          const [row] = await insertPortfolioItems(tx, [{ ...values, slug, caseStudy }], author);
          return row;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (slug !== undefined) return undefined;
        if (attempt >= 3) throw error;
      }
    }
  }

  /** The title of the item (other than `exceptId`) at a slug, if any. */
  async slugOwner(slug: string, exceptId?: string, executor: Pick<Database, 'select'> = this.db): Promise<string | undefined> {
    const [row] = await executor
      .select({ id: portfolioItems.id, title: portfolioItems.projectTitle })
      .from(portfolioItems)
      .where(eq(portfolioItems.slug, slug));
    return row && row.id !== exceptId ? row.title : undefined;
  }

  /**
   * Replaces an item's fields; a new slug moves its case study, and its old address then leads to the new one (301,
   * redirectsForPublishedPage, in the same transaction). Answers undefined when the item is gone, 'slug-taken' when
   * another took the slug meanwhile.
   */
  async update(
    id: string,
    values: PortfolioValues,
    slug: string | undefined,
    publisherEmail: string | null,
  ): Promise<{ row: PortfolioItemRow; redirects: PageRedirectChanges | undefined } | 'slug-taken' | undefined> {
    try {
      return await this.db.transaction(async (tx) => {
        const [current] = await tx.select().from(portfolioItems).where(eq(portfolioItems.id, id)).for('update');
        if (!current) return undefined;
        const moved = slug !== undefined && slug !== current.slug;
        const [row] = await tx
          .update(portfolioItems)
          .set({ ...values, ...(moved ? { slug } : {}) })
          .where(eq(portfolioItems.id, id))
          .returning();
        const redirects = moved ? await redirectsForPublishedPage(tx, caseStudyPath(current.slug), caseStudyPath(slug), publisherEmail) : undefined;
        return { row: required(row, 'the updated portfolio item'), redirects };
      });
    } catch (error) {
      if (isUniqueViolation(error)) return 'slug-taken';
      throw error;
    }
  }

  async findById(id: string): Promise<PortfolioItemRow | undefined> {
    const [row] = await this.db.select().from(portfolioItems).where(eq(portfolioItems.id, id));
    return row;
  }

  /**
   * Deletes the item and its case study (its versions and schedules go with its document); its address is kept as gone
   * (410). Answers its title.
   */
  async delete(id: string): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(portfolioItems)
        .where(eq(portfolioItems.id, id))
        .returning({ title: portfolioItems.projectTitle, slug: portfolioItems.slug });
      if (row) {
        await tx.delete(contentPages).where(eq(contentPages.key, caseStudyKey(id)));
        await recordGonePath(tx, caseStudyPath(row.slug));
      }
      return row?.title;
    });
  }
}
