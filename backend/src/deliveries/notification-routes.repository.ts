import { perRoute, routeValue, type AdminRole } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { eq, inArray, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { admins, settings } from '../database/schema';
import { routingFromStored, type StoredChat, type StoredRouting } from './notification-routes';
import { OutboxRepository } from './outbox.repository';

const KEY = 'notification_routes';

/** An admin as the round-robin settings check them: whether they exist, may take the route's items, are active. */
export interface AssigneeCandidate {
  id: string;
  name: string;
  role: AdminRole;
  disabled: boolean;
}

/** Settings → Notifications, stored as one row of the settings table. */
@Injectable()
export class NotificationRoutesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async load(): Promise<StoredRouting> {
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
    return routingFromStored(row?.value);
  }

  async save(routing: StoredRouting): Promise<void> {
    await this.db
      .insert(settings)
      .values({ key: KEY, value: routing })
      .onConflictDoUpdate({ target: settings.key, set: { value: routing, updatedAt: sql`now()` } });
  }

  /**
   * Rewrites the stored chat channels `rewrite` answers a new value for (undefined: kept as it is), in one transaction
   * that locks the settings row: instances starting together rewrite one after the other, and the later ones find
   * nothing left to do; a save on another instance waits for it. Answers how many were rewritten.
   */
  async rewriteChats(rewrite: (chat: StoredChat) => StoredChat | undefined): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY)).for('update');
      if (!row) return 0;
      const routing = routingFromStored(row.value);
      let rewritten = 0;
      const chat = perRoute((key) => {
        const stored = routeValue(routing.chat, key);
        const replaced = stored && rewrite(stored);
        if (!replaced) return stored;
        rewritten += 1;
        return replaced;
      });
      if (rewritten > 0)
        await tx
          .update(settings)
          .set({ value: { ...routing, chat }, updatedAt: sql`now()` })
          .where(eq(settings.key, KEY));
      return rewritten;
    });
  }

  /** The addresses of the active owners, the first owner first: an empty route's fallback when NOTIFY_TO is not set. */
  activeOwners(): Promise<string[]> {
    return OutboxRepository.activeOwners(this.db);
  }

  /** The admins among `ids` (the others no longer exist). */
  async candidates(ids: string[]): Promise<AssigneeCandidate[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: admins.id, name: admins.name, role: admins.role, disabled: sql<boolean>`${admins.disabledAt} is not null` })
      .from(admins)
      .where(inArray(admins.id, ids));
  }
}
