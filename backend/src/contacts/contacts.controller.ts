import { inboxController } from '../inbox/inbox.controller';
import { CONTACT_KIND } from './contact-kind';
import { ContactsService } from './contacts.service';
import { CreateContactDto } from './dto/create-contact.dto';
import { UpdateContactStatusDto } from './dto/update-contact-status.dto';

/** `/api/contacts`: the contact form, and the sales team's inbox of contact messages. */
export const ContactsController = inboxController(CONTACT_KIND, ContactsService, CreateContactDto, UpdateContactStatusDto);
