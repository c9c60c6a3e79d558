// SPEC §4's badge colours, written out here so the browser tests hold the app to the spec rather than to the
// app's own constants.
export const SPEC_BADGE_COLOURS = {
  lead: { new: 'green', contacted: 'blue', qualified: 'purple', lost: 'red' },
  query: { pending: 'yellow', 'in-progress': 'blue', resolved: 'green' },
  job: { active: 'green', expired: 'red', filled: 'blue' },
  application: { pending: 'yellow', reviewed: 'blue', shortlisted: 'green', rejected: 'red', hired: 'purple' },
} as const;

/** Matches the class list of an element whose background is the spec's colour. */
export const backgroundOf = (colour: string) => new RegExp(`(^|\\s)bg-${colour}-\\d+(\\s|$)`);
