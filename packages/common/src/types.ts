// JSON shapes of the API (SPEC §3, §7). Dates travel as ISO 8601 strings.
import type { CaseStudyDocument } from './case-studies';
import type { SignInStanding } from './sign-in-policy';
import type { Attribution, ChannelFilter } from './analytics';
import type {
  ApplicationStatus,
  ContactDepartment,
  ContactStatus,
  DeliveryStatus,
  JobDepartment,
  JobLocation,
  JobStatus,
  JobType,
  LeadStatus,
  PortfolioCategory,
  ServiceKey,
} from './enums';
import type { DeliveryTopic, WebhookEvent } from './delivery-topics';
import type { NotificationRouteKey } from './notification-routes';
import type { AnswerFilter, FormAnswers, FormQuestion, StoredAnswer } from './form-questions';
import type { AdminRole } from './roles';
import type { OwnerFilter, WorkFields, WorkItemKind } from './workspace';

/** The workspace fields (owner, follow-up, overdue) come with the admin lists and the item page, not with the form's answer. */
export interface Lead extends Partial<WorkFields> {
  _id: string;
  name: string;
  email: string;
  service: ServiceKey;
  message: string;
  /** The answers to the quote form's custom questions, with the labels they were given under (none: []). */
  answers: StoredAnswer[];
  status: LeadStatus;
  /** Where the submission came from (the form's X-Attribution header; docs/features/analytics.md). */
  attribution: Attribution;
  createdAt: string;
}
export type CreateLeadPayload = Pick<Lead, 'name' | 'email' | 'service' | 'message'> & {
  /** The answers to the form's custom questions (GET /api/forms/quote), by question id. */
  answers?: FormAnswers;
};

export interface ContactQuery extends Partial<WorkFields> {
  _id: string;
  name: string;
  email: string;
  phone?: string;
  department: ContactDepartment;
  message: string;
  /** The answers to the contact form's custom questions, with the labels they were given under (none: []). */
  answers: StoredAnswer[];
  status: ContactStatus;
  /** Where the submission came from (the form's X-Attribution header; docs/features/analytics.md). */
  attribution: Attribution;
  createdAt: string;
}
export interface CreateContactPayload {
  name: string;
  email: string;
  phone?: string;
  department: ContactDepartment;
  message: string;
  /** The answers to the form's custom questions (GET /api/forms/contact), by question id. */
  answers?: FormAnswers;
}

export interface PortfolioItem {
  _id: string;
  projectTitle: string;
  projectSubtitle: string;
  category: PortfolioCategory;
  description: string;
  imgLink: string;
  techStack: string[];
  linkToProject?: string;
  createdAt: string;
  /** Its case study's address is /portfolio/<slug> (docs/features/case-studies.md). */
  slug: string;
}
/**
 * The SPEC's portfolio fields, and optionally the item's slug and its case study's fields: those save the case study's
 * draft (published by POST /api/admin/portfolio/:id/publish), `baseVersionId` the draft they were edited from.
 */
export type PortfolioPayload = Omit<PortfolioItem, '_id' | 'createdAt' | 'linkToProject' | 'slug'> & {
  linkToProject: string;
  slug?: string;
  baseVersionId?: string;
} & Partial<CaseStudyDocument>;

export interface Job {
  _id: string;
  id: string;
  title: string;
  department: JobDepartment;
  location: JobLocation;
  type: JobType;
  experience: string;
  description: string;
  requirements: string[];
  status: JobStatus;
  /** The last day applications are taken (YYYY-MM-DD, to the end of that day in UTC); null = no closing date. */
  closesAt: string | null;
  /** Its applicants' custom questions; the site's copy has no knockout answers. */
  questions: FormQuestion[];
  createdAt: string;
}
/**
 * Creating or replacing a job: `requirements` left out is an empty list, `closesAt` left out or null none,
 * `questions` left out none.
 */
export type JobPayload = Pick<Job, 'title' | 'department' | 'location' | 'type' | 'experience' | 'description'> & {
  requirements?: string[];
  closesAt?: string | null;
  questions?: FormQuestion[];
};

export interface JobApplication extends Partial<WorkFields> {
  _id: string;
  id: string;
  job: string;
  fullName: string;
  email: string;
  phone: string;
  experience: string;
  coverLetter?: string;
  portfolio?: string;
  /** Path of the admin-only download, e.g. /api/jobs/applications/{id}/resume. */
  resume?: string;
  /** The answers to the job's custom questions, with the labels they were given under (none: []). */
  answers: StoredAnswer[];
  /** The answer that knocked the application out (it went to rejected on arrival), or null. */
  knockout: StoredAnswer | null;
  status: ApplicationStatus;
  /** Where the submission came from (the form's X-Attribution header; docs/features/analytics.md). */
  attribution: Attribution;
  createdAt: string;
}
/** An application in the list of every job's applications: with its job's title ('' once the job is deleted). */
export interface ListedApplication extends JobApplication {
  jobTitle: string;
}
export interface ApplyPayload {
  job: string;
  fullName: string;
  email: string;
  phone: string;
  experience: string;
  coverLetter?: string;
  portfolio?: string;
  /** data:<mime>;base64,<bytes> */
  resume: string;
  isResumeBase64?: boolean;
  /** The answers to the job's custom questions (the job's `questions`), by question id. */
  answers?: FormAnswers;
}

export interface AdminDetails {
  _id: string;
  id: string;
  name: string;
  email: string;
}

/** The signed-in admin with their role (GET /api/admin/account): what the admin app may show them. */
export interface AdminAccount extends AdminDetails {
  role: AdminRole;
}

/** An admin as owners see them on the Admins screen. */
export interface AdminSummary extends AdminAccount {
  disabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  /** Visitors can book a call with them: active, of a role that owns items, with a weekly window (booking.ts isBookable). */
  bookable: boolean;
  /** Their strong factors (Admins screen: "Authenticator app", "2 passkeys", "Mailed code only") and what the sign-in policy asks of them. */
  signIn: SignInStanding;
}

/** A pending invitation (not accepted, not expired) as owners see it on the Admins screen. */
export interface AdminInvite {
  _id: string;
  email: string;
  name: string;
  role: AdminRole;
  /** The owner who sent it; null once that admin no longer exists. */
  invitedBy: { _id: string; name: string; email: string } | null;
  expiresAt: string;
  createdAt: string;
}

/** One of the signed-in admin's active sessions (My account). */
export interface AdminSession {
  _id: string;
  createdAt: string;
  lastUsedAt: string | null;
  address: string | null;
  userAgent: string | null;
  /** The session of the request that asked. */
  current: boolean;
}

export interface WeeklyCount {
  /** ISO week start (Monday), YYYY-MM-DD. */
  weekStart: string;
  count: number;
}
/** One outgoing message of the outbox (Deliveries screen). */
export interface Delivery {
  _id: string;
  /** A mail, a call to a webhook (Settings → Webhooks), or a post to a route's chat channel (Settings → Notifications). */
  kind: 'mail' | 'webhook' | 'chat';
  /** What is sent; for a webhook call, the event. */
  topic: DeliveryTopic;
  /** The lead, contact message or application it is about. */
  subjectId: string;
  /** Comma-separated e-mail addresses, the webhook's URL, or the chat service and host (its URL is a secret). */
  recipient: string;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  /** When a waiting message is tried next. */
  nextAttemptAt: string;
  /** The time a scheduled candidate mail was set to go out at; null for everything sent at once. */
  sendAt: string | null;
  sentAt: string | null;
  createdAt: string;
}

export interface DashboardStats {
  totalLeads: number;
  leadsByStatus: Record<LeadStatus, number>;
  contactsByStatus: Record<ContactStatus, number>;
  jobsByStatus: Record<JobStatus, number>;
  applicationsByStatus: Record<ApplicationStatus, number>;
  newLeadsPerWeek: WeeklyCount[];
  /** Outgoing messages given up as failed, or waiting for a retry after a failure (a warning on the dashboard). */
  failingDeliveries: number;
  /** Set while the last round of the retention purge failed (a warning on the dashboard); null once one succeeds. */
  purgeFailing: PurgeFailing | null;
  /**
   * The notification routes whose staff mail reaches nobody now (a warning on the dashboard): no address on the
   * route, no NOTIFY_TO and no active owner. Empty when every route reaches someone.
   */
  routesToNobody: NotificationRouteKey[];
  /** Open items whose follow-up time has passed, per kind (0 for the kinds the admin's role does not cover). */
  overdueFollowUps: Record<WorkItemKind, number>;
  /**
   * Leads still New and contact messages still Pending (not spam): nobody has set a status on them since they came
   * in, the workspace's record of a first reply. `oldestAt`: when the one waiting longest came in.
   */
  waitingForFirstReply: Record<'lead' | 'contact', { count: number; oldestAt: string | null }>;
  /** What came in (not spam) in the last `days` days and in the `days` before those: the change beside each figure. */
  received: { days: number } & Record<'leads' | 'contacts' | 'applications' | 'jobs', PeriodCount>;
  /** "Meetings this week": the admin's upcoming calls from now to DASHBOARD_CALL_DAYS ahead (at most DASHBOARD_CALLS_MAX). */
  myCalls: UpcomingCalls;
}

/**
 * The calls visitors booked with the admin asking that have not ended (one under way included) and are not cancelled,
 * starting within a screen's window, the soonest first and at most as many as it lists; `total` counts them all.
 */
export interface UpcomingCalls {
  total: number;
  calls: UpcomingCall[];
}

/** A call booked with the admin, as the dashboard and My work list it: when, and the item it was booked from. */
export interface UpcomingCall {
  _id: string;
  start: string;
  end: string;
  item: { kind: 'lead' | 'contact' | 'application'; _id: string };
  /** The visitor's name as the item gave it when the call was booked. */
  visitorName: string;
}

/** A count of the last period and of the period before it, as long. */
export interface PeriodCount {
  current: number;
  previous: number;
}

/** Since when the retention purge fails, as the last rounds of any instance recorded it. */
export interface PurgeFailing {
  /** The first failed round since the last good one. */
  since: string;
  /** The reason of the last failed round (one line, from the database or the file storage). */
  lastError: string;
  lastSuccessAt: string | null;
}

/** The orders a list can be asked for. */
export const SORT_ORDERS = ['newest', 'oldest'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Optional list parameters; without any, a list endpoint answers every row. */
export interface ListQuery {
  page?: number;
  limit?: number;
  status?: string;
  q?: string;
  sort?: SortOrder;
}

/** The orders of the workspace's lists (leads, contact messages, applications): also by follow-up, soonest first. */
export const WORK_SORT_ORDERS = [...SORT_ORDERS, 'follow-up'] as const;
export type WorkSortOrder = (typeof WORK_SORT_ORDERS)[number];

/**
 * The lists of the staff workspace: also `owner` (me, unassigned, anyone or an admin's id), `overdue: true` (only
 * the overdue follow-ups), `sort: 'follow-up'` (soonest follow-up first, those without one last, then newest), and
 * `source` and `medium` (the attribution's), and `question` with `answer` (the answer of a choice question).
 */
export type WorkListQuery = Omit<ListQuery, 'sort'> & { sort?: WorkSortOrder; owner?: OwnerFilter; overdue?: boolean } & ChannelFilter & AnswerFilter;

/** The lists of leads and contact messages: `spam: true` lists suspected spam instead of the inbox. */
export type InboxQuery = WorkListQuery & { spam?: boolean };

/**
 * The lists of applications (a job's, every job's, and its CSV export): also `knockedOut` (true: only the applications
 * a knockout answer rejected on arrival; false: only the others; docs/features/form-questions.md).
 */
export type ApplicationListQuery = WorkListQuery & { knockedOut?: boolean };

/**
 * A list's CSV export (`GET …/export.csv`): the list's filters without paging (every matching row); `tz`, an IANA
 * time zone such as `Europe/Paris` (default UTC), is the one the file's dates are written in.
 */
export type ListExportQuery = Omit<ListQuery, 'page' | 'limit'> & { tz?: string };
/** The export of a workspace list: its filters (owner, overdue, the follow-up order too) without paging. */
export type WorkListExportQuery = Omit<WorkListQuery, 'page' | 'limit'> & { tz?: string };
export type InboxExportQuery = WorkListExportQuery & { spam?: boolean };
/** `job`: the job whose applications are exported (required). */
export type ApplicationsExportQuery = WorkListExportQuery & { job: string; knockedOut?: boolean };

/** An endpoint of Settings → Webhooks (its secret is answered once, when it is added). */
export interface Webhook {
  _id: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  createdAt: string;
}

export interface CreateWebhookPayload {
  url: string;
  events: WebhookEvent[];
}
/** Turns an endpoint of Settings → Webhooks on or off. */
export interface WebhookUpdatePayload {
  enabled: boolean;
}
