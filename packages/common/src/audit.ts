// The audit log (docs/features/audit.md): one append-only row per admin action. The actions and their labels live here, so
// the backend that records them and the admin screen that filters by them cannot drift apart.

export const AUDIT_ACTION_LABELS = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.code_failed': 'Wrong verification code',
  'auth.logout': 'Signed out',
  'admin.invited': 'Admin invited',
  'admin.updated': 'Admin changed',
  'admin.invite_accepted': 'Invitation accepted',
  'admin.created': 'Admin created',
  'admin.password_reset': 'Password reset',
  'admin.invite_revoked': 'Invitation revoked',
  'admin.sign_in_reset': 'Sign-in reset',
  'admin.sign_in_grace_restarted': 'Grace period restarted',
  'account.password_changed': 'Password changed',
  'account.session_revoked': 'Session revoked',
  'account.authenticator_added': 'Authenticator app turned on',
  'account.authenticator_removed': 'Authenticator app turned off',
  'account.recovery_codes_replaced': 'Recovery codes replaced',
  'auth.recovery_code_used': 'Recovery code used',
  'account.passkey_added': 'Passkey added',
  'account.passkey_removed': 'Passkey removed',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'lead.status_changed': 'Lead status changed',
  'lead.spam_changed': 'Lead moved (spam)',
  'contact.status_changed': 'Query status changed',
  'contact.spam_changed': 'Query moved (spam)',
  'job.created': 'Job created',
  'job.updated': 'Job edited',
  'job.deleted': 'Job deleted',
  'job.status_changed': 'Job status changed',
  'application.status_changed': 'Application status changed',
  'application.knocked_out': 'Application knocked out by an answer',
  'lead.owner_changed': 'Lead assigned',
  'contact.owner_changed': 'Query assigned',
  'application.owner_changed': 'Application assigned',
  'lead.note_added': 'Note added to a lead',
  'contact.note_added': 'Note added to a contact message',
  'application.note_added': 'Note added to an application',
  'lead.note_deleted': 'Note deleted from a lead',
  'contact.note_deleted': 'Note deleted from a contact message',
  'application.note_deleted': 'Note deleted from an application',
  'lead.follow_up_set': 'Lead follow-up set',
  'contact.follow_up_set': 'Query follow-up set',
  'application.follow_up_set': 'Application follow-up set',
  'application.rated': 'Application rated',
  'application.email_scheduled': 'E-mail to a candidate sent or scheduled',
  'application.email_cancelled': 'Scheduled e-mail to a candidate cancelled',
  'lead.meeting_booked': 'Call booked on a lead',
  'contact.meeting_booked': 'Call booked on a contact message',
  'lead.meeting_rescheduled': 'Call moved on a lead',
  'contact.meeting_rescheduled': 'Call moved on a contact message',
  'lead.meeting_cancelled': 'Call cancelled on a lead',
  'contact.meeting_cancelled': 'Call cancelled on a contact message',
  'application.interview_invited': 'Candidate invited to an interview',
  'application.interview_cancelled': 'Interview invitation cancelled',
  'application.meeting_booked': 'Interview booked on an application',
  'application.meeting_rescheduled': 'Interview moved on an application',
  'application.meeting_cancelled': 'Interview cancelled on an application',
  'resume.downloaded': 'Resume downloaded',
  'portfolio.created': 'Portfolio item created',
  'portfolio.updated': 'Portfolio item edited',
  'portfolio.deleted': 'Portfolio item deleted',
  'case_study.saved': 'Case study draft saved',
  'case_study.published': 'Case study published',
  'case_study.scheduled': 'Case study publish scheduled',
  'case_study.schedule_cancelled': 'Scheduled case study publish cancelled',
  'case_study.schedule_failed': 'Scheduled case study publish failed',
  'case_study.restored': 'Case study version restored',
  'case_study.previewed': 'Case study preview link made',
  'content.saved': 'Content draft saved',
  'content.published': 'Content published',
  'content.scheduled': 'Content publish scheduled',
  'content.schedule_cancelled': 'Scheduled publish cancelled',
  'content.restored': 'Content version restored',
  'content.previewed': 'Content preview link made',
  'content.schedule_failed': 'Scheduled publish failed',
  'page.created': 'Page created',
  'page.saved': 'Page draft saved',
  'page.published': 'Page published',
  'page.scheduled': 'Page publish scheduled',
  'page.schedule_cancelled': 'Scheduled page publish cancelled',
  'page.schedule_failed': 'Scheduled page publish failed',
  'page.restored': 'Page version restored',
  'page.previewed': 'Page preview link made',
  'page.deleted': 'Page deleted',
  'page.nav_changed': 'Page navigation changed',
  'post.created': 'Post created',
  'post.saved': 'Post draft saved',
  'post.published': 'Post published',
  'post.scheduled': 'Post publish scheduled',
  'post.schedule_cancelled': 'Scheduled post publish cancelled',
  'post.schedule_failed': 'Scheduled post publish failed',
  'post.restored': 'Post version restored',
  'post.previewed': 'Post preview link made',
  'post.deleted': 'Post deleted',
  'redirect.created': 'Redirect added',
  'redirect.deleted': 'Redirect deleted',
  'media.uploaded': 'Picture uploaded',
  'media.deleted': 'Picture deleted',
  'export.csv': 'CSV exported',
  'list.read_all': 'Whole list read',
  'settings.notifications_changed': 'Notification settings changed',
  'settings.candidate_emails_changed': 'Candidate e-mail settings changed',
  'settings.form_questions_changed': 'Form questions changed',
  'settings.availability_changed': 'Availability changed',
  'settings.sign_in_policy_changed': 'Sign-in policy changed',
  'candidate_template.created': 'Candidate e-mail template added',
  'candidate_template.updated': 'Candidate e-mail template changed',
  'candidate_template.deleted': 'Candidate e-mail template deleted',
  'webhook.created': 'Webhook added',
  'webhook.updated': 'Webhook changed',
  'webhook.deleted': 'Webhook deleted',
  'privacy.exported': 'Privacy data exported',
  'privacy.erased': 'Privacy data erased',
  'retention.purged': 'Retention purge',
  'backup.created': 'Backup taken',
  'backup.restored': 'Backup restored',
  'storage.migrated': 'Resumes moved to the bucket',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/**
 * Who acted: an admin through the API (signed in, or signing in), a command run on the server (`npm run admin`,
 * backup, restore: `details.osUser` names the operating-system user), or the server itself (the daily purge, jobs
 * expiring on their closing date).
 */
export const AUDIT_ACTORS = ['admin', 'api_key', 'cli', 'system'] as const;
export type AuditActor = (typeof AUDIT_ACTORS)[number];
export const AUDIT_ACTOR_LABELS: Record<AuditActor, string> = { admin: 'Admin', api_key: 'API key', cli: 'Command line', system: 'System' };

/** What an entry is about (its `targetKind`). */
export type AuditTargetKind =
  | 'admin'
  | 'api_key'
  | 'session'
  | 'lead'
  | 'contact'
  | 'job'
  | 'application'
  | 'portfolio'
  | 'content'
  | 'page'
  | 'post'
  | 'redirect'
  | 'media'
  | 'webhook'
  | 'settings'
  | 'person'
  | 'list'
  | 'template';

/** The target kinds whose entries carry `targetName` (looked up when the log is read). */
export const AUDIT_NAMED_KINDS = ['admin', 'lead', 'contact', 'application', 'job', 'portfolio', 'page'] as const satisfies readonly AuditTargetKind[];

/** One row of the audit log. `adminId` is null for the command line, the system and failed sign-ins. */
export interface AuditEntry {
  _id: string;
  createdAt: string;
  actor: AuditActor;
  adminId: string | null;
  /** The admin's e-mail at the time, or the e-mail tried in a failed sign-in. */
  adminEmail: string | null;
  /** The acting admin's name now (null when no admin acted). */
  adminName: string | null;
  action: AuditAction;
  targetKind: string | null;
  targetId: string | null;
  /**
   * The target's name now, for the kinds that have one (AUDIT_NAMED_KINDS: an admin's or person's name, a job's, portfolio
   * item's or page's title); null for other kinds, and when the target is gone.
   */
  targetName: string | null;
  /** True when the target is of a named kind and no longer exists (deleted, or erased on request): shown "(deleted)". */
  targetGone: boolean;
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
  actor?: AuditActor;
  adminId?: string;
  targetId?: string;
  from?: string;
  to?: string;
  /** `true`: leaves out the system's noise (whole-list reads, retention purges that removed nothing). */
  hideSystem?: boolean;
}

/** Who acted, as the audit screen and its CSV export show it: the admin's e-mail, `cli (<OS user>)`, or `System`. */
export function auditActorName(entry: Pick<AuditEntry, 'actor' | 'adminId' | 'adminEmail' | 'details'>): string {
  if (entry.actor === 'cli') return `cli (${typeof entry.details.osUser === 'string' ? entry.details.osUser : 'unknown user'})`;
  if (entry.actor === 'system') return AUDIT_ACTOR_LABELS.system;
  // An integration's call: the key's name (details.apiKey), then whose key it is.
  if (entry.actor === 'api_key')
    return `api key ${typeof entry.details.apiKey === 'string' ? entry.details.apiKey : 'unknown'} (${entry.adminEmail ?? entry.adminId ?? ''})`;
  return entry.adminEmail ?? entry.adminId ?? '';
}

/** GET /api/admin/audit/export.csv: the list's filters, without paging; `tz` (IANA) dates the file's name. */
export type AuditExportQuery = Omit<AuditQuery, 'page' | 'limit'> & { tz?: string };
