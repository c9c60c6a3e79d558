import type { WorkItemKind } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import type { SQL } from 'drizzle-orm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MeetingsRepository, type MeetingExecutor } from './meetings.repository';
import { interviewNotices, meetingNotices, meetingStaffOf, NO_WEBHOOK_CALLS, noticeSettingsOf, type NoticedCall, type NoticeSettings } from './meeting-notices';

/** Run in a deleting transaction once its items are deleted: queues their calls' cancellations, answers how many. */
export type CancelErasedCalls = (tx: MeetingExecutor) => Promise<number>;

/**
 * The calls of items that a privacy erasure or the retention purge deletes (docs/features/booking.md, Privacy): a call
 * not over yet is cancelled first, so neither side waits for it, and its calendar entries go. The cancellation mails
 * are outbox rows written in the deleting transaction once the items are gone (the delete takes the item's other rows
 * with it): the delivery worker sends a meeting's cancellation even when its item is gone, with retries like any mail,
 * and then deletes its row (deliveries/delivery-worker.ts). No webhook call: it would carry an item that is gone.
 */
@Injectable()
export class ErasedCalls {
  private readonly settings: NoticeSettings;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.settings = noticeSettingsOf(config);
  }

  /**
   * Reads, in the deleting transaction and before its delete, the calls not over at `now` of the items it is about to
   * delete (`items`: a subquery of their ids per kind, as the delete selects them), locking them; answers what to run
   * after the delete. Only the calls that went with their items are cancelled (a row the delete left is no erased
   * item's).
   */
  async before(tx: MeetingExecutor, items: Record<WorkItemKind, SQL>, now: Date): Promise<CancelErasedCalls> {
    const calls = await MeetingsRepository.openCallsOf(tx, items, now);
    return async (after) => {
      if (calls.length === 0) return 0;
      const kept = await MeetingsRepository.stillStored(
        after,
        calls.map((call) => call.meeting.id),
      );
      const gone = calls.filter((call) => !kept.has(call.meeting.id));
      // As the cancel route leaves them: cancelled now, their sequence raised, so calendars take the CANCEL.
      const noticed = gone.map((call): NoticedCall => ({
        kind: call.kind,
        itemId: call.itemId,
        ...(call.interviewId ? { interviewId: call.interviewId } : {}),
        meeting: { ...call.meeting, cancelledAt: now, sequence: call.meeting.sequence + 1 },
        staff: meetingStaffOf(call.staff),
      }));
      const interviews = new Map<string, NoticedCall[]>();
      for (const call of noticed) {
        if (!call.interviewId) {
          await MeetingsRepository.queueNotices(after, call.itemId, meetingNotices(call, { kind: 'cancelled' }, NO_WEBHOOK_CALLS, this.settings, now));
        } else interviews.set(call.interviewId, [...(interviews.get(call.interviewId) ?? []), call]);
      }
      // An interview's calls together: the candidate is told once, every interviewer their own.
      for (const interviewCalls of interviews.values()) {
        const first = interviewCalls[0];
        if (first)
          await MeetingsRepository.queueNotices(
            after,
            first.itemId,
            interviewNotices(interviewCalls, { kind: 'cancelled' }, NO_WEBHOOK_CALLS, this.settings, now),
          );
      }
      return gone.length;
    };
  }
}
