import { required, type BookableItemKind } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { WebhookSubscriptions } from '../webhooks/webhook-subscriptions';
import { meetingAuditDetails, MeetingsRepository, type MeetingExecutor } from './meetings.repository';
import type { NewDelivery } from '../database/schema';
import type { MeetingMessage } from './meeting-mails';
import {
  interviewNotices,
  meetingNotices,
  meetingStaffOf,
  NO_WEBHOOK_CALLS,
  noticeSettingsOf,
  REMINDER_NOT_SENT,
  type MeetingWebhookCalls,
  type NoticeSettings,
} from './meeting-notices';

/** Why a staff member stops taking calls about some items: their account was disabled, or their new role does not own them. */
export type StaffCallsEnd = 'disabled' | 'role_changed';

/**
 * Run in the transaction of an admin's change, once it is written: cancels their calls not over yet about items of
 * `kinds`, and their part of booked interviews when `interviews` (they can no longer take calls at all); answers how
 * many calls.
 */
export type CancelStaffCalls = (
  tx: MeetingExecutor,
  staffId: string,
  lost: { kinds: readonly BookableItemKind[]; interviews: boolean },
  because: StaffCallsEnd,
) => Promise<number>;

/**
 * The calls of a staff member who can no longer take them (docs/features/booking.md, "When staff stop taking calls";
 * decision 087): disabling an admin, or giving them a role that does not own leads or contact messages, unassigns
 * those items (AdminsService.change), and in the same transaction cancels their calls about them that are not over.
 * Each is cancelled as the cancel route does it (its sequence raised, its reminders stopped, the CANCEL to the visitor
 * and to the staff member, the `meeting.cancelled` webhook calls), with an audit entry of the admin who made the change
 * that says why: the visitor is told at once rather than waiting for somebody who is gone, and their link, whose item
 * has no owner now, could no longer cancel it.
 */
@Injectable()
export class StaffCalls {
  private readonly settings: NoticeSettings;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly webhooks: WebhookSubscriptions,
    private readonly audit: AuditLog,
  ) {
    this.settings = noticeSettingsOf(config);
  }

  /** Reads the endpoints of `meeting.cancelled` before the change's transaction; answers what runs in it, as of `now`. */
  async prepare(now: Date): Promise<CancelStaffCalls> {
    const webhookCalls = { ...NO_WEBHOOK_CALLS, 'meeting.cancelled': await this.webhooks.callsFor('meeting.cancelled') };
    return async (tx, staffId, lost, because) => {
      const calls = await MeetingsRepository.openCallsWith(tx, staffId, lost.kinds, now);
      for (const call of calls) {
        const meeting = await MeetingsRepository.cancelLocked(tx, call, now);
        await this.audit.record(
          `${call.kind}.meeting_cancelled`,
          { kind: call.kind, id: call.itemId },
          { ...meetingAuditDetails(meeting, call.staff.admin), because },
          { tx },
        );
        await MeetingsRepository.cancelReminders(tx, call.itemId, meeting.id, REMINDER_NOT_SENT.cancelled);
        const noticed = { kind: call.kind, itemId: call.itemId, meeting, staff: meetingStaffOf(call.staff) };
        await MeetingsRepository.queueNotices(tx, call.itemId, meetingNotices(noticed, { kind: 'cancelled' }, webhookCalls, this.settings, now));
      }
      const interviewCalls = lost.interviews ? await this.cancelInterviewCalls(tx, staffId, { because, webhookCalls, now }) : 0;
      return calls.length + interviewCalls;
    };
  }

  /**
   * The interviewer's own calls of booked interviews not over yet: each cancelled and told to them; the candidate is
   * told only when nobody is left to hold the interview (the others still do it, on the invitation they were sent).
   */
  private async cancelInterviewCalls(
    tx: MeetingExecutor,
    staffId: string,
    { because, webhookCalls, now }: { because: StaffCallsEnd; webhookCalls: MeetingWebhookCalls; now: Date },
  ): Promise<number> {
    const calls = await MeetingsRepository.openInterviewCallsWith(tx, staffId, now);
    for (const call of calls) {
      const interviewId = required(call.interviewId, "an interview call's invitation");
      const meeting = await MeetingsRepository.cancelLocked(tx, call, now);
      await this.audit.record(
        'application.meeting_cancelled',
        { kind: 'application', id: call.itemId },
        { ...meetingAuditDetails(meeting, call.staff.admin), interviewId, because },
        { tx },
      );
      await MeetingsRepository.cancelReminders(tx, call.itemId, meeting.id, REMINDER_NOT_SENT.cancelled);
      const others = await MeetingsRepository.activeCallsOfInterview(tx, interviewId);
      const notices = interviewNotices(
        [{ kind: 'application', itemId: call.itemId, interviewId, meeting, staff: meetingStaffOf(call.staff) }],
        { kind: 'cancelled' },
        webhookCalls,
        this.settings,
        now,
      );
      const toStaffOnly = (rows: NewDelivery[]) => rows.filter((row) => (row as MeetingMessage).payload.audience === 'staff');
      await MeetingsRepository.queueNotices(tx, call.itemId, others > 0 ? { now: toStaffOnly(notices.now), scheduled: [] } : notices);
    }
    return calls.length;
  }
}
