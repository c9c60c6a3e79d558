import type { AdminDetails, AdminRole } from '@brightwave/common';

/** The admin a request was authenticated as, with their role and the session its token names. */
export interface AuthenticatedAdmin extends AdminDetails {
  role: AdminRole;
  sessionId: string;
}
