import type { AdminRole, NotificationRouting } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { eq, inArray, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { admins, settings } from '../database/schema';
import { routingFromStored } from './notification-routes';

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

  async load(): Promise<NotificationRouting> {
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
    return routingFromStored(row?.value);
  }

  async save(routing: NotificationRouting): Promise<void> {
    await this.db
      .insert(settings)
      .values({ key: KEY, value: routing })
      .onConflictDoUpdate({ target: settings.key, set: { value: routing, updatedAt: sql`now()` } });
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
