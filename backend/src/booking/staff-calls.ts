import { type BookableItemKind } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { WebhookSubscriptions } from '../webhooks/webhook-subscriptions';
import { meetingAuditDetails, MeetingsRepository, type MeetingExecutor } from './meetings.repository';
import { meetingNotices, meetingStaffOf, NO_WEBHOOK_CALLS, noticeSettingsOf, REMINDER_NOT_SENT, type NoticeSettings } from './meeting-notices';

/** Why a staff member stops taking calls about some items: their account was disabled, or their new role does not own them. */
export type StaffCallsEnd = 'disabled' | 'role_changed';

/**
 * Run in the transaction of an admin's change, once it is written: cancels their calls not over yet about items of
 * `kinds`, answers how many.
 */
export type CancelStaffCalls = (tx: MeetingExecutor, staffId: string, kinds: readonly BookableItemKind[], because: StaffCallsEnd) => Promise<number>;

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
    return async (tx, staffId, kinds, because) => {
      const calls = await MeetingsRepository.openCallsWith(tx, staffId, kinds, now);
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
      return calls.length;
    };
  }
}
