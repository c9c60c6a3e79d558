// The webhook calls of a booked call (`meeting.booked`, `meeting.rescheduled`, `meeting.cancelled`; docs/features/booking.md,
// Webhooks): what the outbox row keeps when the change happens, and the call's `data` made of it when it is sent.
import { BOOKABLE_ITEM_KINDS, type BookableItemKind, type ContactQuery, type Lead, type MeetingWebhookData } from '@brightwave/common';
import type { MeetingRow } from '../database/schema';

/** A meeting event's outbox payload: the call as it was at the change. Its row's subject is the item. */
export type MeetingWebhookPayload = {
  meetingId: string;
  itemKind: BookableItemKind | 'application';
  start: string;
  end: string;
  previousStart: string | null;
  staffId: string;
};

/** The payload of a change of `meeting` (`previousStart`: where a moved call was before). */
export function meetingWebhookPayload(itemKind: BookableItemKind | 'application', meeting: MeetingRow, previousStart: Date | null): MeetingWebhookPayload {
  return {
    meetingId: meeting.id,
    itemKind,
    start: meeting.startAt.toISOString(),
    end: meeting.endAt.toISOString(),
    previousStart: previousStart?.toISOString() ?? null,
    staffId: meeting.ownerId,
  };
}

/** The kind of item a meeting event's row is about (its topic names the event, not the item), read from its payload. */
export function meetingEventItemKind(payload: Record<string, unknown> | null): BookableItemKind | undefined {
  const kind = payload?.itemKind;
  return BOOKABLE_ITEM_KINDS.find((known) => known === kind);
}

/** A meeting event's `data`: the call as its payload kept it, and its item as the API shows it now. */
export function meetingWebhookData(
  payload: Record<string, unknown> | null,
  item: { kind: BookableItemKind; id: string; shown: Lead | ContactQuery },
): MeetingWebhookData {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    _id: text(payload?.meetingId),
    itemKind: item.kind,
    itemId: item.id,
    start: text(payload?.start),
    end: text(payload?.end),
    previousStart: typeof payload?.previousStart === 'string' ? payload.previousStart : null,
    staffId: text(payload?.staffId),
    item: item.shown,
  };
}
