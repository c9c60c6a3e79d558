import { randomUUID } from 'node:crypto';
import {
  DAY_MS,
  INTERVIEW_LINK_DAYS,
  INTERVIEW_MESSAGES,
  ITEM_KINDS,
  MESSAGES,
  bookingPath,
  interviewInvitationText,
  notBookableReason,
  takesCalls,
  templatePieces,
  type Interview,
  type Interviewer,
} from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { ApplicationsRepository } from '../applications/applications.repository';
import { AuditLog } from '../audit/audit-log';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { signBookingLink } from '../booking/booking-links';
import { InterviewBooking } from '../booking/interview-booking';
import { toInterview } from '../booking/interview.mapper';
import { InterviewsRepository } from '../booking/interviews.repository';
import { namesTogether } from '../booking/meeting-notices';
import { ownerCanBeBooked } from '../booking/meetings.repository';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE, type Database } from '../database/database';
import { admins, availabilities, jobApplications } from '../database/schema';
import { DeliveryWorker } from '../deliveries/delivery-worker';
import { CandidateMails } from '../hiring/candidate-mails';
import { HiringRepository } from '../hiring/hiring.repository';
import type { InterviewInvitationDto } from './dto/interview-invitation.dto';

/**
 * Interview invitations on an application (docs/features/booking.md, "Interviews"): whom a recruiter can invite to
 * interview, the invitations sent, sending one (its mail to the candidate with the link to pick a time), and
 * withdrawing one (a booked interview is cancelled with it, and everyone is told).
 */
@Injectable()
export class InterviewsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: Database,
    private readonly repository: InterviewsRepository,
    private readonly booking: InterviewBooking,
    private readonly mails: CandidateMails,
    private readonly deliveries: DeliveryWorker,
    private readonly audit: AuditLog,
  ) {}

  /** The active admins of a role that takes calls, with why each cannot be booked now (null: they can). */
  async interviewers(applicationId: string): Promise<Interviewer[]> {
    await this.application(applicationId);
    const rows = await this.db
      .select({ admin: admins, availability: availabilities })
      .from(admins)
      .leftJoin(availabilities, eq(availabilities.adminId, admins.id))
      .where(isNull(admins.disabledAt))
      .orderBy(asc(admins.name));
    return rows
      .filter((row) => takesCalls(row.admin.role))
      .map(({ admin, availability }) => ({
        _id: admin.id,
        name: admin.name,
        notBookable: notBookableReason({
          bookable: ownerCanBeBooked({ admin, availability: availability ?? undefined }),
          disabled: false,
          role: admin.role,
        }),
      }));
  }

  /** The application's invitations, newest first. */
  async list(applicationId: string, now = new Date()): Promise<Interview[]> {
    await this.application(applicationId);
    const listed = await this.repository.listOf(applicationId);
    const names = await this.namesOf(listed.flatMap((item) => item.interview.interviewerIds));
    return listed.map((item) => toInterview(item, names, now));
  }

  /**
   * Sends an invitation: the interviewers checked (each active and bookable), one open invitation per application at a
   * time, and in one transaction the invitation, the candidate's mail (the built-in text with the recruiter's message,
   * or their template, with the link) and the audit entry.
   */
  async invite(applicationId: string, dto: InterviewInvitationDto, admin: AuthenticatedAdmin, now = new Date()): Promise<Interview> {
    const application = await this.application(applicationId);
    if ((ITEM_KINDS.application.closedStatuses as readonly string[]).includes(application.status))
      throw DomainError.conflict(INTERVIEW_MESSAGES.applicationClosed);
    const staff = await InterviewsRepository.staffIn(this.db, dto.interviewerIds);
    if (staff.length !== dto.interviewerIds.length || staff.some((one) => one.admin.disabledAt !== null)) {
      throw DomainError.invalid(INTERVIEW_MESSAGES.interviewerUnknown, { interviewerIds: INTERVIEW_MESSAGES.interviewerUnknown });
    }
    const unavailable = staff.find((one) => !ownerCanBeBooked(one));
    if (unavailable) {
      const message = INTERVIEW_MESSAGES.interviewerUnavailable(unavailable.admin.name);
      throw DomainError.invalid(message, { interviewerIds: message });
    }
    if (await this.repository.hasOpen(applicationId, now)) throw DomainError.conflict(INTERVIEW_MESSAGES.alreadyOpen);

    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + INTERVIEW_LINK_DAYS * DAY_MS);
    const token = signBookingLink(this.config.keys.bookingLinks, { kind: 'interview', itemId: id, expiresAt });
    const link = `${this.config.server.publicUrl}${bookingPath(token)}`;
    const text = dto.templateId ? { templateId: dto.templateId } : interviewInvitationText(dto.message);
    const mail = await this.mails.compose(text, null, admin, link);
    const usesLink = templatePieces(`${mail.payload.subject}\n${mail.payload.body}`).some(
      (piece) => 'placeholder' in piece && piece.placeholder === 'schedulingLink',
    );
    if (!usesLink) throw DomainError.invalid(INTERVIEW_MESSAGES.templateWithoutLink, { templateId: INTERVIEW_MESSAGES.templateWithoutLink });

    const written = await this.db.transaction(async (tx) => {
      const recipient = await ApplicationsRepository.lockedRecipient(tx, applicationId);
      if (!recipient) return undefined;
      await InterviewsRepository.insert(tx, {
        id,
        applicationId,
        interviewerIds: dto.interviewerIds,
        minutes: dto.minutes,
        statusOnBooking: dto.statusOnBooking,
        message: dto.templateId ? null : dto.message?.trim() || null,
        invitedById: admin.id,
        expiresAt,
      });
      await HiringRepository.insertCandidateMails(tx, [recipient], mail);
      await this.audit.record(
        'application.interview_invited',
        { kind: 'application', id: applicationId },
        { interviewId: id, withName: namesTogether(staff.map((one) => one.admin.name)), minutes: dto.minutes },
        { tx },
      );
      return true;
    });
    if (!written) throw DomainError.notFound(MESSAGES.applicationNotFound);
    this.deliveries.wake();
    const [created] = (await this.list(applicationId, now)).filter((interview) => interview._id === id);
    if (!created) throw DomainError.notFound(MESSAGES.applicationNotFound);
    return created;
  }

  /**
   * Withdraws an invitation: nothing more can be booked with it, and a booked interview not over yet is cancelled
   * (the candidate and every interviewer mailed the cancellation), with the recruiter's audit entry. 404 when the
   * application has no such invitation; 409 when it was withdrawn already.
   */
  async cancel(applicationId: string, interviewId: string, admin: AuthenticatedAdmin, now = new Date()): Promise<void> {
    if (!isId(applicationId) || !isId(interviewId)) throw DomainError.notFound(MESSAGES.applicationNotFound);
    const link = await this.repository.findToBook(interviewId);
    if (!link || link.interview.applicationId !== applicationId) throw DomainError.notFound(MESSAGES.applicationNotFound);
    const webhookCalls = await this.booking.webhookCalls();
    const outcome = await this.db.transaction(async (tx) => {
      const locked = await InterviewsRepository.locked(tx, interviewId);
      if (!locked) return 'gone' as const;
      if (locked.interview.cancelledAt !== null) return 'cancelled-already' as const;
      const open = locked.meetings.filter((meeting) => meeting.endAt.getTime() > now.getTime());
      const cancelled = open.length > 0 ? await this.booking.cancelCalls(tx, link, open, { now, admin, webhookCalls }) : [];
      await InterviewsRepository.markCancelled(tx, interviewId, now);
      const first = cancelled[0];
      await this.audit.record(
        'application.interview_cancelled',
        { kind: 'application', id: applicationId },
        { interviewId, withName: namesTogether(link.interviewers.map((one) => one.admin.name)), start: first?.startAt.toISOString() ?? null },
        { tx },
      );
      return cancelled.length > 0 ? ('calls-cancelled' as const) : ('withdrawn' as const);
    });
    if (outcome === 'gone') throw DomainError.notFound(MESSAGES.applicationNotFound);
    if (outcome === 'cancelled-already') throw DomainError.conflict(INTERVIEW_MESSAGES.notOpen);
    if (outcome === 'calls-cancelled') this.deliveries.wake();
  }

  private async application(applicationId: string): Promise<{ id: string; status: string }> {
    const [row] = isId(applicationId)
      ? await this.db.select({ id: jobApplications.id, status: jobApplications.status }).from(jobApplications).where(eq(jobApplications.id, applicationId))
      : [];
    if (!row) throw DomainError.notFound(MESSAGES.applicationNotFound);
    return row;
  }

  private async namesOf(adminIds: string[]): Promise<Map<string, string>> {
    if (adminIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: admins.id, name: admins.name })
      .from(admins)
      .where(inArray(admins.id, [...new Set(adminIds)]));
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
