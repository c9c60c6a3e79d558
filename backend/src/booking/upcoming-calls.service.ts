import { DAY_MS, type UpcomingCall, type UpcomingCalls } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { MeetingsRepository } from './meetings.repository';

/** How far ahead a screen lists calls, and how many at most (DASHBOARD_CALL_DAYS…, MY_WORK_CALL_DAYS…). */
export interface CallWindow {
  days: number;
  max: number;
}

/** The item a call was booked from: a lead, a contact message, or an interview's application (the table's check). */
function callItem(call: { leadId: string | null; contactId: string | null; applicationId: string | null }): UpcomingCall['item'] {
  if (call.leadId) return { kind: 'lead', _id: call.leadId };
  if (call.contactId) return { kind: 'contact', _id: call.contactId };
  if (call.applicationId) return { kind: 'application', _id: call.applicationId };
  throw new Error('A call with no item: the meetings table checks that it has one');
}

/**
 * The calls visitors booked with an admin that are still to come, as the dashboard's "Meetings this week" and My work's
 * "Upcoming calls" list them (docs/features/booking.md, "In the admin"): one query, each screen with its own window.
 */
@Injectable()
export class UpcomingCallsService {
  constructor(private readonly meetings: MeetingsRepository) {}

  /**
   * The admin's calls not cancelled that have not ended at `now` (one under way included) and start within `days`
   * from it, the soonest `max` of them; `total` counts them all.
   */
  async of(adminId: string, { days, max }: CallWindow, now = new Date()): Promise<UpcomingCalls> {
    const { total, calls } = await this.meetings.upcomingOf(adminId, now, new Date(now.getTime() + days * DAY_MS), max);
    return {
      total,
      calls: calls.map((call): UpcomingCall => ({
        _id: call.id,
        start: call.startAt.toISOString(),
        end: call.endAt.toISOString(),
        item: callItem(call),
        visitorName: call.visitorName,
      })),
    };
  }
}
