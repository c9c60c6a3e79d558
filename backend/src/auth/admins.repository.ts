import { Inject, Injectable } from '@nestjs/common';
import { asc, count, eq } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { admins, type AdminRow } from '../database/schema';

@Injectable()
export class AdminsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async findByEmail(email: string): Promise<AdminRow | undefined> {
    const [row] = await this.db.select().from(admins).where(eq(admins.email, email)).limit(1);
    return row;
  }

  async findById(id: string): Promise<AdminRow | undefined> {
    const [row] = await this.db.select().from(admins).where(eq(admins.id, id)).limit(1);
    return row;
  }

  async count(): Promise<number> {
    const [{ total }] = await this.db.select({ total: count() }).from(admins);
    return total;
  }

  /** Inserts unless the e-mail is taken (also when another instance inserts it at the same moment). */
  async insertIfAbsent(values: typeof admins.$inferInsert): Promise<AdminRow | undefined> {
    const [row] = await this.db.insert(admins).values(values).onConflictDoNothing({ target: admins.email }).returning();
    return row;
  }

  async updatePasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.update(admins).set({ passwordHash }).where(eq(admins.id, id));
  }

  async list(): Promise<AdminRow[]> {
    return this.db.select().from(admins).orderBy(asc(admins.createdAt), asc(admins.email));
  }
}
