import type { ItemNote, TimelineEvent } from '@brightwave/common';

/** One line of an item's activity: a note staff wrote (which may be deleted), or an event of its timeline. */
export type ActivityEntry = { kind: 'note'; at: string; note: ItemNote } | { kind: 'event'; at: string; event: TimelineEvent };

/**
 * Notes and timeline as one feed, the newest first. A note still there is shown as itself, so the timeline's
 * "Added a note: <text>" for it is left out; a deleted note's events stay ("Added a note (since deleted)", "Deleted a note").
 * At the same moment, a note comes before an event.
 */
export function activityFeed(notes: readonly ItemNote[], events: readonly TimelineEvent[]): ActivityEntry[] {
  const shownNotes = new Set(notes.map((note) => `Added a note: ${note.text}`));
  const entries: ActivityEntry[] = [
    ...notes.map((note) => ({ kind: 'note' as const, at: note.createdAt, note })),
    ...events
      .filter((event) => !(event.type === 'note_added' && shownNotes.has(event.detail)))
      .map((event) => ({ kind: 'event' as const, at: event.at, event })),
  ];
  // The server sends events oldest first: at the same moment, the later one is the newer.
  const order = new Map(entries.map((entry, index) => [entry, index]));
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || rank(a) - rank(b) || (order.get(b) ?? 0) - (order.get(a) ?? 0));
}

const rank = (entry: ActivityEntry) => (entry.kind === 'note' ? 0 : 1);
