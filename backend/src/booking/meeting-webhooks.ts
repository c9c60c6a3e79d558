// The webhook calls of a booked call (`meeting.booked`, `meeting.rescheduled`, `meeting.cancelled`; docs/features/booking.md,
// Webhooks): what the outbox row keeps when the change happens, and the call's `data` made of it when it is sent.
import { WORK_ITEM_KINDS, type MeetingWebhookData, type WorkItemKind } from '@brightwave/common';
import type { MeetingRow } from '../database/schema';

/** A meeting event's outbox payload: the call as it was at the change. Its row's subject is the item. */
export type MeetingWebhookPayload = {
  meetingId: string;
  itemKind: WorkItemKind;
  start: string;
  end: string;
  previousStart: string | null;
  staffId: string;
  staffIds: string[];
  interviewId: string | null;
};

/**
 * The payload of a change of `meeting` (`previousStart`: where a moved call was before). An interview's event is its
 * first interviewer's call (the one whose id the candidate's invitation carries), naming the invitation and every
 * interviewer whose call changed.
 */
export function meetingWebhookPayload(
  itemKind: WorkItemKind,
  meeting: MeetingRow,
  previousStart: Date | null,
  interview?: { id: string; staffIds: string[] },
): MeetingWebhookPayload {
  return {
    meetingId: meeting.id,
    itemKind,
    start: meeting.startAt.toISOString(),
    end: meeting.endAt.toISOString(),
    previousStart: previousStart?.toISOString() ?? null,
    staffId: meeting.ownerId,
    staffIds: interview?.staffIds ?? [meeting.ownerId],
    interviewId: interview?.id ?? null,
  };
}

/** The kind of item a meeting event's row is about (its topic names the event, not the item), read from its payload. */
export function meetingEventItemKind(payload: Record<string, unknown> | null): WorkItemKind | undefined {
  const kind = payload?.itemKind;
  return WORK_ITEM_KINDS.find((known) => known === kind);
}

/** A meeting event's `data`: the call as its payload kept it, and its item as the API shows it now. */
export function meetingWebhookData(
  payload: Record<string, unknown> | null,
  item: { kind: WorkItemKind; id: string; shown: MeetingWebhookData['item'] },
): MeetingWebhookData {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const staffId = text(payload?.staffId);
  // Rows queued before interviews had webhook calls name one staff member only.
  const staffIds = Array.isArray(payload?.staffIds) ? payload.staffIds.filter((id): id is string => typeof id === 'string') : [staffId];
  return {
    _id: text(payload?.meetingId),
    itemKind: item.kind,
    itemId: item.id,
    interviewId: typeof payload?.interviewId === 'string' ? payload.interviewId : null,
    start: text(payload?.start),
    end: text(payload?.end),
    previousStart: typeof payload?.previousStart === 'string' ? payload.previousStart : null,
    staffId,
    staffIds,
    item: item.shown,
  };
}
