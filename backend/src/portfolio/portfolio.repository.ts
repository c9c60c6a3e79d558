import { required } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { desc, eq } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { portfolioItems, type PortfolioItemRow } from '../database/schema';

type PortfolioValues = Omit<typeof portfolioItems.$inferInsert, 'id' | 'createdAt'>;

@Injectable()
export class PortfolioRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  listNewestFirst(): Promise<PortfolioItemRow[]> {
    return this.db.select().from(portfolioItems).orderBy(desc(portfolioItems.createdAt), desc(portfolioItems.id));
  }

  async insert(values: PortfolioValues): Promise<PortfolioItemRow> {
    const [row] = await this.db.insert(portfolioItems).values(values).returning();
    return required(row, 'the inserted portfolio item');
  }

  async update(id: string, values: PortfolioValues): Promise<PortfolioItemRow | undefined> {
    const [row] = await this.db.update(portfolioItems).set(values).where(eq(portfolioItems.id, id)).returning();
    return row;
  }

  async findById(id: string): Promise<PortfolioItemRow | undefined> {
    const [row] = await this.db.select().from(portfolioItems).where(eq(portfolioItems.id, id));
    return row;
  }

  /** Answers the deleted item's title, or undefined when there was none. */
  async delete(id: string): Promise<string | undefined> {
    const [row] = await this.db.delete(portfolioItems).where(eq(portfolioItems.id, id)).returning({ title: portfolioItems.projectTitle });
    return row?.title;
  }
}
