// The HTTP contract (SPEC §7 and what we added beside it): one entry per endpoint with its body, query and success
// answer. The backend's controllers declare these answers as their return types, and the admin app and the site
// type their calls with them, so a key renamed on one side no longer compiles on the other.
import type { AnalyticsExportQuery, AnalyticsQuery, AnalyticsReport, ChannelCounts, ReportPeriod, ChannelsQuery, CollectEvent } from './analytics';
import type { AuditEntry, AuditExportQuery, AuditQuery } from './audit';
import type {
  AuthenticatorCodePayload,
  AuthenticatorSetup,
  AuthenticatorStatus,
  PasswordAndCodePayload,
  ReauthenticationPayload,
  SignInFactor,
} from './authenticator';
import type { Passkey, PasskeyCeremonyOptions, PasskeyRegistrationPayload, PasskeySignInPayload } from './passkeys';
import type { SsoExchangePayload, SsoSession, SsoSettings } from './sso';
import type { ApiKey, ApiKeyPayload } from './api-keys';
import type { SignInPolicy, SignInStanding } from './sign-in-policy';
import type { Availability, AvailabilityView, BookedMeeting, BookingDetails, BookingLink, BookingPayload, BookingSlot, BookingSlotsQuery } from './booking';
import type { Interview, InterviewInvitationPayload, Interviewer } from './interviews';
import type {
  ApplicationRatings,
  BulkApplicationsPayload,
  CandidateEmail,
  CandidateEmailPayload,
  CandidateEmailPreview,
  CandidateEmailSettings,
  CandidateEmailTemplate,
  CandidateEmailTemplatePayload,
  PipelineColumn,
  PipelineQuery,
  RatingPayload,
} from './hiring';
import type { BuiltPageDocument, BuiltPageStatus, PageNav } from './built-pages';
import type { CaseStudyDocument } from './case-studies';
import type { PostDocument, PostStatus, PostsPage } from './posts';
import type { ContentFields } from './content-schema';
import type { ContentKey } from './content-paths';
import type { MediaItem, UploadedMedia } from './media';
import type { Redirect, RedirectInput } from './redirects';
import type { SearchAnswer } from './search';
import type { FormQuestion, FormQuestions } from './form-questions';
import type { ApplicationStatus, ContactStatus, JobStatus, LeadStatus } from './enums';
import type { NotificationSettings, NotificationSettingsPayload } from './notification-routes';
import type { EarlierPrivacyRequest, ErasureCounts, PrivacyData, PrivacyEmailPayload, RetentionPeriods } from './privacy';
import type { AdminRole } from './roles';
import type { FollowUpPayload, ItemNote, ItemOwner, MyWorkItem, WorkItemKind, NotePayload, OwnerPayload, TimelineEvent, WorkItemDetails } from './workspace';
import type {
  AdminAccount,
  AdminDetails,
  AdminInvite,
  AdminSession,
  AdminSummary,
  ApplyPayload,
  ApplicationsExportQuery,
  ApplicationListQuery,
  ContactQuery,
  CreateContactPayload,
  CreateLeadPayload,
  DashboardStats,
  Delivery,
  Job,
  JobApplication,
  ListedApplication,
  JobPayload,
  InboxExportQuery,
  InboxQuery,
  Lead,
  ListQuery,
  PortfolioItem,
  PortfolioPayload,
  CreateWebhookPayload,
  Webhook,
  WebhookUpdatePayload,
  UpcomingCalls,
} from './types';

/** Every success answer: `success: true` and the endpoint's fields. */
export type ApiSuccess<Fields extends object = object> = { success: true } & Fields;

/** Every failure answer (4xx, 5xx): a message a person can act on, and one per field for forms. */
export interface ApiFailure {
  success: false;
  message: string;
  errors?: Record<string, string>;
  /** A booking refused because its time is not free (409): the next free slots to offer instead. */
  slots?: BookingSlot[];
}

type Message = { message: string };
/**
 * A public form's answer: `sendsConfirmations` is whether this server mails the visitor a confirmation
 * (SEND_CONFIRMATIONS), the same in every answer, suspected spam's included, so it tells a bot nothing of the triage.
 */
type Submitted<Item> = Message & { sendsConfirmations: boolean; data: Item };
/**
 * A quote's or contact message's answer: as Submitted, and `booking` when the item went to an owner who can be booked
 * (isBookable): the page where the visitor books a call with them. Absent otherwise.
 */
type SubmittedForCall<Item> = Submitted<Item> & { booking?: BookingLink };
/** An answer that is a file (the resume download, a CSV export), not JSON. */
export interface FileAnswer {
  readonly file: 'bytes with their own Content-Type and Content-Disposition';
}
/** An answer with no body (204). */
export interface NoContent {
  readonly noContent: 'status 204, no body';
}
type Listed<Key extends string, Item> = { [K in Key]: Item[] } & { total: number };
/** A list of the workspace: past LIST_EXACT_TOTAL_MAX matching rows, `total` is an estimate, said by `totalEstimated`. */
type WorkListed<Key extends string, Item> = Listed<Key, Item> & {
  /** Present when `total` is the database's estimate: more than 10,000 rows match (LIST_EXACT_TOTAL_MAX). */
  totalEstimated?: true;
};

/** The upload's body: multipart/form-data with the picture's bytes in the part named `file`. */
export interface MediaUploadForm {
  readonly file: 'a JPEG, PNG, WebP or AVIF picture of at most 10 MB';
}
/** The library, newest first, a page at a time. */
export interface MediaListQuery {
  page?: number;
  limit?: number;
}

export interface LoginPayload {
  email: string;
  password: string;
}
/** `challenge` (answered by the login step) binds the later steps to that login; optional for SPEC §7 clients. */
export interface AdminIdPayload {
  adminId: string;
  challenge?: string;
}
/**
 * The code step: `otp` is the mailed code or the authenticator app's (SPEC §7 sends it); `recoveryCode`, sent instead
 * of it, one of the admin's recovery codes. Exactly one of the two.
 */
export type VerifyPayload = AdminIdPayload & { otp?: string; recoveryCode?: string };
export interface InvitePayload {
  email: string;
  name: string;
  role: AdminRole;
}
export interface AdminUpdatePayload {
  role?: AdminRole;
  disabled?: boolean;
}
export interface AcceptInvitePayload {
  token: string;
  password: string;
}
export interface ChangePasswordPayload {
  currentPassword: string;
  newPassword: string;
}
export interface StatusPayload<Status extends string> {
  status: Status;
}
/** Moves a lead or contact message out of suspected spam (`false`: its notifications go out then) or into it. */
export interface SpamPayload {
  spam: boolean;
}

/**
 * Redis as /api/ready saw it: `down` does not make the instance unready, since rate limits then count per instance
 * (fail open) and everything else works; `off` when REDIS_URL is not set.
 */
export type RedisReadiness = 'up' | 'down' | 'off';

export interface ApiContract {
  'GET /api/health': { answer: ApiSuccess<{ status: 'ok' }> };
  /** 200 once this instance can serve (database answers); 503 in the error envelope while starting, draining or cut off. */
  'GET /api/ready': { answer: ApiSuccess<{ status: 'ready'; redis: RedisReadiness }> };

  'POST /api/leads': { body: CreateLeadPayload; answer: ApiSuccess<SubmittedForCall<Lead>> };
  'GET /api/leads': { query: InboxQuery; answer: ApiSuccess<WorkListed<'leads', Lead>> };
  /** Every lead of the list's filter as CSV, streamed; recorded in the audit log (`export.csv`) with the rows sent. */
  'GET /api/leads/export.csv': { query: InboxExportQuery; answer: FileAnswer };
  'PATCH /api/leads/:id/status': { body: StatusPayload<LeadStatus>; answer: ApiSuccess<{ data: Lead }> };
  'PATCH /api/leads/:id/spam': { body: SpamPayload; answer: ApiSuccess<Message & { data: Lead }> };
  /** The staff workspace of one item (docs/features/workspace.md); the same six calls for contacts and applications. */
  'GET /api/leads/:id': { answer: ApiSuccess<{ data: WorkItemDetails<Lead> }> };
  'PATCH /api/leads/:id/owner': { body: OwnerPayload; answer: ApiSuccess<Message & { data: WorkItemDetails<Lead> }> };
  'PUT /api/leads/:id/follow-up': { body: FollowUpPayload; answer: ApiSuccess<Message & { data: WorkItemDetails<Lead> }> };
  'POST /api/leads/:id/notes': { body: NotePayload; answer: ApiSuccess<Message & { data: ItemNote }> };
  'DELETE /api/leads/:id/notes/:noteId': { answer: ApiSuccess<Message> };
  'GET /api/leads/:id/timeline': { answer: ApiSuccess<{ events: TimelineEvent[] }> };

  'POST /api/contacts': { body: CreateContactPayload; answer: ApiSuccess<SubmittedForCall<ContactQuery>> };
  'GET /api/contacts': { query: InboxQuery; answer: ApiSuccess<WorkListed<'contacts', ContactQuery>> };
  'GET /api/contacts/export.csv': { query: InboxExportQuery; answer: FileAnswer };
  'PATCH /api/contacts/:id/status': { body: StatusPayload<ContactStatus>; answer: ApiSuccess<{ data: ContactQuery }> };
  'PATCH /api/contacts/:id/spam': { body: SpamPayload; answer: ApiSuccess<Message & { data: ContactQuery }> };
  'GET /api/contacts/:id': { answer: ApiSuccess<{ data: WorkItemDetails<ContactQuery> }> };
  'PATCH /api/contacts/:id/owner': { body: OwnerPayload; answer: ApiSuccess<Message & { data: WorkItemDetails<ContactQuery> }> };
  'PUT /api/contacts/:id/follow-up': { body: FollowUpPayload; answer: ApiSuccess<Message & { data: WorkItemDetails<ContactQuery> }> };
  'POST /api/contacts/:id/notes': { body: NotePayload; answer: ApiSuccess<Message & { data: ItemNote }> };
  'DELETE /api/contacts/:id/notes/:noteId': { answer: ApiSuccess<Message> };
  'GET /api/contacts/:id/timeline': { answer: ApiSuccess<{ events: TimelineEvent[] }> };

  'GET /api/form-token': { answer: ApiSuccess<{ token: string }> };

  'GET /api/portfolio': { answer: ApiSuccess<{ portfolios: PortfolioItem[] }> };
  'POST /api/portfolio': { body: PortfolioPayload; answer: ApiSuccess<Message & { data: PortfolioItem }> };
  'PUT /api/portfolio/:id': { body: PortfolioPayload; answer: ApiSuccess<Message & { data: PortfolioItem }> };
  'DELETE /api/portfolio/:id': { answer: ApiSuccess<Message> };

  /** `factors`: what the code step takes for this admin (`['email-code']` unless they turned an authenticator app on). */
  'POST /admin/login': { body: LoginPayload; answer: ApiSuccess<Message & { adminId: string; challenge: string; factors: SignInFactor[] }> };
  /**
   * `mustEnrol: true` only for an admin whose role must use an authenticator app or a passkey and who has neither
   * (Settings → Sign-in): until they set one up, only their account's sign-in routes answer. Absent for everyone else.
   */
  'POST /admin/verify-2fa': { body: VerifyPayload; answer: ApiSuccess<{ token: string; admin: AdminDetails; mustEnrol?: true }> };
  'POST /admin/resend-otp': { body: AdminIdPayload; answer: ApiSuccess<Message> };
  'POST /admin/logout': { answer: ApiSuccess<Message> };
  /** Sign in with a passkey alone (it is both factors): its options, then the browser's answer, for the same session answer as the code step. */
  'POST /api/admin/passkey/options': { answer: ApiSuccess<{ options: PasskeyCeremonyOptions }> };
  'POST /api/admin/passkey/verify': { body: PasskeySignInPayload; answer: ApiSuccess<{ token: string; admin: AdminDetails }> };
  /** Single sign-on (decision 093): the login page's button, and the one-time ticket of the provider's callback exchanged for the session. */
  'GET /api/admin/sso': { answer: ApiSuccess<SsoSettings> };
  'POST /api/admin/sso/exchange': { body: SsoExchangePayload; answer: ApiSuccess<SsoSession> };

  'GET /api/admin/dashboard/stats': { answer: ApiSuccess<{ stats: DashboardStats }> };
  /** Submissions by channel of the last `days` (default 30), of the kinds (`kinds`) the admin's role may see. */
  'GET /api/admin/dashboard/channels': {
    query: ChannelsQuery;
    answer: ApiSuccess<{ days: ReportPeriod; kinds: WorkItemKind[]; channels: ChannelCounts[] }>;
  };

  /** Admins and roles (owners); the invitee's one-time link leads to POST /admin/accept-invite. */
  'GET /api/admin/admins': { answer: ApiSuccess<{ admins: AdminSummary[] }> };
  'POST /api/admin/admins': { body: InvitePayload; answer: ApiSuccess<Message & { invite: { email: string; role: AdminRole; expiresAt: string } }> };
  'PATCH /api/admin/admins/:id': { body: AdminUpdatePayload; answer: ApiSuccess<Message & { data: AdminSummary }> };
  'POST /api/admin/admins/:id/sign-in-reset': { body: ReauthenticationPayload; answer: ApiSuccess<Message> };
  'POST /api/admin/admins/:id/sign-in-grace': { answer: ApiSuccess<Message & { mailedCodeUntil: string | null }> };
  'POST /admin/accept-invite': { body: AcceptInvitePayload; answer: ApiSuccess<Message & { email: string }> };
  /** Pending invitations (owners); revoking one makes its link answer like an expired one. */
  'GET /api/admin/invites': { answer: ApiSuccess<{ invites: AdminInvite[] }> };
  'DELETE /api/admin/invites/:id': { answer: ApiSuccess<Message> };
  /** My account: every admin. */
  /** `signIn`: the admin's strong factors and what the sign-in policy asks of them. */
  'GET /api/admin/account': { answer: ApiSuccess<{ account: AdminAccount; signIn: SignInStanding }> };
  'PUT /api/admin/account/password': { body: ChangePasswordPayload; answer: ApiSuccess<Message> };
  'GET /api/admin/account/sessions': { answer: ApiSuccess<{ sessions: AdminSession[] }> };
  'DELETE /api/admin/account/sessions/:id': { answer: ApiSuccess<Message> };
  /**
   * My authenticator app (docs/features/sign-in.md): its state, a new pending secret, its confirmation, its removal, new
   * recovery codes. A setup, a removal and new codes ask for the password again (decision 088).
   */
  'GET /api/admin/me/totp': { answer: ApiSuccess<{ authenticator: AuthenticatorStatus }> };
  'POST /api/admin/me/totp': { body: ReauthenticationPayload; answer: ApiSuccess<AuthenticatorSetup> };
  /** `recoveryCodes`: shown this once (only their hashes are kept). */
  'POST /api/admin/me/totp/confirm': { body: AuthenticatorCodePayload; answer: ApiSuccess<Message & { recoveryCodes: string[] }> };
  'DELETE /api/admin/me/totp': { body: PasswordAndCodePayload; answer: ApiSuccess<Message> };
  /** Ten new recovery codes in place of the admin's codes, used or not; shown this once. */
  'POST /api/admin/me/totp/recovery-codes': { body: PasswordAndCodePayload; answer: ApiSuccess<Message & { recoveryCodes: string[] }> };
  /**
   * My passkeys (decision 089): the list, the options of a new one (for the password again, decision 088), the new one
   * from the browser's answer to them, a removal (with the password).
   */
  'GET /api/admin/me/passkeys': { answer: ApiSuccess<{ passkeys: Passkey[] }> };
  'POST /api/admin/me/passkeys/options': { body: ReauthenticationPayload; answer: ApiSuccess<{ options: PasskeyCeremonyOptions }> };
  'POST /api/admin/me/passkeys': { body: PasskeyRegistrationPayload; answer: ApiSuccess<Message & { passkey: Passkey }> };
  'DELETE /api/admin/me/passkeys/:id': { body: ReauthenticationPayload; answer: ApiSuccess<Message> };
  /** API keys (decision 092): an owner's list has every admin's; the key itself is answered once, at creation. */
  'GET /api/admin/api-keys': { answer: ApiSuccess<{ apiKeys: ApiKey[] }> };
  'POST /api/admin/api-keys': { body: ApiKeyPayload; answer: ApiSuccess<Message & { key: string; apiKey: ApiKey }> };
  'DELETE /api/admin/api-keys/:id': { answer: ApiSuccess<Message> };
  'GET /api/admin/me/availability': { answer: ApiSuccess<{ availability: AvailabilityView }> };
  'PUT /api/admin/me/availability': { body: Availability; answer: ApiSuccess<{ availability: AvailabilityView }> };
  /** Booking a call (docs/features/booking.md): public, by the signed token of a quote's or contact message's link. */
  'GET /api/booking/:token': { answer: ApiSuccess<BookingDetails> };
  'GET /api/booking/:token/slots': { query: BookingSlotsQuery; answer: ApiSuccess<{ timeZone: string; slots: BookingSlot[] }> };
  /** Books the slot, or moves the item's booked call to it; 409 with `slots` when it is not free. */
  'POST /api/booking/:token': { body: BookingPayload; answer: ApiSuccess<{ meeting: BookedMeeting }> };
  /** Cancels the call booked with the link; 409 when there is none (or it is over). */
  'DELETE /api/booking/:token': { answer: ApiSuccess<{ meeting: null }> };

  'GET /api/admin/deliveries': { query: ListQuery; answer: ApiSuccess<Listed<'deliveries', Delivery>> };
  'POST /api/admin/deliveries/:id/retry': { answer: ApiSuccess<Message & { data: Delivery }> };

  'GET /api/admin/settings/notifications': { answer: ApiSuccess<{ settings: NotificationSettings }> };
  'PUT /api/admin/settings/notifications': {
    body: NotificationSettingsPayload;
    answer: ApiSuccess<Message & { settings: NotificationSettings }>;
  };
  /** Settings → Sign-in (owners): the roles that must use an authenticator app or a passkey, and the grace period. */
  'GET /api/admin/settings/sign-in': { answer: ApiSuccess<{ policy: SignInPolicy }> };
  'PUT /api/admin/settings/sign-in': { body: SignInPolicy; answer: ApiSuccess<Message & { policy: SignInPolicy }> };

  /**
   * Privacy requests: everything held about one e-mail address (case-insensitive), and its erasure. The address
   * travels in the body, never in the URL (access logs, proxies and browser history keep URLs).
   */
  'POST /api/admin/privacy/lookup': { body: PrivacyEmailPayload; answer: ApiSuccess<{ data: PrivacyData; earlierRequests: EarlierPrivacyRequest[] }> };
  'POST /api/admin/privacy/erase': { body: PrivacyEmailPayload; answer: ApiSuccess<{ erased: ErasureCounts }> };
  /** The audit log, newest first (append-only: no route updates or deletes an entry). */
  'GET /api/admin/audit': { query: AuditQuery; answer: ApiSuccess<{ entries: AuditEntry[]; total: number }> };
  'GET /api/admin/audit/export.csv': { query: AuditExportQuery; answer: FileAnswer };
  /** The retention periods in force (read-only: set by env). */
  'GET /api/admin/settings/retention': { answer: ApiSuccess<{ retention: RetentionPeriods }> };

  'GET /api/admin/settings/webhooks': { answer: ApiSuccess<{ webhooks: Webhook[] }> };
  /** The only answer that holds the endpoint's signing secret. */
  'POST /api/admin/settings/webhooks': { body: CreateWebhookPayload; answer: ApiSuccess<Message & { data: Webhook; secret: string }> };
  'PATCH /api/admin/settings/webhooks/:id': { body: WebhookUpdatePayload; answer: ApiSuccess<Message & { data: Webhook }> };
  'DELETE /api/admin/settings/webhooks/:id': { answer: ApiSuccess<Message> };

  'GET /api/jobs': { answer: ApiSuccess<{ jobs: Job[] }> };
  'GET /api/forms/:form': { answer: ApiSuccess<{ questions: FormQuestion[] }> };
  'GET /api/admin/forms': { answer: ApiSuccess<{ forms: FormQuestions[] }> };
  'PUT /api/admin/forms/:form': { body: { questions: FormQuestion[] }; answer: ApiSuccess<Message & { data: FormQuestions }> };
  'GET /api/jobs/admin': { query: ListQuery; answer: ApiSuccess<Listed<'jobs', Job>> };
  'POST /api/jobs/admin': { body: JobPayload; answer: ApiSuccess<Message & { data: Job }> };
  'PUT /api/jobs/admin/:id': { body: JobPayload; answer: ApiSuccess<Message & { data: Job }> };
  'PUT /api/jobs/admin/:id/status': { body: StatusPayload<JobStatus>; answer: ApiSuccess<Message & { data: Job }> };
  'DELETE /api/jobs/admin/:id': { answer: ApiSuccess<Message> };
  'POST /api/jobs/apply': { body: ApplyPayload; answer: ApiSuccess<Submitted<JobApplication>> };
  /** Every job's applications, each with its job's title. */
  'GET /api/jobs/applications': { query: ApplicationListQuery; answer: ApiSuccess<WorkListed<'applications', ListedApplication>> };
  'GET /api/jobs/applications/:jobId': { query: ApplicationListQuery; answer: ApiSuccess<WorkListed<'applications', JobApplication>> };
  'GET /api/jobs/applications/export.csv': { query: ApplicationsExportQuery; answer: FileAnswer };
  'GET /api/jobs/applications/:applicationId/resume': { answer: FileAnswer };
  'PUT /api/jobs/applications/:applicationId/status': {
    body: StatusPayload<ApplicationStatus>;
    answer: ApiSuccess<Message & { data: JobApplication }>;
  };
  /** The same path as the list of a job's applications: an application's id answers the application (decision 057). */
  'GET /api/jobs/applications/:applicationId': { answer: ApiSuccess<{ data: WorkItemDetails<JobApplication> }> };
  'PATCH /api/jobs/applications/:applicationId/owner': { body: OwnerPayload; answer: ApiSuccess<Message & { data: WorkItemDetails<JobApplication> }> };
  'PUT /api/jobs/applications/:applicationId/follow-up': { body: FollowUpPayload; answer: ApiSuccess<Message & { data: WorkItemDetails<JobApplication> }> };
  'POST /api/jobs/applications/:applicationId/notes': { body: NotePayload; answer: ApiSuccess<Message & { data: ItemNote }> };
  'DELETE /api/jobs/applications/:applicationId/notes/:noteId': { answer: ApiSuccess<Message> };
  'GET /api/jobs/applications/:applicationId/timeline': { answer: ApiSuccess<{ events: TimelineEvent[] }> };
  /** Hiring (docs/features/hiring.md): a job's pipeline board, ratings, mails to candidates, bulk changes. */
  'GET /api/jobs/admin/:id/pipeline': { query: PipelineQuery; answer: ApiSuccess<{ job: Job; columns: PipelineColumn[] }> };
  'GET /api/jobs/applications/:applicationId/ratings': { answer: ApiSuccess<{ data: ApplicationRatings }> };
  /** My rating of the application (one per admin): created, or replaced when I rated it before. */
  'PUT /api/jobs/applications/:applicationId/rating': { body: RatingPayload; answer: ApiSuccess<Message & { data: ApplicationRatings }> };
  'GET /api/jobs/applications/:applicationId/emails': { answer: ApiSuccess<{ emails: CandidateEmail[] }> };
  'POST /api/jobs/applications/:applicationId/emails': {
    body: CandidateEmailPayload;
    answer: ApiSuccess<Message & { data: Pick<CandidateEmail, '_id' | 'status' | 'sendAt'> }>;
  };
  /** The mail as the candidate would read it now (placeholders filled), without sending anything. */
  'POST /api/jobs/applications/:applicationId/emails/preview': { body: CandidateEmailPayload; answer: ApiSuccess<{ preview: CandidateEmailPreview }> };
  /** Cancels a scheduled mail; 409 once it is being sent or was sent. */
  'DELETE /api/jobs/applications/:applicationId/emails/:emailId': { answer: ApiSuccess<Message> };
  /** All or nothing, in one transaction: every application gets the status (and the template's mail), or none does. */
  /** Interview scheduling (docs/features/booking.md, "Interviews"): the application's invitations, newest first. */
  /** The admins who could interview (active, of a role that takes calls), each with whether they can be booked now. */
  'GET /api/jobs/applications/:applicationId/interviewers': { answer: ApiSuccess<{ interviewers: Interviewer[] }> };
  'GET /api/jobs/applications/:applicationId/interviews': { answer: ApiSuccess<{ interviews: Interview[] }> };
  'POST /api/jobs/applications/:applicationId/interview': { body: InterviewInvitationPayload; answer: ApiSuccess<Message & { interview: Interview }> };
  'DELETE /api/jobs/applications/:applicationId/interviews/:interviewId': { answer: ApiSuccess<Message> };
  'POST /api/jobs/applications/bulk': { body: BulkApplicationsPayload; answer: ApiSuccess<Message & { updated: number; scheduled: number }> };
  /** Settings → Candidate e-mails (owners and recruiters). */
  'GET /api/admin/settings/candidate-emails': { answer: ApiSuccess<{ templates: CandidateEmailTemplate[]; settings: CandidateEmailSettings }> };
  'PUT /api/admin/settings/candidate-emails': { body: CandidateEmailSettings; answer: ApiSuccess<Message & { settings: CandidateEmailSettings }> };
  'POST /api/admin/settings/candidate-emails/templates': {
    body: CandidateEmailTemplatePayload;
    answer: ApiSuccess<Message & { data: CandidateEmailTemplate }>;
  };
  'PUT /api/admin/settings/candidate-emails/templates/:id': {
    body: CandidateEmailTemplatePayload;
    answer: ApiSuccess<Message & { data: CandidateEmailTemplate }>;
  };
  'DELETE /api/admin/settings/candidate-emails/templates/:id': { answer: ApiSuccess<Message> };
  /** The open items I own, overdue first, and my upcoming calls of the next MY_WORK_CALL_DAYS (at most MY_WORK_CALLS_MAX). */
  'GET /api/admin/my-work': { answer: ApiSuccess<{ items: MyWorkItem[]; myCalls: UpcomingCalls }> };
  /** Who may own an item of this kind: the active admins whose role covers its area (any admin of that area may ask). */
  'GET /api/admin/assignees': { query: { kind: WorkItemKind }; answer: ApiSuccess<{ assignees: ItemOwner[] }> };

  /** The site's published content of one page (the site's client-side navigation reads it). */
  'GET /api/content/:key': { answer: ApiSuccess<{ content: ContentFields }> };
  /** Site content (editors and owners): drafts, publishing now or later, previews, versions. */
  'GET /api/admin/content': { answer: ApiSuccess<{ pages: ContentPageSummary[] }> };
  'GET /api/admin/content/:key': { answer: ApiSuccess<{ page: ContentPageDetails }> };
  'PUT /api/admin/content/:key': { body: { fields: ContentFields; baseVersionId?: string }; answer: ApiSuccess<Message & { page: ContentPageDetails }> };
  'POST /api/admin/content/:key/publish': { body: { at?: string }; answer: ApiSuccess<Message & { page: ContentPageDetails }> };
  'DELETE /api/admin/content/:key/schedule': { answer: ApiSuccess<Message & { page: ContentPageDetails }> };
  'POST /api/admin/content/:key/preview': { answer: ApiSuccess<{ url: string; expiresAt: string }> };
  'GET /api/admin/content/:key/versions/:id': { answer: ApiSuccess<{ version: ContentVersion }> };
  'POST /api/admin/content/:key/versions/:id/restore': { answer: ApiSuccess<Message & { page: ContentPageDetails }> };
  /** Pages built from blocks (editors and owners; docs/features/built-pages.md): the same drafts and versions as content. */
  'GET /api/admin/pages': { answer: ApiSuccess<{ pages: BuiltPageSummary[] }> };
  'POST /api/admin/pages': { body: { title: string; slug: string }; answer: ApiSuccess<Message & { page: BuiltPageDetails }> };
  'GET /api/admin/pages/:id': { answer: ApiSuccess<{ page: BuiltPageDetails }> };
  'PUT /api/admin/pages/:id': { body: { draft: BuiltPageDocument; baseVersionId?: string }; answer: ApiSuccess<Message & { page: BuiltPageDetails }> };
  'DELETE /api/admin/pages/:id': { answer: ApiSuccess<Message> };
  'POST /api/admin/pages/:id/publish': { body: { at?: string }; answer: ApiSuccess<Message & { page: BuiltPageDetails }> };
  'DELETE /api/admin/pages/:id/schedule': { answer: ApiSuccess<Message & { page: BuiltPageDetails }> };
  'POST /api/admin/pages/:id/preview': { answer: ApiSuccess<{ url: string; expiresAt: string }> };
  'GET /api/admin/pages/:id/versions/:versionId': { answer: ApiSuccess<{ version: BuiltPageVersion }> };
  'POST /api/admin/pages/:id/versions/:versionId/restore': { answer: ApiSuccess<Message & { page: BuiltPageDetails }> };
  'PUT /api/admin/pages/:id/nav': { body: PageNav; answer: ApiSuccess<Message & { page: BuiltPageDetails }> };
  'GET /api/admin/portfolio/:id': { answer: ApiSuccess<{ caseStudy: CaseStudyDetails }> };
  'POST /api/admin/portfolio/:id/publish': { body: { at?: string }; answer: ApiSuccess<Message & { caseStudy: CaseStudyDetails }> };
  'DELETE /api/admin/portfolio/:id/schedule': { answer: ApiSuccess<Message & { caseStudy: CaseStudyDetails }> };
  'POST /api/admin/portfolio/:id/preview': { answer: ApiSuccess<{ url: string; expiresAt: string }> };
  'GET /api/admin/portfolio/:id/versions/:versionId': { answer: ApiSuccess<{ version: CaseStudyVersion }> };
  'POST /api/admin/portfolio/:id/versions/:versionId/restore': { answer: ApiSuccess<Message & { caseStudy: CaseStudyDetails }> };
  /** News (editors and owners; docs/features/news.md): the same drafts, versions, schedules and previews as content. */
  'GET /api/admin/posts': { answer: ApiSuccess<{ posts: PostSummary[] }> };
  'POST /api/admin/posts': { body: { title: string; slug: string }; answer: ApiSuccess<Message & { post: PostDetails }> };
  'GET /api/admin/posts/:id': { answer: ApiSuccess<{ post: PostDetails }> };
  'PUT /api/admin/posts/:id': { body: { draft: PostDocument; baseVersionId?: string }; answer: ApiSuccess<Message & { post: PostDetails }> };
  'DELETE /api/admin/posts/:id': { answer: ApiSuccess<Message> };
  'POST /api/admin/posts/:id/publish': { body: { at?: string }; answer: ApiSuccess<Message & { post: PostDetails }> };
  'DELETE /api/admin/posts/:id/schedule': { answer: ApiSuccess<Message & { post: PostDetails }> };
  'POST /api/admin/posts/:id/preview': { answer: ApiSuccess<{ url: string; expiresAt: string }> };
  'GET /api/admin/posts/:id/versions/:versionId': { answer: ApiSuccess<{ version: PostVersion }> };
  'POST /api/admin/posts/:id/versions/:versionId/restore': { answer: ApiSuccess<Message & { post: PostDetails }> };
  /** The published posts, the newest first, 12 a page, of one tag or all. */
  'GET /api/posts': { query: { tag?: string; page?: number }; answer: ApiSuccess<PostsPage> };
  /** Site search over what is published (docs/features/search.md): the best 20 matches at most. */
  'GET /api/search': { query: { q: string }; answer: ApiSuccess<SearchAnswer> };
  /** Redirects (editors and owners; docs/features/built-pages.md#redirects): the newest first. */
  'GET /api/admin/redirects': { answer: ApiSuccess<{ redirects: Redirect[] }> };
  'POST /api/admin/redirects': { body: RedirectInput; answer: ApiSuccess<Message & { redirect: Redirect }> };
  'DELETE /api/admin/redirects/:id': { answer: ApiSuccess<Message> };
  /** Pictures for the content (editors and owners): uploaded once, resized, served under /media/. */
  'POST /api/admin/media': { body: MediaUploadForm; answer: ApiSuccess<{ data: UploadedMedia }> };
  'GET /api/admin/media': { query: MediaListQuery; answer: ApiSuccess<Listed<'media', MediaItem>> };
  'DELETE /api/admin/media/:id': { answer: ApiSuccess<Message> };

  /** The site's analytics reports (navigator.sendBeacon, JSON): 204 to anything, even what it does not count. */
  'POST /api/collect': { body: CollectEvent; answer: NoContent };
  /** Site analytics of a period (owners, sales, editors): daily aggregates, nothing about a person. */
  'GET /api/admin/analytics': { query: AnalyticsQuery; answer: ApiSuccess<AnalyticsReport> };
  'GET /api/admin/analytics/export.csv': { query: AnalyticsExportQuery; answer: FileAnswer };
}

/** One page in the admin's Content list. */
export interface ContentPageSummary {
  key: ContentKey;
  title: string;
  /** Saved changes that are not published yet. */
  hasDraft: boolean;
  /** When the published copy was published; null while the page still shows what it was installed with. */
  publishedAt: string | null;
  /** When the pending scheduled publish will run, if one is pending. */
  scheduledAt: string | null;
}

/** One page in the admin's Pages list: its title and address as its draft has them. */
export interface BuiltPageSummary {
  _id: string;
  title: string;
  slug: string;
  /** The draft's path (`/` + slug). */
  path: string;
  /** scheduled: a publish is pending (the page may be published already); draft: never published. */
  status: BuiltPageStatus;
  publishedAt: string | null;
  scheduledAt: string | null;
  updatedAt: string;
  nav: PageNav;
}

export interface BuiltPageDetails extends BuiltPageSummary {
  /** The document being edited: the newest saved draft, else the published one. */
  draft: BuiltPageDocument;
  /** What visitors see; null until the page is first published. */
  published: BuiltPageDocument | null;
  /** The path visitors reach the published page at; null until it is published. */
  publishedPath: string | null;
  hasDraft: boolean;
  draftVersionId: string;
  scheduledVersionId: string | null;
  failedSchedule: ContentPageDetails['failedSchedule'];
  /** Newest first (at most CONTENT_VERSIONS_KEPT). */
  versions: ContentVersionSummary[];
}

export interface BuiltPageVersion extends ContentVersionSummary {
  document: BuiltPageDocument;
}

/** A portfolio item's case study as its editor sees it (docs/features/case-studies.md). */
export interface CaseStudyDetails {
  item: PortfolioItem;
  /** Where visitors read it: /portfolio/<slug>. */
  path: string;
  status: BuiltPageStatus;
  publishedAt: string | null;
  scheduledAt: string | null;
  /** The story being edited: the newest saved draft. */
  draft: CaseStudyDocument;
  /** What visitors see; null until it is first published (the page then shows the item's own fields). */
  published: CaseStudyDocument | null;
  hasDraft: boolean;
  draftVersionId: string;
  scheduledVersionId: string | null;
  failedSchedule: ContentPageDetails['failedSchedule'];
  /** Newest first (at most CONTENT_VERSIONS_KEPT). */
  versions: ContentVersionSummary[];
}

export interface CaseStudyVersion extends ContentVersionSummary {
  document: CaseStudyDocument;
}

/** One post in the admin's News list: its title and address as its draft has them. */
export interface PostSummary {
  _id: string;
  title: string;
  slug: string;
  /** The draft's path (/news/<slug>). */
  path: string;
  status: PostStatus;
  tags: string[];
  /** The admin who wrote it (null once that account is gone). */
  authorId: string | null;
  /** When it was first published; null until then. */
  publishedAt: string | null;
  scheduledAt: string | null;
  updatedAt: string;
}

export interface PostDetails extends PostSummary {
  /** The post being edited: the newest saved draft. */
  draft: PostDocument;
  /** What visitors see; null until it is first published. */
  published: PostDocument | null;
  /** Where visitors read the published post; null until it is published. */
  publishedPath: string | null;
  hasDraft: boolean;
  draftVersionId: string;
  scheduledVersionId: string | null;
  failedSchedule: ContentPageDetails['failedSchedule'];
  /** Newest first (at most CONTENT_VERSIONS_KEPT). */
  versions: ContentVersionSummary[];
}

export interface PostVersion extends ContentVersionSummary {
  document: PostDocument;
}

/** What made a version: a saved draft, a publish, a restore of an older version, or the install's seed. */
export type ContentVersionKind = 'seed' | 'draft' | 'publish' | 'restore';

export interface ContentVersionSummary {
  _id: string;
  kind: ContentVersionKind;
  createdAt: string;
  /** The author's e-mail; null for the seed and for scheduled publishes run by the server. */
  author: string | null;
  /** When this version went live, if it ever did. */
  publishedAt: string | null;
}

export interface ContentVersion extends ContentVersionSummary {
  fields: ContentFields;
}

export interface ContentPageDetails extends ContentPageSummary {
  /** The fields being edited: the newest saved draft, else the published ones. */
  draft: ContentFields;
  published: ContentFields;
  /** The version the draft is (a schedule publishes exactly this one). */
  draftVersionId: string;
  /** The version a pending schedule will publish, when one is pending. */
  scheduledVersionId: string | null;
  /**
   * The page's newest schedule when it failed after the last publish (its version no longer fitted the page's rules):
   * when it was due, when it failed, and the fields that do not fit, by path.
   */
  failedSchedule: { runAt: string; failedAt: string; errors: Record<string, string> } | null;
  /** Newest first (at most CONTENT_VERSIONS_KEPT). */
  versions: ContentVersionSummary[];
}

export type Endpoint = keyof ApiContract;
/** The success answer of an endpoint, e.g. `AnswerOf<'GET /api/leads'>`. */
export type AnswerOf<E extends Endpoint> = ApiContract[E]['answer'];
/** The JSON body an endpoint takes. */
export type BodyOf<E extends Endpoint> = ApiContract[E] extends { body: infer Body } ? Body : never;

/**
 * The endpoints as a value, for tests that hold the running server to the contract (every endpoint served,
 * nothing served outside it). `satisfies` keeps it equal to the type: a missing or an extra entry fails to compile.
 */
export const API_ENDPOINTS = {
  'GET /api/health': true,
  'GET /api/ready': true,
  'POST /api/leads': true,
  'GET /api/leads': true,
  'GET /api/leads/export.csv': true,
  'PATCH /api/leads/:id/status': true,
  'PATCH /api/leads/:id/spam': true,
  'GET /api/leads/:id': true,
  'PATCH /api/leads/:id/owner': true,
  'PUT /api/leads/:id/follow-up': true,
  'POST /api/leads/:id/notes': true,
  'DELETE /api/leads/:id/notes/:noteId': true,
  'GET /api/leads/:id/timeline': true,
  'POST /api/contacts': true,
  'GET /api/contacts': true,
  'GET /api/contacts/export.csv': true,
  'PATCH /api/contacts/:id/status': true,
  'PATCH /api/contacts/:id/spam': true,
  'GET /api/contacts/:id': true,
  'PATCH /api/contacts/:id/owner': true,
  'PUT /api/contacts/:id/follow-up': true,
  'POST /api/contacts/:id/notes': true,
  'DELETE /api/contacts/:id/notes/:noteId': true,
  'GET /api/contacts/:id/timeline': true,
  'GET /api/form-token': true,
  'GET /api/portfolio': true,
  'POST /api/portfolio': true,
  'PUT /api/portfolio/:id': true,
  'DELETE /api/portfolio/:id': true,
  'POST /admin/login': true,
  'POST /admin/verify-2fa': true,
  'POST /admin/resend-otp': true,
  'POST /admin/logout': true,
  'POST /api/admin/passkey/options': true,
  'POST /api/admin/passkey/verify': true,
  'GET /api/admin/sso': true,
  'POST /api/admin/sso/exchange': true,
  'GET /api/admin/dashboard/stats': true,
  'GET /api/admin/dashboard/channels': true,
  'GET /api/admin/admins': true,
  'POST /api/admin/admins': true,
  'PATCH /api/admin/admins/:id': true,
  'POST /api/admin/admins/:id/sign-in-reset': true,
  'POST /api/admin/admins/:id/sign-in-grace': true,
  'POST /admin/accept-invite': true,
  'GET /api/admin/invites': true,
  'DELETE /api/admin/invites/:id': true,
  'GET /api/admin/account': true,
  'PUT /api/admin/account/password': true,
  'GET /api/admin/account/sessions': true,
  'DELETE /api/admin/account/sessions/:id': true,
  'GET /api/admin/me/totp': true,
  'POST /api/admin/me/totp': true,
  'POST /api/admin/me/totp/confirm': true,
  'DELETE /api/admin/me/totp': true,
  'POST /api/admin/me/totp/recovery-codes': true,
  'GET /api/admin/me/passkeys': true,
  'POST /api/admin/me/passkeys/options': true,
  'POST /api/admin/me/passkeys': true,
  'DELETE /api/admin/me/passkeys/:id': true,
  'GET /api/admin/api-keys': true,
  'POST /api/admin/api-keys': true,
  'DELETE /api/admin/api-keys/:id': true,
  'GET /api/admin/me/availability': true,
  'PUT /api/admin/me/availability': true,
  'GET /api/booking/:token': true,
  'GET /api/booking/:token/slots': true,
  'POST /api/booking/:token': true,
  'DELETE /api/booking/:token': true,
  'GET /api/admin/deliveries': true,
  'POST /api/admin/deliveries/:id/retry': true,
  'GET /api/admin/settings/notifications': true,
  'PUT /api/admin/settings/notifications': true,
  'GET /api/admin/settings/sign-in': true,
  'PUT /api/admin/settings/sign-in': true,
  'POST /api/admin/privacy/lookup': true,
  'POST /api/admin/privacy/erase': true,
  'GET /api/admin/audit': true,
  'GET /api/admin/audit/export.csv': true,
  'GET /api/admin/settings/retention': true,
  'GET /api/admin/settings/webhooks': true,
  'POST /api/admin/settings/webhooks': true,
  'PATCH /api/admin/settings/webhooks/:id': true,
  'DELETE /api/admin/settings/webhooks/:id': true,
  'GET /api/jobs': true,
  'GET /api/forms/:form': true,
  'GET /api/admin/forms': true,
  'PUT /api/admin/forms/:form': true,
  'GET /api/jobs/admin': true,
  'POST /api/jobs/admin': true,
  'PUT /api/jobs/admin/:id': true,
  'PUT /api/jobs/admin/:id/status': true,
  'DELETE /api/jobs/admin/:id': true,
  'POST /api/jobs/apply': true,
  'GET /api/jobs/applications': true,
  'GET /api/jobs/applications/:jobId': true,
  'GET /api/jobs/applications/export.csv': true,
  'GET /api/jobs/applications/:applicationId/resume': true,
  'PUT /api/jobs/applications/:applicationId/status': true,
  'GET /api/jobs/applications/:applicationId': true,
  'PATCH /api/jobs/applications/:applicationId/owner': true,
  'PUT /api/jobs/applications/:applicationId/follow-up': true,
  'POST /api/jobs/applications/:applicationId/notes': true,
  'DELETE /api/jobs/applications/:applicationId/notes/:noteId': true,
  'GET /api/jobs/applications/:applicationId/timeline': true,
  'GET /api/jobs/admin/:id/pipeline': true,
  'GET /api/jobs/applications/:applicationId/ratings': true,
  'PUT /api/jobs/applications/:applicationId/rating': true,
  'GET /api/jobs/applications/:applicationId/emails': true,
  'POST /api/jobs/applications/:applicationId/emails': true,
  'POST /api/jobs/applications/:applicationId/emails/preview': true,
  'DELETE /api/jobs/applications/:applicationId/emails/:emailId': true,
  'GET /api/jobs/applications/:applicationId/interviewers': true,
  'GET /api/jobs/applications/:applicationId/interviews': true,
  'POST /api/jobs/applications/:applicationId/interview': true,
  'DELETE /api/jobs/applications/:applicationId/interviews/:interviewId': true,
  'POST /api/jobs/applications/bulk': true,
  'GET /api/admin/settings/candidate-emails': true,
  'PUT /api/admin/settings/candidate-emails': true,
  'POST /api/admin/settings/candidate-emails/templates': true,
  'PUT /api/admin/settings/candidate-emails/templates/:id': true,
  'DELETE /api/admin/settings/candidate-emails/templates/:id': true,
  'GET /api/admin/my-work': true,
  'GET /api/admin/assignees': true,
  'GET /api/content/:key': true,
  'GET /api/admin/content': true,
  'GET /api/admin/content/:key': true,
  'PUT /api/admin/content/:key': true,
  'POST /api/admin/content/:key/publish': true,
  'DELETE /api/admin/content/:key/schedule': true,
  'POST /api/admin/content/:key/preview': true,
  'GET /api/admin/content/:key/versions/:id': true,
  'POST /api/admin/content/:key/versions/:id/restore': true,
  'GET /api/admin/pages': true,
  'POST /api/admin/pages': true,
  'GET /api/admin/pages/:id': true,
  'PUT /api/admin/pages/:id': true,
  'DELETE /api/admin/pages/:id': true,
  'POST /api/admin/pages/:id/publish': true,
  'DELETE /api/admin/pages/:id/schedule': true,
  'POST /api/admin/pages/:id/preview': true,
  'GET /api/admin/pages/:id/versions/:versionId': true,
  'POST /api/admin/pages/:id/versions/:versionId/restore': true,
  'PUT /api/admin/pages/:id/nav': true,
  'GET /api/admin/portfolio/:id': true,
  'POST /api/admin/portfolio/:id/publish': true,
  'DELETE /api/admin/portfolio/:id/schedule': true,
  'POST /api/admin/portfolio/:id/preview': true,
  'GET /api/admin/portfolio/:id/versions/:versionId': true,
  'POST /api/admin/portfolio/:id/versions/:versionId/restore': true,
  'GET /api/admin/posts': true,
  'POST /api/admin/posts': true,
  'GET /api/admin/posts/:id': true,
  'PUT /api/admin/posts/:id': true,
  'DELETE /api/admin/posts/:id': true,
  'POST /api/admin/posts/:id/publish': true,
  'DELETE /api/admin/posts/:id/schedule': true,
  'POST /api/admin/posts/:id/preview': true,
  'GET /api/admin/posts/:id/versions/:versionId': true,
  'POST /api/admin/posts/:id/versions/:versionId/restore': true,
  'GET /api/posts': true,
  'GET /api/search': true,
  'GET /api/admin/redirects': true,
  'POST /api/admin/redirects': true,
  'DELETE /api/admin/redirects/:id': true,
  'POST /api/admin/media': true,
  'GET /api/admin/media': true,
  'DELETE /api/admin/media/:id': true,
  'POST /api/collect': true,
  'GET /api/admin/analytics': true,
  'GET /api/admin/analytics/export.csv': true,
} as const satisfies Record<Endpoint, true>;

/**
 * Endpoints that are no longer part of the contract but are still served, answering 410 with a message that names
 * their replacement (here), so a client that still calls them learns where to go. Nothing compiles against them.
 */
export const RETIRED_ENDPOINTS = {
  'GET /api/admin/privacy': 'POST /api/admin/privacy/lookup',
  'DELETE /api/admin/privacy': 'POST /api/admin/privacy/erase',
} as const satisfies Record<string, Endpoint>;
