import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '../database/database';
import { leads } from '../database/schema';
import { InboxRepository } from '../inbox/inbox.repository';

/** The quote requests (`leads`): an inbox. */
@Injectable()
export class LeadsRepository extends InboxRepository<typeof leads> {
  constructor(@Inject(DATABASE) db: Database) {
    super(db, leads, 'lead');
  }
}
