import type { AnswerOf } from '@brightwave/common';
import { Controller, Get, Inject } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { ok } from '../common/answer';
import { DATABASE, type Database } from '../database/database';

@Controller('api/health')
export class HealthController {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Ready when the database answers: used by the compose healthcheck and the proxy. */
  @Get()
  async check(): Promise<AnswerOf<'GET /api/health'>> {
    await this.db.execute(sql`select 1`);
    return ok({ status: 'ok' });
  }
}
