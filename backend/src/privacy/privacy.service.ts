import type { ErasureCounts, PrivacyData } from '@brightwave/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { loggableError } from '../common/loggable-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { toContact } from '../contacts/contact.mapper';
import { toJobApplication } from '../jobs/application.mapper';
import { toLead } from '../leads/lead.mapper';
import { ResumeStorage } from '../storage/resume-storage';
import { AuditTrail, emailHash } from './audit-trail';
import { PrivacyRepository } from './privacy.repository';

/** Privacy requests: a person's copy of what is held about their e-mail address, and its erasure. */
@Injectable()
export class PrivacyService {
  private readonly logger = new Logger(PrivacyService.name);

  constructor(
    private readonly repository: PrivacyRepository,
    private readonly storage: ResumeStorage,
    private readonly audit: AuditTrail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `email` is lower-cased (PrivacyEmailDto). */
  async export(email: string): Promise<PrivacyData> {
    const held = await this.repository.findByEmail(email);
    const data: PrivacyData = {
      leads: held.leads.map((row) => ({ ...toLead(row), spam: row.spam, updatedAt: row.updatedAt.toISOString() })),
      contacts: held.contacts.map((row) => ({ ...toContact(row), spam: row.spam, updatedAt: row.updatedAt.toISOString() })),
      applications: held.applications.map((row) => ({ ...toJobApplication(row), jobTitle: row.jobTitle })),
    };
    this.audit.record({
      action: 'privacy.export',
      details: {
        emailHash: emailHash(this.config.keys.privacyEmailHash, email),
        leads: data.leads.length,
        contacts: data.contacts.length,
        applications: data.applications.length,
      },
    });
    return data;
  }

  /**
   * Rows first, in one transaction; then the resume files. A file whose removal fails is no longer referenced by
   * any row, so the resume sweeper removes it within hours (jobs/resume-sweeper.ts); it is not counted here.
   */
  async erase(email: string): Promise<ErasureCounts> {
    const { resumeKeys, ...rows } = await this.repository.eraseByEmail(email);
    const removals = await Promise.allSettled(resumeKeys.map((key) => this.storage.delete(key)));
    for (const removal of removals) {
      if (removal.status === 'rejected') this.logger.error(`resume file not removed (the sweeper retries): ${loggableError(removal.reason)}`);
    }
    const erased = { ...rows, resumes: removals.filter((removal) => removal.status === 'fulfilled').length };
    this.audit.record({ action: 'privacy.erase', details: { emailHash: emailHash(this.config.keys.privacyEmailHash, email), ...erased } });
    return erased;
  }
}
