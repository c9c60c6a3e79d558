import type { Lead } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import type { leads } from '../database/schema';
import { InboxService, type Submitted } from '../inbox/inbox.service';
import type { FormSignals } from '../spam-triage/form-tokens';
import type { CreateLeadDto } from './dto/create-lead.dto';
import { LEAD_KIND } from './lead-kind';
import { LeadsRepository } from './leads.repository';

/** The quote requests: an inbox whose staff route is `lead`. */
@Injectable()
export class LeadsService extends InboxService<typeof leads, Lead, 'leads'> {
  constructor(repository: LeadsRepository) {
    super(repository, LEAD_KIND);
  }

  /**
   * A quote request from the site's form (InboxService.submit), its answers checked against the form's questions,
   * with the attribution of its X-Attribution header.
   */
  async create(dto: CreateLeadDto, signals: FormSignals, attribution?: string): Promise<Submitted<Lead>> {
    // Checked before anything is stored: a refused answer is a 400 with nothing written.
    const answers = await this.answersOf(dto.answers);
    return this.submit({ ...dto, answers, status: 'new', ...this.attribution.read(attribution) }, signals);
  }
}
