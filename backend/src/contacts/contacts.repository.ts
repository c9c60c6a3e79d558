import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '../database/database';
import type { contacts } from '../database/schema';
import { InboxRepository } from '../inbox/inbox.repository';
import { CONTACT_KIND } from './contact-kind';

/** The messages of the contact form (`contacts`): an inbox. */
@Injectable()
export class ContactsRepository extends InboxRepository<typeof contacts> {
  constructor(@Inject(DATABASE) db: Database) {
    super(db, CONTACT_KIND);
  }
}
