// The audit log (issue 10 §2): one append-only row per admin action. The actions and their labels live here, so
// the backend that records them and the admin screen that filters by them cannot drift apart.

export const AUDIT_ACTION_LABELS = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.code_failed': 'Wrong verification code',
  'auth.logout': 'Signed out',
  'admin.invited': 'Admin invited',
  'admin.updated': 'Admin changed',
  'admin.invite_accepted': 'Invitation accepted',
  'account.password_changed': 'Password changed',
  'account.session_revoked': 'Session revoked',
  'lead.status_changed': 'Lead status changed',
  'lead.spam_changed': 'Lead moved (spam)',
  'contact.status_changed': 'Query status changed',
  'contact.spam_changed': 'Query moved (spam)',
  'job.created': 'Job created',
  'job.updated': 'Job edited',
  'job.deleted': 'Job deleted',
  'job.status_changed': 'Job status changed',
  'application.status_changed': 'Application status changed',
  'resume.downloaded': 'Resume downloaded',
  'portfolio.created': 'Portfolio item created',
  'portfolio.updated': 'Portfolio item edited',
  'portfolio.deleted': 'Portfolio item deleted',
  'export.csv': 'CSV exported',
  'settings.notifications_changed': 'Notification settings changed',
  'webhook.created': 'Webhook added',
  'webhook.updated': 'Webhook changed',
  'webhook.deleted': 'Webhook deleted',
  'privacy.exported': 'Privacy data exported',
  'privacy.erased': 'Privacy data erased',
  'retention.purged': 'Retention purge',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** What an entry is about (its `targetKind`). */
export type AuditTargetKind = 'admin' | 'session' | 'lead' | 'contact' | 'job' | 'application' | 'portfolio' | 'webhook' | 'settings' | 'person' | 'list';

/** One row of the audit log. `adminId` is null for the system (the retention purge) and failed sign-ins. */
export interface AuditEntry {
  _id: string;
  createdAt: string;
  adminId: string | null;
  /** The admin's e-mail at the time, or the e-mail tried in a failed sign-in. */
  adminEmail: string | null;
  action: AuditAction;
  targetKind: string | null;
  targetId: string | null;
  address: string | null;
  userAgent: string | null;
  /** What changed: `{ from, to }`, `{ fields }`, counts; never secrets or resume bytes. */
  details: Record<string, unknown>;
}

/** GET /api/admin/audit: every filter optional; `from` and `to` are ISO dates or date-times (inclusive). */
export interface AuditQuery {
  page?: number;
  limit?: number;
  action?: AuditAction;
  adminId?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

