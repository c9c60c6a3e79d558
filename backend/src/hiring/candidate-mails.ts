import {
  HOUR_MS,
  INTERVIEW_MESSAGES,
  MESSAGES,
  REJECTION_DELAY_HOURS,
  templatePieces,
  unknownPlaceholders,
  unknownPlaceholdersMessage,
  type CandidateEmailPayload,
} from '@brightwave/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { DomainError } from '../common/domain-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { companyNameOf } from '../deliveries/delivery-worker';
import { HiringRepository, type QueuedCandidateMail } from './hiring.repository';

/** The text of a candidate mail, as given or taken from its template. */
interface MailText {
  subject: string;
  body: string;
  templateId: string | null;
}

/** The refusal of a text whose placeholders do not all exist, per field. */
export function assertKnownPlaceholders(text: { subject: string; body: string }): void {
  const errors: Record<string, string> = {};
  for (const field of ['subject', 'body'] as const) {
    const unknown = unknownPlaceholders(text[field]);
    if (unknown.length > 0) errors[field] = unknownPlaceholdersMessage(unknown);
  }
  const first = Object.values(errors)[0];
  if (first !== undefined) throw DomainError.invalid(first, errors);
}

/**
 * The one way a candidate mail is composed before it is queued (hiring/hiring.repository.ts writes it): a recruiter's
 * (HiringService: now, at a time, in bulk) and the product's own rejection of a knocked-out application.
 */
@Injectable()
export class CandidateMails {
  private readonly logger = new Logger(CandidateMails.name);
  private readonly companyName: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly repository: HiringRepository,
  ) {
    this.companyName = companyNameOf(config.mail.from);
  }

  /**
   * The mail to queue: the text given, else its template's; placeholders checked; the booking link required when the
   * text uses it. `sender`: the recruiter the candidate's reply goes to, or null for the product's own mail (a
   * knockout's rejection: a reply then goes to MAIL_FROM). `sendAt`: null for now.
   */
  async compose(
    dto: Pick<CandidateEmailPayload, 'templateId' | 'subject' | 'body'>,
    sendAt: Date | null,
    sender: Pick<AuthenticatedAdmin, 'id' | 'name' | 'email'> | null,
    schedulingLink?: string,
  ): Promise<QueuedCandidateMail> {
    const text = await this.mailText(dto);
    assertKnownPlaceholders(text);
    const settings = await this.repository.settings();
    const uses = (placeholder: string) =>
      templatePieces(`${text.subject}\n${text.body}`).some((piece) => 'placeholder' in piece && piece.placeholder === placeholder);
    if (!settings.bookingLink && uses('bookingLink')) {
      throw DomainError.invalid(MESSAGES.bookingLinkMissing, { body: MESSAGES.bookingLinkMissing });
    }
    // Only an interview invitation has a link of its own to pick a time; any other mail would send the placeholder empty.
    if (schedulingLink === undefined && uses('schedulingLink')) {
      throw DomainError.invalid(INTERVIEW_MESSAGES.schedulingLinkOnlyInInvitations, { body: INTERVIEW_MESSAGES.schedulingLinkOnlyInInvitations });
    }
    return {
      payload: {
        subject: text.subject,
        body: text.body,
        companyName: this.companyName,
        bookingLink: settings.bookingLink,
        ...(schedulingLink === undefined ? {} : { schedulingLink }),
        replyTo: sender ? { name: sender.name, address: sender.email } : null,
        sentById: sender?.id ?? null,
        templateId: text.templateId,
      },
      sendAt,
    };
  }

  /**
   * The rejection a recruiter is offered when they reject (Settings → Candidate e-mails: the rejection template),
   * scheduled REJECTION_DELAY_HOURS from now so it can still be cancelled on the application's page: what a
   * knocked-out application gets. Undefined when no rejection template is set, or it cannot be sent as it stands (it
   * uses the booking link and none is set): the application is taken and rejected all the same, with no mail.
   */
  async scheduledRejection(): Promise<QueuedCandidateMail | undefined> {
    const { rejectionTemplateId } = await this.repository.settings();
    if (rejectionTemplateId === null) return undefined;
    try {
      return await this.compose({ templateId: rejectionTemplateId }, new Date(Date.now() + REJECTION_DELAY_HOURS * HOUR_MS), null);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn(`no rejection mail scheduled for a knocked-out application: ${error.message}`);
      return undefined;
    }
  }

  private async mailText(dto: Pick<CandidateEmailPayload, 'templateId' | 'subject' | 'body'>): Promise<MailText> {
    const template = dto.templateId ? await this.repository.template(dto.templateId) : undefined;
    if (dto.templateId && !template) throw DomainError.invalid(MESSAGES.templateNotFound, { templateId: MESSAGES.templateNotFound });
    const subject = (dto.subject ?? template?.subject ?? '').trim();
    const body = dto.body ?? template?.body ?? '';
    const errors: Record<string, string> = {};
    if (subject === '') errors.subject = MESSAGES.candidateEmailNeedsText;
    if (!/\S/.test(body)) errors.body = MESSAGES.candidateEmailNeedsText;
    if (Object.keys(errors).length > 0) throw DomainError.invalid(MESSAGES.candidateEmailNeedsText, errors);
    return { subject, body, templateId: template?.id ?? null };
  }
}
