import type { ContactQuery } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import type { contacts } from '../database/schema';
import { InboxService, type Submitted } from '../inbox/inbox.service';
import type { FormSignals } from '../spam-triage/form-tokens';
import { CONTACT_KIND } from './contact-kind';
import { ContactsRepository } from './contacts.repository';
import type { CreateContactDto } from './dto/create-contact.dto';

/** The messages of the contact form: an inbox whose staff route is the department's (`contact.<department>`). */
@Injectable()
export class ContactsService extends InboxService<typeof contacts, ContactQuery, 'contacts'> {
  constructor(repository: ContactsRepository) {
    super(repository, CONTACT_KIND);
  }

  /**
   * A message from the site's contact form (InboxService.submit), its answers checked against the form's questions,
   * with the attribution of its X-Attribution header.
   */
  async create(dto: CreateContactDto, signals: FormSignals, attribution?: string): Promise<Submitted<ContactQuery>> {
    // Checked before anything is stored: a refused answer is a 400 with nothing written.
    const answers = await this.answersOf(dto.answers);
    // An empty phone field is "not given", not an empty number.
    return this.submit({ ...dto, phone: dto.phone || null, answers, status: 'pending', ...this.attribution.read(attribution) }, signals);
  }
}
