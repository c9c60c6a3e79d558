// Privacy requests (a person's copy or erasure of what is held about them) and retention: how long each kind of
// personal data is kept. The defaults here are the one source; each is configurable by its env variable.
import type { ContactQuery, JobApplication, Lead } from './types';
import type { WorkItemKind } from './workspace';
import type { BookableItemKind } from './booking';

/** What the retention periods apply to. */
export const RETENTION_KINDS = ['applications', 'leads', 'contacts', 'spam', 'deliveries', 'audit', 'analytics'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];
/** Days each kind is kept. */
export type RetentionPeriods = Record<RetentionKind, number>;

export const RETENTION_DEFAULT_DAYS: RetentionPeriods = {
  applications: 180,
  leads: 730,
  contacts: 730,
  spam: 30,
  deliveries: 30,
  audit: 400,
  analytics: 730,
};

/** The env variable that sets each period (literal names: the backend's variable table is keyed by them). */
export const RETENTION_ENV = {
  applications: 'RETENTION_APPLICATIONS_DAYS',
  leads: 'RETENTION_LEADS_DAYS',
  contacts: 'RETENTION_CONTACTS_DAYS',
  spam: 'RETENTION_SPAM_DAYS',
  deliveries: 'RETENTION_DELIVERIES_DAYS',
  audit: 'RETENTION_AUDIT_DAYS',
  analytics: 'RETENTION_ANALYTICS_DAYS',
} as const satisfies Record<RetentionKind, string>;

/** What is kept, and from when the days count. */
export const RETENTION_LABELS: Record<RetentionKind, string> = {
  applications: 'Job applications and their resumes, after their job stopped being active',
  leads: 'Quote requests, after their last change',
  contacts: 'Contact messages, after their last change',
  spam: 'Suspected spam, after its last change',
  deliveries: 'Mails and webhook calls sent, failed or cancelled, after their sending, last try or queueing',
  audit: 'Audit log entries',
  analytics: 'Site analytics (daily counts, nothing about a person), after their day',
};

/** A row as held, with what the admin lists leave out. */
type Held<Row> = Row & { spam?: boolean; updatedAt?: string };

/** The body of a privacy request: the address whose data is looked up or erased (any case). */
export interface PrivacyEmailPayload {
  email: string;
}

/** Everything held about one e-mail address (POST /api/admin/privacy/lookup). */
export interface PrivacyData {
  leads: Held<Lead>[];
  contacts: Held<ContactQuery>[];
  /** `resume` is the path of the admin-only download. */
  applications: (JobApplication & { jobTitle: string })[];
  /** The staff's notes on those items (docs/features/workspace.md), oldest first; `author` is the admin's name. */
  notes: PrivacyNote[];
  /** The staff's ratings of those applications (docs/features/hiring.md); `author` is the admin's name. */
  ratings: PrivacyRating[];
  /** The mails recruiters sent or scheduled to the applicant, as written (placeholders unfilled), oldest first. */
  candidateEmails: PrivacyCandidateEmail[];
  /** The calls booked from those quote requests and contact messages (docs/features/booking.md), cancelled ones too. */
  meetings: PrivacyMeeting[];
}

/** A call as the privacy export shows it: the name, address and time zone it was booked with, and whom it is with. */
export interface PrivacyMeeting {
  /** What it was booked from: a quote request, a contact message, or an application's interview. */
  kind: BookableItemKind | 'application';
  itemId: string;
  start: string;
  end: string;
  /** The staff member's name. */
  with: string | null;
  visitorName: string;
  visitorEmail: string;
  /** The IANA time zone the visitor booked in; null when they gave none. */
  timeZone: string | null;
  bookedAt: string;
  cancelledAt: string | null;
}

export interface PrivacyRating {
  applicationId: string;
  score: number;
  comment: string;
  author: string | null;
  updatedAt: string;
}

export interface PrivacyCandidateEmail {
  applicationId: string;
  subject: string;
  body: string;
  status: string;
  sendAt: string;
  sentAt: string | null;
}

export interface PrivacyNote {
  kind: WorkItemKind;
  itemId: string;
  text: string;
  author: string | null;
  createdAt: string;
}

/**
 * An earlier privacy request about the same address, recognised by the keyed hash its audit entry keeps (the
 * address itself is never stored): an erasure asked for again, or data that came back after one.
 */
export interface EarlierPrivacyRequest {
  action: 'privacy.exported' | 'privacy.erased';
  createdAt: string;
  /** The admin who handled it. */
  adminEmail: string | null;
}

/** How many rows and resume files an erasure removed (POST /api/admin/privacy/erase). */
export interface ErasureCounts {
  leads: number;
  contacts: number;
  applications: number;
  resumes: number;
}
