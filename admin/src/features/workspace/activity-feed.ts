import type { ItemNote, TimelineEvent } from '@brightwave/common';
import { formatDate } from '../../lib/format';

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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago a moment was, in a few characters: "just now", "5 min ago", "2 h ago", "3 d ago", then the date. */
export function timeAgo(iso: string, now: Date): string {
  const elapsed = now.getTime() - Date.parse(iso);
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)} d ago`;
  return formatDate(iso);
}
