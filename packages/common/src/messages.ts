// Every text a person reads in a toast or inline message: SPEC §8, plus the API's own answers.
import { RESUME_KINDS_TEXT, RESUME_MAX_MB } from './limits';
import { NOTIFICATION_ROUTE_MAX_RECIPIENTS } from './notification-routes';

/** What the public site shows (SPEC §8): its own object, so the site's bundle carries only these texts. */
export const SITE_MESSAGES = {
  quoteFailure: 'Something went wrong',
  quoteSuccess: "Thank you! Your quote request has been received. We'll get back to you within one business day.",
  contactSuccess: 'Message sent successfully!',
  contactFailure: 'Failed to send message',
  portfolioLoadFailure: 'Failed to load portfolio items',
  sectionRenderFailure: 'Something went wrong',
  applicationSuccess: 'Application submitted successfully!',
  applicationFailure: 'Failed to submit application',
  resumeTooLarge: `File size should be less than ${RESUME_MAX_MB}MB`,
  resumeReadFailure: 'Error processing file',
  resumeWrongType: `Please upload a ${RESUME_KINDS_TEXT} file`,
  noPositions: 'No positions matching your criteria at the moment.',
  noPositionsHint: 'Check back later or adjust your filters!',
  // Beyond the spec: a job's page opened inside the site when the positions could not be loaded.
  jobLoadFailure: 'This position could not be loaded. Please try again.',
} as const;

export const MESSAGES = {
  ...SITE_MESSAGES,

  // Admin: authentication
  loginFailure: 'Login failed',
  verifyInvalidCode: 'Invalid verification code',
  verifyFailure: 'Verification failed',
  resendSuccess: 'A new verification code has been sent to your email',
  resendFailure: 'Failed to resend code',

  // Admin: portfolio
  portfolioListFailure: 'Failed to fetch portfolios',
  portfolioCreated: 'Portfolio created successfully!',
  portfolioUpdated: 'Portfolio updated successfully!',
  portfolioSaveFailure: 'Operation failed',
  portfolioDeleted: 'Portfolio deleted successfully!',
  portfolioDeleteFailure: 'Failed to delete portfolio',
  portfolioDeleteConfirm: 'Are you sure you want to delete this portfolio item?',

  // Admin: jobs
  jobsListFailure: 'Failed to fetch jobs',
  jobCreated: 'Job created successfully',
  jobUpdated: 'Job updated successfully',
  jobSaveFailure: 'Operation failed',
  jobStatusUpdated: 'Status updated successfully',
  jobStatusFailure: 'Failed to update status',
  jobDeleted: 'Job deleted successfully',
  jobDeleteFailure: 'Failed to delete job',
  jobDeleteConfirm: 'Are you sure you want to delete this job?',
  jobClosesAtInvalid: 'Please give the closing date as a date (YYYY-MM-DD)',
  jobClosesAtPast: 'The closing date must be today or later',
  jobReopenClosed: 'Its closing date has passed: set a later closing date before making it active',

  // Admin: applications
  applicationsListFailure: 'Failed to fetch applications',
  applicationStatusUpdated: 'Application status updated successfully',
  applicationStatusFailure: 'Failed to update application status',
  resumeDownloadFailure: 'Failed to download resume',

  // Admin: settings (beyond the spec: where staff notifications go)
  notificationSettingsSaved: 'Notification settings saved',
  notificationSettingsFailure: 'Failed to save notification settings',
  notificationSettingsLoadFailure: 'Failed to load notification settings',

  // Admin: webhooks (beyond the spec: signed calls to a CRM or an automation)
  webhookCreated: 'Webhook added. Copy its secret now: it is shown only once.',
  webhookEnabled: 'Webhook enabled',
  webhookDisabled: 'Webhook disabled',
  webhookDeleted: 'Webhook deleted',
  webhookNotFound: 'Webhook not found',
  webhooksLoadFailure: 'Failed to load webhooks',
  webhookSaveFailure: 'Failed to save the webhook',
  webhookDeleteFailure: 'Failed to delete the webhook',

  // Admin: deliveries (beyond the spec: the outbox of staff notifications and confirmations)
  deliveryRetried: 'The message will be sent again now',
  deliveryRetryFailure: 'Failed to retry the message',
  deliveryNotFound: 'Message not found',
  deliveryNotFailed: 'Only a failed message can be retried',

  // Admin: privacy requests and retention (beyond the spec: a person's copy or erasure, periods set by env)
  privacyEmailMissing: 'Please provide the email address to look up',
  privacyEmailInvalid: 'Please provide a valid email address',
  privacyLoadFailure: 'Failed to look up this email address',
  privacyErased: 'Everything held about this email address was erased',
  privacyEraseFailure: 'Failed to erase the data',
  privacyEraseConfirm: 'Erase everything held about this email address? This cannot be undone.',
  privacyRequestMoved: 'Privacy requests now send the address in the body: POST /api/admin/privacy/lookup or /api/admin/privacy/erase with { email }',
  retentionLoadFailure: 'Failed to load the retention periods',
  purgeFailingTitle: 'Retention purge failing',
  purgeFailing: 'The daily purge of data past its retention period failed: old personal data stays until a purge succeeds. The server log has the details.',

  // Admin: spam triage (beyond the spec: suspected spam kept apart from the inbox)
  markedNotSpam: 'Moved to the inbox; its notifications are on their way',
  markedSpam: 'Moved to spam',
  spamUpdateFailure: 'Failed to move the message',

  // Admin: tables (beyond the spec: an inline retry where a list could not load, CSV export)
  listLoadFailure: 'This list could not be loaded.',
  csvExportFailure: 'Failed to export CSV',

  // API answers
  notAuthorized: 'Not authorized',
  notAllowed: 'Not allowed',
  passwordTooCommon: 'This password is one of the most common passwords (or built on one); choose another',
  adminInvited: 'Invitation sent',
  adminUpdated: 'Admin updated',
  adminNotFound: 'Admin not found',
  adminNoChange: 'Give a new role or disabled: true or false',
  adminExists: 'An admin with this email address already exists',
  lastOwner: 'The last active owner can be neither disabled nor demoted',
  selfDisable: 'You cannot disable your own account',
  inviteInvalid: 'This invitation link is invalid, already used or expired. Ask an owner for a new one.',
  inviteAccepted: 'Your account is ready. Sign in with your email and new password.',
  inviteSendFailure: 'We could not send the invitation. Please try again in a few minutes.',
  inviteRevoked: 'Invitation revoked',
  inviteNotFound: 'Invitation not found (already accepted, revoked or expired)',
  invitesLoadFailure: 'Failed to load the invitations',
  inviteRevokeFailure: 'Failed to revoke the invitation',
  passwordChanged: 'Password changed; your other sessions were signed out',
  currentPasswordWrong: 'The current password is not correct',
  sessionRevoked: 'Session signed out',
  sessionNotFound: 'Session not found',
  passwordChangeFailure: 'Failed to change the password',
  sessionRevokeFailure: 'Failed to sign out the session',
  adminsLoadFailure: 'Failed to load the admins',
  adminInviteFailure: 'Failed to send the invitation',
  adminUpdateFailure: 'Failed to update the admin',
  accountDisabled: 'This account is disabled. Ask an owner of the site to enable it.',
  invalidCredentials: 'Invalid email or password',
  verificationExpired: 'Verification code expired. Please log in again.',
  tooManyAttempts: 'Too many wrong codes. Please log in again.',
  resendTooSoon: 'Please wait before requesting another code',
  signInLocked: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
  codeLocked: 'Too many wrong codes. Please try again in 15 minutes.',
  codeSent: 'A verification code has been sent to your email',
  codeSendFailure: 'We could not send the verification code. Please try again in a few minutes.',
  loggedOut: 'Logged out',
  validationFailed: 'Please correct the highlighted fields',
  malformedJson: 'The request body is not valid JSON',
  malformedUrl: 'The address of this request is not valid (check its %-encoding)',
  urlTooLong: 'The address of this request is too long',
  bodyTooDeep: 'The request body is nested too deeply',
  bodyTooLarge: 'The request is too large',
  rateLimited: 'Too many requests. Please try again later.',
  notFound: 'Not found',
  internalError: 'Something went wrong on our side. Please try again later.',
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  leadNotFound: 'Lead not found',
  contactNotFound: 'Contact query not found',
  portfolioNotFound: 'Portfolio item not found',
  jobNotFound: 'Job not found',
  jobNotOpen: 'This position is no longer accepting applications',
  applicationNotFound: 'Application not found',
  applyRateLimited: 'Too many applications were sent from your network. Please try again in an hour.',
  applicationsPaused: 'We cannot accept applications at the moment. Please try again later.',
  alreadyApplied: 'You have already applied for this position with this email address.',
  unsupportedMediaType: 'Please send the request as JSON',
  resumeNotFound: 'Resume not found',
  notificationRoutesInvalid: 'Send routes as lists of e-mail addresses for each route of the settings',
  tooManyRecipients: `Use at most ${NOTIFICATION_ROUTE_MAX_RECIPIENTS} addresses per route`,
  resumeInvalid: `Please attach your resume as a ${RESUME_KINDS_TEXT} file under ${RESUME_MAX_MB}MB`,
  // GET /api/ready and overload (docs/operations.md, readiness and overload)
  notReadyStarting: 'This instance is starting. Please try again in a moment.',
  notReadyDraining: 'This instance is shutting down. Please try again in a moment.',
  databaseUnreachable: 'The database is not answering. Please try again in a moment.',
  overloaded: 'The service is busy. Please try again in a few seconds.',
} as const;
