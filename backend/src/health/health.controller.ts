import { Controller, Get, Inject } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';

@Controller('api/health')
export class HealthController {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Ready when the database answers: used by the compose healthcheck and the proxy. */
  @Get()
  async check() {
    await this.db.execute(sql`select 1`);
    return { success: true, status: 'ok' };
  }
}
