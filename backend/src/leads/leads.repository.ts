import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '../database/database';
import type { leads } from '../database/schema';
import { InboxRepository } from '../inbox/inbox.repository';
import { LEAD_KIND } from './lead-kind';

/** The quote requests (`leads`): an inbox. */
@Injectable()
export class LeadsRepository extends InboxRepository<typeof leads> {
  constructor(@Inject(DATABASE) db: Database) {
    super(db, LEAD_KIND);
  }
}
