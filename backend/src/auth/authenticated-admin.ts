import type { AdminDetails, AdminRole } from '@brightwave/common';

/** The admin a request was authenticated as, with their role and the session its token names. */
export interface AuthenticatedAdmin extends AdminDetails {
  role: AdminRole;
  sessionId: string;
  /** Set when the request came with one of the admin's API keys instead of a session (decision 092). */
  apiKey?: { id: string; name: string };
}
