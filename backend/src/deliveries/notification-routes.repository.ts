import type { NotificationRoutes } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { settings } from '../database/schema';
import { routesFromStored } from './notification-routes';

const KEY = 'notification_routes';

/** Settings → Notifications, stored as one row of the settings table. */
@Injectable()
export class NotificationRoutesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async load(): Promise<NotificationRoutes> {
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
    return routesFromStored(row?.value);
  }

  async save(routes: NotificationRoutes): Promise<void> {
    await this.db
      .insert(settings)
      .values({ key: KEY, value: routes })
      .onConflictDoUpdate({ target: settings.key, set: { value: routes, updatedAt: sql`now()` } });
  }
}
