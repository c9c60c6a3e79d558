import { Inject, Injectable } from '@nestjs/common';
import { type AdminRole, required } from '@brightwave/common';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { admins, availabilities, type AdminRow } from '../database/schema';

/** An admin with whether they have set at least one weekly window for booked calls (booking's availabilities). */
export interface AdminWithWorkingHours {
  admin: AdminRow;
  hasWorkingHours: boolean;
}

// No row (availability never saved) is no window.
const hasWorkingHours = sql<boolean>`coalesce(jsonb_array_length(${availabilities.weekly}) > 0, false)`.mapWith(Boolean);

/** The transaction of an admin's change. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

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
    const [counted] = await this.db.select({ total: count() }).from(admins);
    return required(counted, 'the count of admins').total;
  }

  /** Inserts unless the e-mail is taken (also when another instance inserts it at the same moment). */
  async insertIfAbsent(values: typeof admins.$inferInsert): Promise<AdminRow | undefined> {
    const [row] = await this.db.insert(admins).values(values).onConflictDoNothing({ target: admins.email }).returning();
    return row;
  }

  async updatePasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.update(admins).set({ passwordHash }).where(eq(admins.id, id));
  }

  async markSignedIn(id: string, now: Date): Promise<void> {
    await this.db.update(admins).set({ lastSignInAt: now }).where(eq(admins.id, id));
  }

  /**
   * Updates an admin unless it would leave no active owner: the active owners are locked first, so concurrent
   * changes see each other. `alsoDo` runs in the same transaction after an update (what the change entails: the
   * admin's items unassigned) and its answer comes back as `also`. Answers the updated row, 'missing' or 'last-owner'.
   */
  async updateGuardingOwners<Also>(
    id: string,
    changes: { role?: AdminRole; disabledAt?: Date | null },
    alsoDo: (tx: Transaction, before: AdminRow, after: AdminRow) => Promise<Also>,
  ): Promise<{ before: AdminRow; after: AdminRow; also: Also | undefined } | 'missing' | 'last-owner'> {
    return this.db.transaction(async (tx) => {
      const owners = await tx
        .select({ id: admins.id })
        .from(admins)
        .where(and(eq(admins.role, 'owner'), isNull(admins.disabledAt)))
        .for('update');
      const [current] = await tx.select().from(admins).where(eq(admins.id, id)).for('update');
      if (!current) return 'missing';
      const stillOwner =
        (changes.role ?? current.role) === 'owner' && (changes.disabledAt === undefined ? current.disabledAt === null : changes.disabledAt === null);
      const isActiveOwner = owners.some((owner) => owner.id === id);
      if (isActiveOwner && !stillOwner && owners.length === 1) return 'last-owner';
      const values = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      if (Object.keys(values).length === 0) return { before: current, after: current, also: undefined };
      const [row] = await tx.update(admins).set(values).where(eq(admins.id, id)).returning();
      const after = required(row, 'the updated admin (locked above)');
      return { before: current, after, also: await alsoDo(tx, current, after) };
    });
  }

  async list(): Promise<AdminRow[]> {
    return this.db.select().from(admins).orderBy(asc(admins.createdAt), asc(admins.email));
  }

  /** Every admin as list() orders them, with their working hours: one query. */
  async listWithWorkingHours(): Promise<AdminWithWorkingHours[]> {
    return this.db
      .select({ admin: admins, hasWorkingHours })
      .from(admins)
      .leftJoin(availabilities, eq(availabilities.adminId, admins.id))
      .orderBy(asc(admins.createdAt), asc(admins.email));
  }

  async hasWorkingHours(id: string): Promise<boolean> {
    const [row] = await this.db.select({ hasWorkingHours }).from(availabilities).where(eq(availabilities.adminId, id));
    return row?.hasWorkingHours ?? false;
  }
}
