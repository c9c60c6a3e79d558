import { required } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { AuditInTransaction } from '../audit/audit-log';
import { DATABASE, type Database } from '../database/database';
import { availabilities, type AvailabilityRow } from '../database/schema';

/** What a save writes: every setting, and the sealed busy calendar URL (null: none; undefined: keep the stored one). */
export type AvailabilityValues = Omit<AvailabilityRow, 'adminId' | 'updatedAt' | 'busyCalendarUrl'> & { busyCalendarUrl: string | null | undefined };

/** Each admin's availability for booked calls (one row per admin who saved one). */
@Injectable()
export class AvailabilityRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The admin's row, undefined until they save their availability. */
  async find(adminId: string): Promise<AvailabilityRow | undefined> {
    const [row] = await this.db.select().from(availabilities).where(eq(availabilities.adminId, adminId));
    return row;
  }

  /**
   * Stores the admin's availability; the audit entry (`audit`, given the row before, if any) is written in the same
   * transaction. The row is locked first, so two saves at once each see the other's as the one before.
   */
  async save(adminId: string, values: AvailabilityValues, audit: AuditInTransaction<AvailabilityRow | undefined>): Promise<AvailabilityRow> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(availabilities).where(eq(availabilities.adminId, adminId)).for('update');
      const busyCalendarUrl = values.busyCalendarUrl === undefined ? (before?.busyCalendarUrl ?? null) : values.busyCalendarUrl;
      const stored = { ...values, busyCalendarUrl };
      const [row] = await tx
        .insert(availabilities)
        .values({ adminId, ...stored })
        .onConflictDoUpdate({ target: availabilities.adminId, set: { ...stored, updatedAt: sql`now()` } })
        .returning();
      await audit(tx, before);
      return required(row, 'the saved availability');
    });
  }

  /**
   * Stores `rewrite(url)` in place of every sealed busy calendar URL it answers a new value for (undefined: kept as
   * it is); answers how many. In one transaction that locks the rows with an address, as a save does: instances
   * starting together rewrite one after the other (the later ones find nothing left to do), and a save waits for it.
   */
  async rewriteBusyCalendarUrls(rewrite: (stored: string) => string | undefined): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ adminId: availabilities.adminId, busyCalendarUrl: availabilities.busyCalendarUrl })
        .from(availabilities)
        .where(isNotNull(availabilities.busyCalendarUrl))
        .for('update');
      let rewritten = 0;
      for (const row of rows) {
        const busyCalendarUrl = row.busyCalendarUrl === null ? undefined : rewrite(row.busyCalendarUrl);
        if (busyCalendarUrl === undefined) continue;
        await tx.update(availabilities).set({ busyCalendarUrl }).where(eq(availabilities.adminId, row.adminId));
        rewritten += 1;
      }
      return rewritten;
    });
  }
}
