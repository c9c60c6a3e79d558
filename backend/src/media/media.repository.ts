import { required } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { count, desc, inArray } from 'drizzle-orm';
import type { AuditExecutor } from '../audit/audit.repository';
import { DATABASE, type Database } from '../database/database';
import { media, type MediaRow } from '../database/schema';

export type NewMedia = Omit<MediaRow, 'createdAt'>;

@Injectable()
export class MediaRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Records an upload; its audit entry is written in the same transaction. */
  async insert(row: NewMedia, audit: (tx: AuditExecutor) => Promise<void>): Promise<MediaRow> {
    return this.db.transaction(async (tx) => {
      const [inserted] = await tx.insert(media).values(row).returning();
      await audit(tx);
      return required(inserted, 'the inserted picture');
    });
  }

  /** Newest first. */
  async list(page: { limit: number; offset: number }): Promise<{ rows: MediaRow[]; total: number }> {
    const [rows, [counted]] = await Promise.all([
      this.db.select().from(media).orderBy(desc(media.createdAt), desc(media.id)).limit(page.limit).offset(page.offset),
      this.db.select({ total: count() }).from(media),
    ]);
    return { rows, total: required(counted, 'the count of pictures').total };
  }

  async sizes(ids: string[]): Promise<Pick<MediaRow, 'id' | 'width' | 'height'>[]> {
    if (ids.length === 0) return [];
    return this.db.select({ id: media.id, width: media.width, height: media.height }).from(media).where(inArray(media.id, ids));
  }
}
