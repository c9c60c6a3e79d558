import { firstNameOf, type BookedMeeting } from '@brightwave/common';
import type { MeetingRow } from '../database/schema';

/** A booked call as the booking page shows it: UTC times, and the first name of the staff member it is with. */
export function toBookedMeeting(meeting: MeetingRow, ownerName: string): BookedMeeting {
  return toBookedInterview(meeting, firstNameOf(ownerName));
}

/** A booked interview as the booking page shows it: `firstNames` of every interviewer, as a sentence says them. */
export function toBookedInterview(meeting: MeetingRow, firstNames: string): BookedMeeting {
  return { _id: meeting.id, start: meeting.startAt.toISOString(), end: meeting.endAt.toISOString(), with: firstNames };
}
