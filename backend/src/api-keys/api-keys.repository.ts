import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, isNull, or, lt } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { admins, apiKeys, type AdminRow, type ApiKeyRow } from '../database/schema';

export type NewApiKey = Pick<ApiKeyRow, 'adminId' | 'name' | 'keyHash' | 'lastFour' | 'scopes' | 'expiresAt' | 'createdAt'>;
export type ApiKeyWithCreator = { key: ApiKeyRow; admin: AdminRow };

@Injectable()
export class ApiKeysRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(key: NewApiKey): Promise<ApiKeyRow> {
    const [row] = await this.db.insert(apiKeys).values(key).returning();
    return row as ApiKeyRow;
  }

  /** The key whose SHA-256 is `keyHash` (revoked or not) with its creator. */
  async findByHash(keyHash: string): Promise<ApiKeyWithCreator | undefined> {
    const [row] = await this.db
      .select({ key: apiKeys, admin: admins })
      .from(apiKeys)
      .innerJoin(admins, eq(admins.id, apiKeys.adminId))
      .where(eq(apiKeys.keyHash, keyHash))
      .limit(1);
    return row;
  }

  /** The keys not revoked, newest first: of one admin, or of everyone (`adminId` null). */
  list(adminId: string | null): Promise<ApiKeyWithCreator[]> {
    return this.db
      .select({ key: apiKeys, admin: admins })
      .from(apiKeys)
      .innerJoin(admins, eq(admins.id, apiKeys.adminId))
      .where(and(isNull(apiKeys.revokedAt), adminId === null ? undefined : eq(apiKeys.adminId, adminId)))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  }

  /** Records a use at `now` unless one was recorded after `staleBefore` (by this instance or another). */
  async touch(id: string, now: Date, staleBefore: Date): Promise<void> {
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
  }

  /** Revokes key `id` (of `adminId` only, unless null); answers it, or undefined when there is no such key not yet revoked. */
  async revoke(id: string, adminId: string | null, now: Date): Promise<ApiKeyRow | undefined> {
    const [row] = await this.db
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt), adminId === null ? undefined : eq(apiKeys.adminId, adminId)))
      .returning();
    return row;
  }
}
