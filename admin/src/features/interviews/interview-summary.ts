import type { InterviewSummary } from '@brightwave/common';
import { dayAndTimeText } from '../workspace/upcoming-calls';

/** The board card's line of an application's interview: "Interview: Tue 3 Dec, 10:00" once booked, else its state. */
export function interviewSummaryText(interview: InterviewSummary): string {
  switch (interview.state) {
    case 'booked':
      return `Interview: ${interview.start ? dayAndTimeText(interview.start) : 'booked'}`;
    case 'invited':
      return 'Interview: invited';
    case 'expired':
      return 'Interview: link expired';
    case 'cancelled':
      return 'Interview: cancelled';
  }
}
