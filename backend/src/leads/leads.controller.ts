import { inboxController } from '../inbox/inbox.controller';
import { CreateLeadDto } from './dto/create-lead.dto';
import { UpdateLeadStatusDto } from './dto/update-lead-status.dto';
import { LEAD_KIND } from './lead-kind';
import { LeadsService } from './leads.service';

/** `/api/leads`: the quote form, and the sales team's inbox of quote requests. */
export const LeadsController = inboxController(LEAD_KIND, LeadsService, CreateLeadDto, UpdateLeadStatusDto);
