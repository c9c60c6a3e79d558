import type { AdminDetails } from '@brightwave/common';

/** The admin a request was authenticated as, with the session its token names. */
export interface AuthenticatedAdmin extends AdminDetails {
  sessionId: string;
}
