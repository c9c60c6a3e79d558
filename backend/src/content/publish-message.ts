import { MESSAGES } from '@brightwave/common';

/**
 * The answer's message to a publish of any content document (a site page, a built page, a case study, a post):
 * scheduled for `at`, or published now, saying so when that cancelled a pending schedule.
 */
export function publishMessage(at: string | undefined, scheduleCancelled: boolean): string {
  if (at !== undefined) return MESSAGES.contentScheduled;
  return scheduleCancelled ? MESSAGES.contentPublishedScheduleCancelled : MESSAGES.contentPublished;
}
