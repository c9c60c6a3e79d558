import type { ItemNote, TimelineEvent } from '@brightwave/common';
import { activityFeed } from './activity-feed';

const note = (id: string, text: string, createdAt: string): ItemNote => ({ _id: id, text, author: { _id: 'a1', name: 'Sam' }, createdAt });
const event = (at: string, type: TimelineEvent['type'], detail: string): TimelineEvent => ({ at, type, actor: 'Sam', detail });

describe('activity feed', () => {
  it('merges notes and timeline newest first, showing a note once (not again as "Added a note")', () => {
    const notes = [note('n1', 'Called, no answer.', '2026-03-01T10:00:00.000Z')];
    const events = [
      event('2026-03-01T09:00:00.000Z', 'submitted', 'Sent the quote request form'),
      event('2026-03-01T10:00:00.000Z', 'note_added', 'Added a note: Called, no answer.'),
      event('2026-03-01T10:05:00.000Z', 'note_added', 'Added a note (since deleted)'),
      event('2026-03-01T10:06:00.000Z', 'note_deleted', 'Deleted a note'),
      event('2026-03-01T11:00:00.000Z', 'status_changed', 'Status changed from New to Contacted'),
    ];
    expect(activityFeed(notes, events).map((entry) => (entry.kind === 'note' ? `note ${entry.note.text}` : entry.event.detail))).toEqual([
      'Status changed from New to Contacted',
      'Deleted a note',
      'Added a note (since deleted)',
      'note Called, no answer.',
      'Sent the quote request form',
    ]);
  });

  it('puts, at the same moment, a note first and the later of the server’s events before the earlier', () => {
    const at = '2026-03-01T10:00:00.000Z';
    const feed = activityFeed([note('n1', 'Hi', at)], [event(at, 'owner_changed', 'Assigned to Sam'), event(at, 'mail_queued', 'Queued')]);
    expect(feed.map((entry) => (entry.kind === 'note' ? 'note' : entry.event.detail))).toEqual(['note', 'Queued', 'Assigned to Sam']);
  });
});
