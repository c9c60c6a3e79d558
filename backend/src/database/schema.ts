import type {
  AdminRole,
  AnalyticsForm,
  AnalyticsScreen,
  ApplicationStatus,
  ApiKeyScope,
  AuditActor,
  BuiltPageDocument,
  CaseStudyDocument,
  PostDocument,
  ContactDepartment,
  ContactStatus,
  ContentFields,
  ContentVersionKind,
  FormQuestion,
  DeliveryStatus,
  DeliveryTopic,
  JobDepartment,
  JobLocation,
  JobStatus,
  JobType,
  LeadStatus,
  NavPlacement,
  PortfolioCategory,
  RatingScore,
  RedirectSource,
  RedirectStatus,
  SearchResultKind,
  QuestionForm,
  ServiceKey,
  StoredAnswer,
  WebhookEvent,
  WeeklyWindow,
} from '@brightwave/common';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  customType,
  type AnyPgColumn,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import type { CalendarPart } from '../mail/mail.service';

/** What a content row holds: a site page's fields, or a built page's document. */
export type ContentDocument = ContentFields | BuiltPageDocument | CaseStudyDocument | PostDocument;

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** A submission's answers to its form's custom questions, each with the label it was given under. */
const answersColumn = () => jsonb('answers').$type<StoredAnswer[]>().notNull().default([]);
/** The last change (status, spam, owner, follow-up): retention counts from it. Every drizzle update sets it. */
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * The staff workspace of an item (docs/features/workspace.md): who owns it, and when someone should follow up. The
 * admins are referenced lazily: `admins` is declared below the inboxes.
 */
const workColumns = () => ({
  ownerId: uuid('owner_id').references((): AnyPgColumn => admins.id, { onDelete: 'set null' }),
  followUpAt: timestamp('follow_up_at', { withTimezone: true, mode: 'date' }),
  /** Who set the follow-up: reminded when nobody owns the item. */
  followUpById: uuid('follow_up_by_id').references((): AnyPgColumn => admins.id, { onDelete: 'set null' }),
  /** When the reminder of the current follow-up was queued; null until then (a new follow-up clears it). */
  followUpRemindedAt: timestamp('follow_up_reminded_at', { withTimezone: true, mode: 'date' }),
});

/**
 * Where a submission came from (docs/features/analytics.md, "Attribution"): the fields of `Attribution`, each its own
 * nullable column rather than one jsonb value, so the lists filter and the dashboard groups by plain indexed columns
 * (decision 059).
 */
const attributionColumns = () => ({
  source: text('source'),
  medium: text('medium'),
  campaign: text('campaign'),
  term: text('term'),
  content: text('content'),
  referrerHost: text('referrer_host'),
  landingPath: text('landing_path'),
});

/**
 * The indexes of the attribution columns of an inbox (not spam): the list filters by source and by medium, newest first
 * (the ids of a page from the index alone), and the dashboard's "Submissions by channel", an index-only range of the
 * period that holds the source, medium and status of each row.
 */
const attributionIndexes = (
  name: string,
  table: { source: AnyPgColumn; medium: AnyPgColumn; status: AnyPgColumn; createdAt: AnyPgColumn; id: AnyPgColumn; spam: AnyPgColumn },
) => [
  index(`${name}_inbox_source_idx`)
    .on(table.source, table.createdAt, table.id)
    .where(sql`not ${table.spam}`),
  index(`${name}_inbox_medium_idx`)
    .on(table.medium, table.createdAt, table.id)
    .where(sql`not ${table.spam}`),
  index(`${name}_channel_idx`)
    .on(table.createdAt, table.source, table.medium, table.status)
    .where(sql`not ${table.spam}`),
];

/** The indexes of the workspace columns and of the related items (same address, any case), for a table `name`. */
const workIndexes = (
  name: string,
  table: { ownerId: AnyPgColumn; followUpAt: AnyPgColumn; followUpRemindedAt: AnyPgColumn; email: AnyPgColumn; createdAt: AnyPgColumn },
) => [
  index(`${name}_owner_created_at_idx`).on(table.ownerId, table.createdAt),
  index(`${name}_follow_up_at_idx`)
    .on(table.followUpAt)
    .where(sql`${table.followUpAt} is not null`),
  index(`${name}_email_lower_idx`).on(sql`lower(${table.email})`),
];

/**
 * The index of a column the admin lists search (`q`: `ilike '%…%'`, any part of it): pg_trgm's trigrams, so a search of
 * a million rows reads the matching ones instead of every row (migration 0012 creates the extension).
 */
const searchIndex = (name: string, column: ExtraConfigColumn) => index(name).using('gin', column.op('gin_trgm_ops'));

/** The columns an inbox's table (leads, contacts) has beside its form's fields. */
const inboxColumns = () => ({
  /** Suspected spam (honeypot filled or sent too fast): kept out of lists and counts, told to nobody, purged. */
  spam: boolean('spam').notNull().default(false),
  ...workColumns(),
  ...attributionColumns(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The indexes of an inbox's table (leads, contacts): those of every item's table (work, attribution); the list
 * orders (not spam), so the ids of any page and every count come from the index alone; the searches; the spam's
 * purge; the changes since a time.
 */
const inboxIndexes = (
  name: string,
  table: Record<
    'id' | 'createdAt' | 'updatedAt' | 'status' | 'spam' | 'ownerId' | 'followUpAt' | 'followUpRemindedAt' | 'source' | 'medium' | 'name' | 'email' | 'message',
    ExtraConfigColumn
  >,
) => [
  ...workIndexes(name, table),
  ...attributionIndexes(name, table),
  index(`${name}_inbox_created_at_idx`)
    .on(table.createdAt, table.id)
    .where(sql`not ${table.spam}`),
  index(`${name}_inbox_status_idx`)
    .on(table.status, table.createdAt, table.id)
    .where(sql`not ${table.spam}`),
  index(`${name}_inbox_follow_up_idx`)
    .on(table.followUpAt, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
    .where(sql`not ${table.spam}`),
  searchIndex(`${name}_name_search_idx`, table.name),
  searchIndex(`${name}_email_search_idx`, table.email),
  searchIndex(`${name}_message_search_idx`, table.message),
  index(`${name}_spam_created_at_idx`)
    .on(table.createdAt)
    .where(sql`${table.spam}`),
  index(`${name}_updated_at_idx`).on(table.updatedAt),
];

export const leads = pgTable(
  'leads',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    service: text('service').$type<ServiceKey>().notNull(),
    message: text('message').notNull(),
    /** The answers to the quote form's custom questions, with the labels they were given under (forms/). */
    answers: answersColumn(),
    status: text('status').$type<LeadStatus>().notNull().default('new'),
    ...inboxColumns(),
  },
  (table) => inboxIndexes('leads', table),
);

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    department: text('department').$type<ContactDepartment>().notNull(),
    message: text('message').notNull(),
    /** The answers to the contact form's custom questions, with the labels they were given under (forms/). */
    answers: answersColumn(),
    status: text('status').$type<ContactStatus>().notNull().default('pending'),
    ...inboxColumns(),
  },
  (table) => inboxIndexes('contacts', table),
);

export const portfolioItems = pgTable(
  'portfolio_items',
  {
    id: id(),
    projectTitle: text('project_title').notNull(),
    projectSubtitle: text('project_subtitle').notNull(),
    category: text('category').$type<PortfolioCategory>().notNull(),
    description: text('description').notNull(),
    imgLink: text('img_link').notNull(),
    techStack: jsonb('tech_stack').$type<string[]>().notNull(),
    linkToProject: text('link_to_project'),
    createdAt: createdAt(),
    /** Its case study's address, /portfolio/<slug> (docs/decisions/073-case-studies.md); its story is `case:<id>`. */
    slug: text('slug').notNull(),
  },
  (table) => [index('portfolio_items_created_at_idx').on(table.createdAt), uniqueIndex('portfolio_items_slug_key').on(table.slug)],
);

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    title: text('title').notNull(),
    department: text('department').$type<JobDepartment>().notNull(),
    location: text('location').$type<JobLocation>().notNull(),
    type: text('type').$type<JobType>().notNull(),
    experience: text('experience').notNull(),
    description: text('description').notNull(),
    requirements: jsonb('requirements').$type<string[]>().notNull(),
    status: text('status').$type<JobStatus>().notNull().default('active'),
    /** The last day applications are taken (YYYY-MM-DD, to the end of that day in UTC); after it the job expires. */
    closesAt: date('closes_at', { mode: 'string' }),
    /** The job's custom questions for its applicants (knockouts included; the site is never shown those). */
    questions: jsonb('questions').$type<FormQuestion[]>().notNull().default([]),
    /** When the status left `active` (null while active): its applications' retention counts from it. */
    inactiveSince: timestamp('inactive_since', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('jobs_created_at_idx').on(table.createdAt),
    index('jobs_status_created_at_idx').on(table.status, table.createdAt),
    index('jobs_inactive_since_idx')
      .on(table.inactiveSince)
      .where(sql`${table.inactiveSince} is not null`),
  ],
);

export const jobApplications = pgTable(
  'job_applications',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    experience: text('experience').notNull(),
    coverLetter: text('cover_letter'),
    portfolio: text('portfolio'),
    /** Key of the stored file in the resume storage (random, never derived from user input). */
    resumeKey: text('resume_key').notNull(),
    resumeMimeType: text('resume_mime_type').notNull(),
    resumeExtension: text('resume_extension').notNull(),
    resumeSize: integer('resume_size').notNull(),
    /** The answers to the job's custom questions, with the labels they were given under (forms/). */
    answers: answersColumn(),
    /** The answer that knocked the application out (it then went to rejected), or null. */
    knockout: jsonb('knockout').$type<StoredAnswer>(),
    status: text('status').$type<ApplicationStatus>().notNull().default('pending'),
    /** When the status last changed (the submission, until it does): the pipeline board's "days in this status". */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...workColumns(),
    ...attributionColumns(),
    createdAt: createdAt(),
  },
  (table) => [
    ...workIndexes('job_applications', table),
    // The pipeline board: each status's newest cards of one job.
    index('job_applications_job_status_idx').on(table.jobId, table.status, table.createdAt),
    index('job_applications_job_created_at_idx').on(table.jobId, table.createdAt, table.id),
    index('job_applications_status_idx').on(table.status),
    index('job_applications_job_follow_up_idx').on(table.jobId, table.followUpAt, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    searchIndex('job_applications_full_name_search_idx', table.fullName),
    searchIndex('job_applications_email_search_idx', table.email),
    // A job's list filters by source and medium within the job's index range; the dashboard reads the period's rows.
    index('job_applications_channel_idx').on(table.createdAt, table.source, table.medium, table.status),
  ],
);

export const admins = pgTable(
  'admins',
  {
    id: id(),
    /** Stored lower-cased, so the unique index is case-insensitive in effect. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** What the admin may use (ADMIN_ROLES); every admin from before roles is an owner. */
    role: text('role').$type<AdminRole>().notNull().default('owner'),
    /** Set when an owner disabled the account: it cannot sign in, and its sessions were revoked. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the sign-in policy first found the admin of a role it covers without an authenticator app or a passkey: their
     * grace period runs from here (decision 090). Null while the policy asks nothing of them, or they have one.
     */
    strongFactorRequiredSince: timestamp('strong_factor_required_since', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('admins_email_unique').on(table.email)],
);

/**
 * Staff notes on a lead, contact message or application (exactly one of the three): never shown to the sender, in the
 * privacy export, and deleted with their item (an erasure, the retention purge) by the foreign keys.
 */
export const itemNotes = pgTable(
  'item_notes',
  {
    id: id(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => jobApplications.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => admins.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('item_notes_lead_idx')
      .on(table.leadId, table.createdAt)
      .where(sql`${table.leadId} is not null`),
    index('item_notes_contact_idx')
      .on(table.contactId, table.createdAt)
      .where(sql`${table.contactId} is not null`),
    index('item_notes_application_idx')
      .on(table.applicationId, table.createdAt)
      .where(sql`${table.applicationId} is not null`),
    check('item_notes_one_item_check', sql`num_nonnulls(${table.leadId}, ${table.contactId}, ${table.applicationId}) = 1`),
  ],
);

/** An owner's invitation of a new admin: a one-time link, valid 72 h, stored as a hash of its token. */
export const adminInvites = pgTable(
  'admin_invites',
  {
    id: id(),
    /** Lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<AdminRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => admins.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('admin_invites_token_hash_unique').on(table.tokenHash), index('admin_invites_email_idx').on(table.email)],
);

/** One login attempt's e-mailed code; a new login or a resend replaces the code. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: id(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Sends (first + resends) within the current resend window. */
    sendCount: integer('send_count').notNull().default(1),
    sendWindowStartedAt: timestamp('send_window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('login_challenges_admin_created_at_idx').on(table.adminId, table.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** When the session's token was last used (updated at most once a minute). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    /** Client address and browser at sign-in, for the admin's own list of sessions. */
    address: text('address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_admin_idx').on(table.adminId)],
);

/**
 * Every admin sign-in step (password or code), failed or not, with the client address: the limits count failures
 * only, per account and address, and an address with a recent success is one the admin is known to use.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: id(),
    step: text('step').$type<'password' | 'code' | 'passkey' | 'sso'>().notNull(),
    /** The e-mail tried, lower-cased (also when no admin has it); null for the code step. */
    email: text('email'),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    succeeded: boolean('succeeded').notNull(),
    /**
     * The login attempt a code step named (its `challenge`); null for a code step sent with the admin id alone
     * (SPEC §7), which is counted per client address and never against the holder of the challenge.
     */
    challengeId: uuid('challenge_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('sign_in_attempts_email_created_at_idx').on(table.email, table.createdAt),
    index('sign_in_attempts_admin_created_at_idx').on(table.adminId, table.createdAt),
    index('sign_in_attempts_address_created_at_idx').on(table.address, table.createdAt),
  ],
);

/**
 * An admin's authenticator app (TOTP, RFC 6238; docs/features/sign-in.md): at most one per admin, gone with them. Pending
 * (not confirmed) from the setup until a code from the app confirms it; only a confirmed one is asked for at sign-in.
 */
export const adminAuthenticators = pgTable('admin_authenticators', {
  adminId: uuid('admin_id')
    .primaryKey()
    .references(() => admins.id, { onDelete: 'cascade' }),
  /** The shared secret (base32), sealed (webhook-secret-box.ts, 'authenticator secret'): a copy of the database holds none. */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  /** The time step (Unix time / 30 s) of the last code accepted: a code of it or of an earlier step is refused (no replay). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** An admin's recovery codes (RECOVERY_CODE_COUNT made when the app is confirmed), each an HMAC of the code: each signs in once. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: id(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256 of `<adminId>:<normalized code>` with a key of `keys.recoveryCodeHash` (decision 085). */
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('admin_recovery_codes_admin_hash_unique').on(table.adminId, table.codeHash)],
);

/** An admin's passkeys (decision 089): WebAuthn credentials that sign them in alone. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** The credential's id (base64url), as the authenticator names it: the sign-in finds the passkey by it. */
    credentialId: text('credential_id').notNull(),
    /** The credential's public key (COSE), base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter last seen: one that goes backwards (when not zero) is refused, a sign of a cloned key. */
    counter: bigint('counter', { mode: 'number' }).notNull(),
    /** How the browser may reach the authenticator (`internal`, `usb`, `hybrid`…), as it said at registration. */
    transports: jsonb('transports').$type<string[]>().notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [uniqueIndex('passkeys_credential_id_unique').on(table.credentialId), index('passkeys_admin_id_idx').on(table.adminId)],
);

/**
 * The challenges of passkey ceremonies not yet answered (decision 089), in the database so that any instance can check
 * the answer: each is used once (its row is deleted) and within PASSKEY_CHALLENGE_TTL_SECONDS. Only a hash is kept.
 */
export const passkeyChallenges = pgTable('passkey_challenges', {
  /** SHA-256 of the challenge (base64url), hex. */
  challengeHash: text('challenge_hash').primaryKey(),
  purpose: text('purpose').$type<'registration' | 'sign-in'>().notNull(),
  /** The admin adding a passkey; null for a sign-in, whose admin the passkey tells. */
  adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * API keys (decision 092): an integration's access, with scopes, made by an admin and working only while that admin
 * is active and their role allows the scopes. Only a SHA-256 of the key is kept (the key is shown once).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the whole key, hex: the key has 32 random bytes, so no slow hash is needed. */
    keyHash: text('key_hash').notNull(),
    /** The key's last characters, to tell keys apart in the list. */
    lastFour: text('last_four').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
    createdAt: createdAt(),
    /** Null: it does not expire. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** Written at most once a minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    /** Revoked keys are kept (refused with their own message) but no longer listed. */
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [uniqueIndex('api_keys_key_hash_unique').on(table.keyHash), index('api_keys_admin_id_idx').on(table.adminId)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * Single sign-on (decision 093): a sign-in started at the provider and not finished yet. Keyed by the SHA-256 of its
 * `state`; taken by deleting the row, so the provider's answer is used once, on whichever instance it reaches.
 */
export const ssoRequests = pgTable('sso_requests', {
  /** SHA-256 of the `state` sent to the provider, hex. */
  stateHash: text('state_hash').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  /** SHA-256 of the random value of the browser's `bw_sso` cookie, hex: the answer must come back to that browser. */
  browserHash: text('browser_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});
export type SsoRequestRow = typeof ssoRequests.$inferSelect;

/**
 * Single sign-on's tickets: what the callback hands the admin app (in its address) to exchange once for the session,
 * so that no session token is ever in a URL. Only the SHA-256 of the ticket is kept.
 */
export const ssoTickets = pgTable('sso_tickets', {
  /** SHA-256 of the ticket (32 random bytes, base64url), hex. */
  ticketHash: text('ticket_hash').primaryKey(),
  adminId: uuid('admin_id')
    .notNull()
    .references(() => admins.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * The audit log: one row per admin action (sign-ins, status changes, edits, downloads, exports, settings, admins,
 * privacy requests, purges, command-line actions). Append-only, enforced by the database: a trigger (migration
 * 0009) refuses UPDATE, DELETE and TRUNCATE, except the retention purge's delete of rows older than the audit
 * retention. The admin's id and e-mail are copied (no foreign key), so a row outlives its admin.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: id(),
    createdAt: createdAt(),
    /** An admin through the API, a command on the server (`details.osUser`), or the server itself (AUDIT_ACTORS). */
    actor: text('actor').$type<AuditActor>().notNull().default('admin'),
    /** Null for the command line, the system, and a failed sign-in of an unknown e-mail. */
    adminId: uuid('admin_id'),
    /** The admin's e-mail at the time, or the e-mail tried in a failed sign-in. */
    adminEmail: text('admin_email'),
    action: text('action').notNull(),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    address: text('address'),
    userAgent: text('user_agent'),
    /** What changed (field names, from → to, counts); never secrets or resume bytes. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('audit_entries_created_at_idx').on(table.createdAt),
    index('audit_entries_action_created_at_idx').on(table.action, table.createdAt),
    index('audit_entries_admin_created_at_idx').on(table.adminId, table.createdAt),
    index('audit_entries_target_idx').on(table.targetId),
    index('audit_entries_actor_created_at_idx').on(table.actor, table.createdAt),
    check('audit_entries_actor_check', sql`${table.actor} in ('admin', 'api_key', 'cli', 'system')`),
  ],
);

/** Settings → Webhooks: endpoints that receive signed calls (Standard Webhooks) for the events they chose. */
export const webhooks = pgTable('webhooks', {
  id: id(),
  url: text('url').notNull(),
  /** The event types it receives, e.g. `lead.created` (WEBHOOK_EVENTS). */
  events: jsonb('events').$type<WebhookEvent[]>().notNull(),
  /** The signing secret (`whsec_…`), shown to the admin once when the endpoint is added. */
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
});

/**
 * The transactional outbox: every message the product sends because of a submission (staff notification,
 * confirmation to the visitor) is a row written in the same transaction as the submission. Workers claim due
 * rows with FOR UPDATE SKIP LOCKED and a lease, so several instances never send one row at the same time and a
 * row claimed by an instance that died is taken again after its lease.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: id(),
    /** What to send, e.g. `lead.staff` or `lead.confirmation` (templates in deliveries/delivery-mails.ts). */
    topic: text('topic').$type<DeliveryTopic>().notNull(),
    /** The lead, contact message, job or application the message is about; read when the message is sent. */
    subjectId: uuid('subject_id').notNull(),
    /** Comma-separated e-mail addresses, or the URL of a webhook call. */
    recipient: text('recipient').notNull(),
    /** The endpoint of a webhook call (null for mail); null too once the endpoint was deleted. */
    webhookId: uuid('webhook_id').references(() => webhooks.id, { onDelete: 'set null' }),
    /** What only the moment of the event knows, e.g. a status change's `{ from, to }`. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    /** The calendar invitation a mail carries (a booked call's `.ics`), as written when it was queued; null for most. */
    calendar: jsonb('calendar').$type<CalendarPart>(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    /** The last failure's reason, without secrets (never the SMTP URL or its credentials). */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** When an admin last chose Retry now: the day of retries counts from then instead of from createdAt. */
    retriedAt: timestamp('retried_at', { withTimezone: true, mode: 'date' }),
    /**
     * The time a candidate mail was scheduled for (status `scheduled` until then, `next_attempt_at` the same); its
     * day of retries counts from then. Null for everything sent at once.
     */
    sendAt: timestamp('send_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [index('deliveries_due_idx').on(table.status, table.nextAttemptAt), index('deliveries_subject_idx').on(table.subjectId)],
);

/**
 * Form tokens already spent: a token is good for one submission. The nonce of each token used, kept until the token
 * would have expired anyway (then the purge removes the row), in the database so that every instance sees it.
 */
export const formTokenUses = pgTable(
  'form_token_uses',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('form_token_uses_expires_at_idx').on(table.expiresAt)],
);

/**
 * When each visitor address was last sent a confirmation (the keyed hash of the lower-cased address, never the
 * address): at most a few in a rolling day, whatever the form, so the forms cannot be used to mail a stranger again
 * and again. `sentAt` holds the times within the last day.
 */
export const confirmationQuota = pgTable(
  'confirmation_quota',
  {
    addressHash: text('address_hash').primaryKey(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('confirmation_quota_updated_at_idx').on(table.updatedAt)],
);

/**
 * Ratings of job applications (docs/features/hiring.md): one per admin and application, editable by its author. Never
 * shown to the candidate; deleted with the application (an erasure, the retention purge) by the foreign key.
 */
export const applicationRatings = pgTable(
  'application_ratings',
  {
    id: id(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => jobApplications.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => admins.id, { onDelete: 'set null' }),
    score: smallint('score').$type<RatingScore>().notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('application_ratings_author_unique').on(table.applicationId, table.authorId),
    check('application_ratings_score_check', sql`${table.score} between 1 and 4`),
  ],
);

/** Settings → Candidate e-mails: the templates recruiters write candidate mails from (`{{placeholders}}` checked at save). */
export const candidateEmailTemplates = pgTable(
  'candidate_email_templates',
  {
    id: id(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('candidate_email_templates_name_unique').on(sql`lower(${table.name})`)],
);

/** What admins set in the back office, one JSON value per key (`notification_routes`: Settings → Notifications). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The site's editable content (docs/decisions/053-content-drafts-and-scheduling.md): one row per page key with the
 * published fields, which visitors see. Every save is a row of content_versions; the draft is the page's newest version.
 */
export const contentPages = pgTable('content_pages', {
  /** A site page's key (`site`, `services`…), or `page:<id>` for a page built from blocks (builtPages). */
  key: text('key').primaryKey(),
  /** Null (with publishedFields) only for a built page never published: the site's pages are seeded published. */
  publishedVersionId: uuid('published_version_id'),
  publishedFields: jsonb('published_fields').$type<ContentDocument>(),
  /** Null while the page shows what it was installed with (the seed). */
  publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
  updatedAt: updatedAt(),
});

/** Every saved state of a page, append-only (pruned past CONTENT_VERSIONS_KEPT per page). */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: id(),
    pageKey: text('page_key')
      .notNull()
      .references(() => contentPages.key, { onDelete: 'cascade' }),
    kind: text('kind').$type<ContentVersionKind>().notNull(),
    fields: jsonb('fields').$type<ContentDocument>().notNull(),
    /** Null for the seed; kept as the e-mail too, so the history still names an admin who was later removed. */
    authorId: uuid('author_id').references(() => admins.id, { onDelete: 'set null' }),
    authorEmail: text('author_email'),
    /** When this version went live (the newest time, if it was published more than once). */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [index('content_versions_page_idx').on(table.pageKey, table.createdAt)],
);

/**
 * A publish at a set time. Every instance claims due rows the way the outbox is claimed (lease, SKIP LOCKED), and
 * the publish and `done` commit together, so a schedule publishes exactly once.
 */
export const contentSchedules = pgTable(
  'content_schedules',
  {
    id: id(),
    pageKey: text('page_key')
      .notNull()
      .references(() => contentPages.key, { onDelete: 'cascade' }),
    /** The draft as it was when scheduled: later edits are not published unseen. */
    versionId: uuid('version_id')
      .notNull()
      .references(() => contentVersions.id, { onDelete: 'cascade' }),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** failed: its version no longer fitted the page's rules when it was due (nothing was published). */
    status: text('status').$type<'pending' | 'claimed' | 'done' | 'cancelled' | 'failed'>().notNull().default('pending'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    claimToken: uuid('claim_token'),
    createdById: uuid('created_by_id').references(() => admins.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email'),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('content_schedules_due_idx').on(table.status, table.runAt),
    uniqueIndex('content_schedules_one_open_per_page')
      .on(table.pageKey)
      .where(sql`status in ('pending', 'claimed')`),
  ],
);

/**
 * What only a page built from blocks has (docs/decisions/071-built-pages-share-the-content-documents.md): its document
 * (drafts, versions, schedules, published copy) is the content row `page:<id>`; here are the path its published copy
 * answers at and its place in the navigation. A deleted page's row stays, without its document, so that its path
 * answers 410.
 */
export const builtPages = pgTable(
  'built_pages',
  {
    id: id(),
    /** `page:<id>`; null once the page is deleted (its document goes with it). */
    contentKey: text('content_key')
      .unique()
      .references(() => contentPages.key, { onDelete: 'set null' }),
    /** Where the published copy answers (`/` + its slug); null until first published. */
    path: text('path'),
    navPlacement: text('nav_placement').$type<NavPlacement>().notNull().default('none'),
    navLabel: text('nav_label').notNull().default(''),
    navOrder: integer('nav_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    // One live page per path; a deleted page's path stays (410) until a live page takes it.
    uniqueIndex('built_pages_live_path')
      .on(table.path)
      .where(sql`deleted_at is null`),
  ],
);

/**
 * News posts (docs/features/news.md): what the list, the addresses and the feed need of a post once published; its
 * drafts, versions and published copy are its content document's (`post:<id>`), deleted with it.
 */
export const posts = pgTable(
  'posts',
  {
    id: id(),
    contentKey: text('content_key')
      .notNull()
      .unique()
      .references(() => contentPages.key, { onDelete: 'cascade' }),
    /** The published copy's slug (/news/<slug>); null until first published. */
    slug: text('slug'),
    /** The published copy's tags (GET /api/posts?tag=). */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The admin who wrote it (its public name is the post's own: authorName). */
    authorId: uuid('author_id').references(() => admins.id, { onDelete: 'set null' }),
    /** When it was first published (its date on the site); later publishes keep it. */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('posts_slug_unique').on(table.slug)],
);

/**
 * Redirects (docs/features/built-pages.md#redirects): an address of the site that leads elsewhere, one hop at most
 * (RedirectsService refuses chains and loops). `from_path` is stored without its trailing slash.
 */
export const redirects = pgTable('redirects', {
  id: id(),
  fromPath: text('from_path').notNull().unique(),
  to: text('to').notNull(),
  status: integer('status').$type<RedirectStatus>().notNull(),
  source: text('source').$type<RedirectSource>().notNull(),
  /** The admin who added it, or who published the page that left it; null for a scheduled publish. */
  createdByEmail: text('created_by_email'),
  createdAt: createdAt(),
});

/**
 * The addresses of deleted case studies and news posts (`/portfolio/<slug>`, `/news/<slug>`): they answer 410, unless a
 * live one takes the address again or a redirect leads elsewhere from it (docs/features/case-studies.md). A deleted
 * built page keeps its own row for this (built_pages.deleted_at).
 */
export const gonePaths = pgTable('gone_paths', {
  path: text('path').primaryKey(),
  goneAt: timestamp('gone_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What site search looks through (docs/features/search.md): a copy of what visitors see (published built pages, case
 * studies, posts, service cards, open jobs), written again whenever that changes (SearchService), each document with
 * its texts HTML-escaped and its weighted text search vector (title A, summary B, the rest C) under a GIN index.
 * `source` is the fingerprint of the whole set: an instance that finds the same one has nothing to write.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    position: integer('position').primaryKey(),
    kind: text('kind').$type<SearchResultKind>().notNull(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    vector: tsvector('vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B') || setweight(to_tsvector('english', body), 'C')`,
      ),
    source: text('source').notNull(),
  },
  (table) => [index('search_documents_vector_idx').using('gin', table.vector)],
);

/**
 * Pictures uploaded for the site's content (docs/features/site-content.md, "Pictures"). Their files (each width in
 * AVIF, WebP and JPEG, made at upload) are in the media storage under keys made of the id; the original is not kept.
 */
export const media = pgTable(
  'media',
  {
    id: id(),
    /** Of the picture as uploaded, upright: the src a content field stores names them. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    originalType: text('original_type').notNull(),
    originalBytes: integer('original_bytes').notNull(),
    /** Kept as the e-mail too, so the library still names an admin who was later removed. */
    uploadedById: uuid('uploaded_by_id').references(() => admins.id, { onDelete: 'set null' }),
    uploadedByEmail: text('uploaded_by_email'),
    createdAt: createdAt(),
  },
  (table) => [index('media_created_idx').on(table.createdAt, table.id)],
);

/**
 * The site's analytics (docs/features/analytics.md, "Site analytics"): counts per day (UTC) and nothing else, no
 * address, user agent or visitor id. Each instance adds what it counted every few seconds (one upsert per table);
 * `visitors` are those new to that row's day (and page, channel), de-duplicated in memory or Redis, never here. A
 * missing medium is '' (part of the key). The purge removes days older than RETENTION_ANALYTICS_DAYS.
 */
const analyticsDay = () => date('day', { mode: 'string' }).notNull();
const analyticsCount = (name: string) => integer(name).notNull().default(0);

/** Unique visitors and page views of each day, site-wide. */
export const analyticsDays = pgTable('analytics_days', {
  day: analyticsDay().primaryKey(),
  visitors: analyticsCount('visitors'),
  views: analyticsCount('views'),
});

/** Per page (its path, without query) and day. */
export const analyticsPages = pgTable(
  'analytics_pages',
  { day: analyticsDay(), path: text('path').notNull(), visitors: analyticsCount('visitors'), views: analyticsCount('views') },
  (table) => [primaryKey({ columns: [table.day, table.path] })],
);

/** Per channel (a source and medium, named as a submission's attribution names them) and day. */
export const analyticsSources = pgTable(
  'analytics_sources',
  {
    day: analyticsDay(),
    source: text('source').notNull(),
    medium: text('medium').notNull().default(''),
    visitors: analyticsCount('visitors'),
    views: analyticsCount('views'),
  },
  (table) => [primaryKey({ columns: [table.day, table.source, table.medium] })],
);

/**
 * The top of each form's funnel per channel and day: views of the form's page, and visitors who started filling it
 * in (a start takes the channel of the visitor's first view that day; '' when none was seen).
 */
export const analyticsForms = pgTable(
  'analytics_forms',
  {
    day: analyticsDay(),
    form: text('form').$type<AnalyticsForm>().notNull(),
    source: text('source').notNull(),
    medium: text('medium').notNull().default(''),
    views: analyticsCount('views'),
    starts: analyticsCount('starts'),
  },
  (table) => [primaryKey({ columns: [table.day, table.form, table.source, table.medium] })],
);

/**
 * Page views per page, screen class (ANALYTICS_SCREENS: phone, tablet, desktop, or unknown) and day. Views only: a
 * visitor count per class would need a tally per page and class, and page views give each class's share as well.
 */
export const analyticsScreens = pgTable(
  'analytics_screens',
  { day: analyticsDay(), path: text('path').notNull(), screen: text('screen').$type<AnalyticsScreen>().notNull(), views: analyticsCount('views') },
  (table) => [primaryKey({ columns: [table.day, table.path, table.screen] })],
);

export type LeadRow = typeof leads.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type PortfolioItemRow = typeof portfolioItems.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type JobApplicationRow = typeof jobApplications.$inferSelect;
export type AdminRow = typeof admins.$inferSelect;
export type AdminInviteRow = typeof adminInvites.$inferSelect;
export type AuditEntryRow = typeof auditEntries.$inferSelect;
export type LoginChallengeRow = typeof loginChallenges.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AdminAuthenticatorRow = typeof adminAuthenticators.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;
export type DeliveryRow = typeof deliveries.$inferSelect;
export type WebhookRow = typeof webhooks.$inferSelect;
export type NewDelivery = Pick<typeof deliveries.$inferInsert, 'topic' | 'recipient' | 'webhookId' | 'payload' | 'calendar'>;
export type ContentPageRow = typeof contentPages.$inferSelect;
export type ContentVersionRow = typeof contentVersions.$inferSelect;
export type ContentScheduleRow = typeof contentSchedules.$inferSelect;
export type BuiltPageRow = typeof builtPages.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
export type RedirectRow = typeof redirects.$inferSelect;
export type MediaRow = typeof media.$inferSelect;
export type ItemNoteRow = typeof itemNotes.$inferSelect;
export type ApplicationRatingRow = typeof applicationRatings.$inferSelect;
export type CandidateEmailTemplateRow = typeof candidateEmailTemplates.$inferSelect;

/**
 * The custom questions of the quote and contact forms (docs/features/form-questions.md), one row per form that has
 * been given any; a job's questions are a column of the job.
 */
export const formQuestions = pgTable('form_questions', {
  form: text('form').$type<QuestionForm>().primaryKey(),
  questions: jsonb('questions').$type<FormQuestion[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Booking a call (docs/features/booking.md): each admin's own availability, one row per admin who set it (before
 * that, DEFAULT_AVAILABILITY with no weekly windows); gone with its admin. Times are the admin's, in `time_zone`.
 */
export const availabilities = pgTable('availabilities', {
  adminId: uuid('admin_id')
    .primaryKey()
    .references(() => admins.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
  weekly: jsonb('weekly').$type<WeeklyWindow[]>().notNull(),
  meetingMinutes: integer('meeting_minutes').notNull(),
  bufferMinutes: integer('buffer_minutes').notNull(),
  minNoticeHours: integer('min_notice_hours').notNull(),
  maxDaysAhead: integer('max_days_ahead').notNull(),
  /** The private busy feed's address, sealed (webhook-secret-box.ts, BUSY_CALENDAR_URL_USE); null: none. */
  busyCalendarUrl: text('busy_calendar_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type AvailabilityRow = typeof availabilities.$inferSelect;

/**
 * Interview invitations (docs/features/booking.md, "Interviews"): a recruiter asks an application's candidate to pick a
 * time when every interviewer is free. Booked, the interview is one `meetings` row per interviewer (each kept apart
 * from that interviewer's other calls by the same constraints); gone with its application.
 */
export const interviews = pgTable(
  'interviews',
  {
    id: id(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => jobApplications.id, { onDelete: 'cascade' }),
    /** The interviewers, in the recruiter's order: the first is the candidate's contact (their mails' organizer). */
    interviewerIds: uuid('interviewer_ids').array().notNull(),
    minutes: integer('minutes').notNull(),
    statusOnBooking: text('status_on_booking').$type<ApplicationStatus>().notNull(),
    message: text('message'),
    invitedById: uuid('invited_by_id').references(() => admins.id, { onDelete: 'set null' }),
    /** The link's end: after it, a time can no longer be booked (a booked interview's own mails carry later links). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('interviews_interviewers_check', sql`cardinality(${table.interviewerIds}) between 1 and 5`),
    check('interviews_minutes_check', sql`${table.minutes} between 15 and 120`),
    index('interviews_application_idx').on(table.applicationId, table.createdAt),
  ],
);

export type InterviewRow = typeof interviews.$inferSelect;
export type NewInterview = typeof interviews.$inferInsert;

/**
 * Calls booked by visitors (docs/features/booking.md, "Booking a call"): one row per call, about exactly one item (a
 * lead or a contact message; its column says which, as in item_notes), gone with it (an erasure, the retention purge).
 * At most one active (not cancelled) call per item: booking again moves it (same row, `sequence` + 1). Two active calls
 * of one staff member never overlap, each with its own buffer on both sides: two exclusion constraints written by
 * hand in migration 0027 (drizzle cannot declare them), which a booking that loses a race runs into (decision 084).
 */
export const meetings = pgTable(
  'meetings',
  {
    id: id(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    /** An interview's: one row per interviewer, each with its own `owner_id`. */
    interviewId: uuid('interview_id').references(() => interviews.id, { onDelete: 'cascade' }),
    /** The staff member the call is with: the item's owner when it was booked. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The owner's buffer when it was booked (or last moved): kept free on both sides of this call. */
    bufferMinutes: integer('buffer_minutes').notNull(),
    /** The visitor, as the item named them when the call was booked: the invitation's attendee. */
    visitorName: text('visitor_name').notNull(),
    visitorEmail: text('visitor_email').notNull(),
    /** The IANA time zone the visitor booked in (their mails show the call on its clock); null when they gave none. */
    visitorTimeZone: text('visitor_time_zone'),
    /** Raised each time the call moves or is cancelled: a calendar invitation's SEQUENCE. */
    sequence: integer('sequence').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('meetings_one_item_check', sql`num_nonnulls(${table.leadId}, ${table.contactId}, ${table.interviewId}) = 1`),
    check('meetings_times_check', sql`${table.endAt} > ${table.startAt} and ${table.bufferMinutes} >= 0 and ${table.sequence} >= 0`),
    uniqueIndex('meetings_active_lead_unique')
      .on(table.leadId)
      .where(sql`${table.cancelledAt} is null`),
    uniqueIndex('meetings_active_contact_unique')
      .on(table.contactId)
      .where(sql`${table.cancelledAt} is null`),
    uniqueIndex('meetings_active_interviewer_unique')
      .on(table.interviewId, table.ownerId)
      .where(sql`${table.cancelledAt} is null`),
    // A staff member's calls near a span of time (the slot lists).
    index('meetings_active_owner_start_idx')
      .on(table.ownerId, table.startAt)
      .where(sql`${table.cancelledAt} is null`),
  ],
);

export type MeetingRow = typeof meetings.$inferSelect;
