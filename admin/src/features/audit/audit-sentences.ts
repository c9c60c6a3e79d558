import {
  ADMIN_ROLE_LABELS,
  APPLICATION_STATUS_LABELS,
  CONTACT_STATUS_LABELS,
  CONTENT_PAGES,
  JOB_STATUS_LABELS,
  LEAD_STATUS_LABELS,
  RATING_LABELS,
  RATING_SCORES,
  WORK_ITEM_PATHS,
  isContentKey,
  type AuditAction,
  type AuditEntry,
} from '@brightwave/common';

/** A piece of an entry's sentence: words, who acted (a name that filters by that admin), or what it was about. */
export type SentencePart = { text: string } | { actor: string } | { target: string };

/** What an entry's target is called before its name ("the lead Jane Doe"); kinds without a name are told in words. */
const TARGET_NOUNS: Record<string, string> = {
  lead: 'the lead ',
  contact: 'the contact message from ',
  application: 'the application of ',
  job: 'the job ',
  portfolio: 'the portfolio item ',
  page: 'the page ',
  admin: '',
};

const STATUS_LABELS: Record<string, Record<string, string>> = {
  lead: LEAD_STATUS_LABELS,
  contact: CONTACT_STATUS_LABELS,
  job: JOB_STATUS_LABELS,
  application: APPLICATION_STATUS_LABELS,
};

/** The name shown for an entry's target: its name now, "(deleted)" once it is gone. */
export function targetNameOf(entry: Pick<AuditEntry, 'targetName' | 'targetGone' | 'targetId'>): string {
  if (entry.targetGone) return '(deleted)';
  return entry.targetName ?? entry.targetId ?? '';
}

/**
 * Who acted: the admin's name (their e-mail when they have none), an integration through one of their API keys, the
 * command line with its OS user, the system.
 */
export function actorNameOf(entry: Pick<AuditEntry, 'actor' | 'adminName' | 'adminEmail' | 'details'>): string {
  if (entry.actor === 'cli') return `The command line (${typeof entry.details.osUser === 'string' ? entry.details.osUser : 'unknown user'})`;
  if (entry.actor === 'system') return 'The system';
  if (entry.actor === 'api_key') return `The API key ${quoted(entry.details.apiKey)} of ${entry.adminName ?? entry.adminEmail ?? 'an admin'}`;
  return entry.adminName ?? entry.adminEmail ?? 'Someone';
}

/** The admin page of an item, where one exists (an item's own page, a job's pipeline, a page's editor). */
export function targetPathOf(entry: Pick<AuditEntry, 'targetKind' | 'targetId' | 'targetGone'>): string | null {
  const { targetKind: kind, targetId: id } = entry;
  if (!kind || !id || entry.targetGone) return null;
  if (kind === 'lead' || kind === 'contact' || kind === 'application') return `/${WORK_ITEM_PATHS[kind]}/${id}`;
  if (kind === 'job') return `/jobs/${id}/pipeline`;
  if (kind === 'page') return `/pages/${id}`;
  if (kind === 'content' && isContentKey(id)) return `/content/${id}`;
  return null;
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const count = (value: unknown, one: string, many = `${one}s`): string => `${text(value) || '0'} ${value === 1 ? one : many}`;
/** "title, department" from a list of field or section names. */
const list = (value: unknown): string => (Array.isArray(value) ? value.map(text).join(', ') : '');
/** ": title, department", or nothing when no field is named. */
const fieldsOf = (details: Record<string, unknown>, key = 'fields'): string => (list(details[key]) ? `: ${list(details[key])}` : '');
const quoted = (value: unknown): string => `“${text(value)}”`;
const dateOf = (value: unknown): string => {
  const time = Date.parse(text(value));
  return Number.isNaN(time) ? text(value) : new Date(time).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};
/** `outboxMails: 2` → "2 outbox mails". */
const counted = (details: Record<string, unknown>, skip: string[] = []): string =>
  Object.entries(details)
    .filter(([key, value]) => typeof value === 'number' && !skip.includes(key))
    .map(([key, value]) => `${String(value)} ${key.replace(/([A-Z])/g, ' $1').toLowerCase()}`)
    .join(', ');
const LISTS: Record<string, string> = { contacts: 'contact messages', audit: 'audit log' };
const listName = (details: Record<string, unknown>): string => `the ${LISTS[text(details.list)] ?? text(details.list).replace(/[-_]/g, ' ')} list`;
const contentName = (entry: AuditEntry): string =>
  entry.targetId && isContentKey(entry.targetId) ? `the ${quoted(CONTENT_PAGES[entry.targetId].title)} content` : 'the site content';

/**
 * Each action's sentence: `{actor}` and `{target}` are replaced by who acted and what it was about ("the lead" and
 * its name); the rest is words made from the entry's details.
 */
type Template = (details: Record<string, unknown>, entry: AuditEntry) => string;

const status: Template = (d, e) => {
  const labels = STATUS_LABELS[e.targetKind ?? ''] ?? {};
  return `{actor} moved {target} from ${labels[text(d.from)] ?? text(d.from)} to ${labels[text(d.to)] ?? text(d.to)}`;
};
const spam: Template = (d) => (d.to === true ? '{actor} moved {target} to spam' : '{actor} moved {target} out of spam');
const owner: Template = (d) => {
  const because = d.because === 'disabled' ? ' (their account was disabled)' : d.because === 'role_changed' ? ' (their role changed)' : '';
  if (d.to === null) return `{actor} unassigned {target}${d.fromName ? ` from ${text(d.fromName)}` : ''}${because}`;
  return `{actor} assigned {target} to ${text(d.toName) || 'an admin'}`;
};
const followUp: Template = (d) => (d.at ? `{actor} set a follow-up on {target} for ${dateOf(d.at)}` : '{actor} cleared the follow-up of {target}');
const noteAdded: Template = () => '{actor} added a note to {target}';
// Booked by the visitor through the link of the form's answer: the entry is the system's, the time the sender's choice.
const withWhom = (d: Record<string, unknown>): string => (text(d.withName) ? ` with ${text(d.withName)}` : '');
const callBooked: Template = (d) => `{actor} booked a call${withWhom(d)} about {target} for ${dateOf(d.start)} (the time its sender chose)`;
const callMoved: Template = (d) =>
  `{actor} moved the call${withWhom(d)} about {target} from ${dateOf(d.previousStart)} to ${dateOf(d.start)} (the time its sender chose)`;
// Cancelled by the visitor, or with the change of the staff member's account (decision 087: `because`).
const CALL_CANCELLED_BECAUSE: Record<string, string> = {
  disabled: `the account of the staff member was disabled`,
  role_changed: `the new role of the staff member takes no such calls`,
};
const callCancelled: Template = (d) =>
  `{actor} cancelled the call${withWhom(d)} about {target} for ${dateOf(d.start)} (${CALL_CANCELLED_BECAUSE[text(d.because)] ?? 'at its sender’s request'})`;
const noteDeleted: Template = () => '{actor} deleted a note from {target}';
const interviewBooked: Template = (d) => `{actor} booked the interview${withWhom(d)} about {target} for ${dateOf(d.start)} (the time the candidate chose)`;
const interviewMoved: Template = (d) =>
  `{actor} moved the interview${withWhom(d)} about {target} from ${dateOf(d.previousStart)} to ${dateOf(d.start)} (the time the candidate chose)`;
const interviewCancelled: Template = (d) =>
  `{actor} cancelled the interview${withWhom(d)} about {target} for ${dateOf(d.start)} (${CALL_CANCELLED_BECAUSE[text(d.because)] ?? 'at the candidate’s request'})`;

/** Publishing and its steps, the same for site content, built pages and case studies. */
function publishing(
  what: Template,
): Record<'saved' | 'published' | 'scheduled' | 'schedule_cancelled' | 'schedule_failed' | 'restored' | 'previewed', Template> {
  return {
    saved: (d, e) => `{actor} saved a draft of ${what(d, e)}${fieldsOf(d, 'sections') || fieldsOf(d)}`,
    published: (d, e) => (d.scheduledFor ? `{actor} published ${what(d, e)} as scheduled by ${text(d.scheduledBy)}` : `{actor} published ${what(d, e)}`),
    scheduled: (d, e) => `{actor} scheduled ${what(d, e)} to be published on ${dateOf(d.runAt)}`,
    schedule_cancelled: (d, e) => `{actor} cancelled the scheduled publish of ${what(d, e)}`,
    schedule_failed: (d, e) => `{actor} could not publish ${what(d, e)} as scheduled${fieldsOf(d) ? ` (fix${fieldsOf(d)})` : ''}`,
    restored: (d, e) => `{actor} restored an earlier version of ${what(d, e)}`,
    previewed: (d, e) => `{actor} made a preview link of ${what(d, e)}`,
  };
}
const content = publishing((_d, e) => contentName(e));
const page = publishing(() => '{target}');
const caseStudy = publishing(() => 'the case study of {target}');
// Posts are named by the title their entry recorded, where it did (their names are not looked up yet).
const postName = (d: Record<string, unknown>) => (text(d.title) ? `the post ${quoted(d.title)}` : 'a post');
const post = publishing(postName);

/** How a sign-in's code step was passed (`with`); the mailed code, the spec's, goes without saying. */
const SIGNED_IN_WITH: Record<string, string> = {
  authenticator: ' with their authenticator app',
  'recovery-code': ' with a recovery code',
  passkey: ' with a passkey',
  sso: ' with single sign-on',
};
/** What a signed-in admin's password was asked again for (`for`, decision 088), when it was wrong. */
const PASSWORD_ASKED_FOR: Record<string, string> = {
  'authenticator-setup': 'set up an authenticator app',
  'authenticator-removal': 'turn off their authenticator app',
  'recovery-codes': 'replace their recovery codes',
  'passkey-registration': 'add a passkey',
  'passkey-removal': 'remove a passkey',
  'password-change': 'change their password',
  'sign-in-reset': "reset another admin's sign-in",
};
// `(with a recovery code)` where a recovery code stood in for the app's code.
const withRecoveryCode = (d: Record<string, unknown>) => (d.with === 'recovery-code' ? ' (with a recovery code)' : '');

// Turned off by the admin (with a code of the app or a recovery code); from the command line, or by an owner who reset
// their sign-in, for one who lost both.
const authenticatorRemoved: Template = (d, e) =>
  bySomeoneElse(e) ? '{actor} turned off the authenticator app of {target}' : `{actor} turned off their authenticator app${withRecoveryCode(d)}`;

/** A change to an admin's own sign-in made by someone else: the command line, or an owner (decision 094). */
function bySomeoneElse(e: AuditEntry): boolean {
  return e.actor === 'cli' || (e.adminId !== null && e.targetId !== null && e.adminId !== e.targetId);
}

/** An owner's reset of another admin's sign-in (`authenticator`: the app was on; `passkeys`: the names removed). */
function signInReset(d: Record<string, unknown>): string {
  const passkeys = Array.isArray(d.passkeys) ? d.passkeys.length : 0;
  const removed = [d.authenticator === true ? 'authenticator app' : '', passkeys > 0 ? `${passkeys} passkey${passkeys === 1 ? '' : 's'}` : '']
    .filter(Boolean)
    .join(' and ');
  return `{actor} reset the sign-in of {target}${removed ? ` (${removed} removed)` : ''} and signed them out everywhere`;
}

/** Why a sign-in failed past the password (`reason`), when it was not a wrong e-mail or password. */
const SIGN_IN_REFUSED_BECAUSE: Record<string, string> = {
  disabled: 'the account is disabled',
  'sign-in-policy': 'their role must use an authenticator app or a passkey, and a code sent by e-mail no longer signs them in',
  // Single sign-on's refusals (decision 093).
  'sso-only': 'only owners may sign in with a password: the others use single sign-on',
  'email-not-verified': 'single sign-on: the provider has not verified the e-mail address',
  'domain-not-allowed': 'single sign-on: the e-mail domain is not allowed',
  'no-account': 'single sign-on: no admin has that e-mail address',
  'no-role': 'single sign-on: the provider gives them no role here',
};

/** What a new sign-in policy asks (`to`: `{ roles, graceDays }`), in words. */
function signInPolicyChanged(d: Record<string, unknown>): string {
  const to = typeof d.to === 'object' && d.to !== null ? (d.to as Record<string, unknown>) : undefined;
  if (!to || !Array.isArray(to.roles)) return '{actor} changed the sign-in policy';
  const roles = to.roles.map((role) => ADMIN_ROLE_LABELS[text(role) as keyof typeof ADMIN_ROLE_LABELS] ?? text(role));
  if (roles.length === 0) return '{actor} changed the sign-in policy: no role must use an authenticator app or a passkey';
  const who = roles.length === 1 ? roles[0] : `${roles.slice(0, -1).join(', ')} and ${roles.at(-1)}`;
  return `{actor} changed the sign-in policy: ${who} must use an authenticator app or a passkey (${count(to.graceDays, 'day')} of grace)`;
}

const TEMPLATES: Record<AuditAction, Template> = {
  'auth.sign_in': (d) =>
    `{actor} signed in${SIGNED_IN_WITH[text(d.with)] ?? ''}${d.mustEnrol === true ? ', and was sent to set up an authenticator app or a passkey' : ''}`,
  'auth.sign_in_failed': (d, e) => {
    const change = PASSWORD_ASKED_FOR[text(d.for)];
    if (change) return `{actor} entered a wrong password to ${change}`;
    return `A sign-in as ${e.adminEmail ?? 'an unknown address'} failed (${SIGN_IN_REFUSED_BECAUSE[text(d.reason)] ?? 'wrong e-mail or password'})`;
  },
  'auth.code_failed': () => '{actor} entered a wrong verification code',
  'auth.logout': () => '{actor} signed out',
  'auth.recovery_code_used': (d) => `{actor} used a recovery code to sign in (${count(d.codesLeft, 'code')} left)`,
  'admin.invited': (d) => `{actor} invited {target} (${text(d.email)}) as ${ADMIN_ROLE_LABELS[text(d.role) as keyof typeof ADMIN_ROLE_LABELS] ?? text(d.role)}`,
  'admin.updated': (d) => {
    const role = d.role as { from?: string; to?: string } | undefined;
    const disabled = d.disabled as { to?: boolean } | undefined;
    const changes = [
      ...(role ? [`changed the role of {target} from ${ADMIN_ROLE_LABELS[role.from as 'owner'] ?? ''} to ${ADMIN_ROLE_LABELS[role.to as 'owner'] ?? ''}`] : []),
      ...(disabled ? [`${disabled.to ? 'disabled' : 'enabled'} the account of {target}`] : []),
    ];
    const also = [
      ...(typeof d.unassigned === 'number' ? [`${count(d.unassigned, 'item')} unassigned`] : []),
      ...(typeof d.callsCancelled === 'number' ? [`${count(d.callsCancelled, 'call')} cancelled`] : []),
      ...(typeof d.invitesCancelled === 'number' ? [`${count(d.invitesCancelled, 'invitation')} cancelled`] : []),
    ];
    return `{actor} ${changes.length > 0 ? changes.join(' and ') : 'changed {target}'}${also.length > 0 ? ` (${also.join(', ')})` : ''}`;
  },
  'admin.invite_accepted': (d) => `{actor} accepted the invitation and joined as ${ADMIN_ROLE_LABELS[text(d.role) as 'owner'] ?? text(d.role)}`,
  'admin.created': (d) =>
    d.by === 'sso'
      ? `{actor} created the ${(ADMIN_ROLE_LABELS[text(d.role) as keyof typeof ADMIN_ROLE_LABELS] ?? text(d.role)).toLowerCase()} account of {target} at their first single sign-on`
      : '{actor} created the owner account of {target}',
  'admin.password_reset': () => '{actor} reset the password of {target}',
  'admin.invite_revoked': (d) => `{actor} revoked the invitation of {target} (${text(d.email)})`,
  'admin.sign_in_reset': signInReset,
  'admin.sign_in_grace_restarted': () => '{actor} gave {target} a new grace period to set up an authenticator app or a passkey',
  'account.password_changed': () => '{actor} changed their password',
  'account.session_revoked': () => '{actor} signed out one of their sessions',
  'account.authenticator_added': () => '{actor} turned on an authenticator app for two-step sign-in',
  'account.authenticator_removed': authenticatorRemoved,
  'account.recovery_codes_replaced': (d) => `{actor} replaced their recovery codes${withRecoveryCode(d)}`,
  'account.passkey_added': (d) => `{actor} added a passkey${text(d.name) ? ` named ${quoted(d.name)}` : ''}`,
  // Removed by the admin; from the command line, or by an owner who reset their sign-in, for one who lost the device.
  'account.passkey_removed': (d, e) =>
    bySomeoneElse(e)
      ? `{actor} removed the passkey${text(d.name) ? ` ${quoted(d.name)}` : ''} of {target}`
      : `{actor} removed their passkey${text(d.name) ? ` ${quoted(d.name)}` : ''}`,
  'api_key.created': (d) => `{actor} created the API key ${quoted(d.name)} (${list(d.scopes)})`,
  'api_key.revoked': (d) => `{actor} revoked the API key ${quoted(d.name)}`,
  'lead.status_changed': status,
  'lead.spam_changed': spam,
  'contact.status_changed': status,
  'contact.spam_changed': spam,
  'job.created': () => '{actor} created {target}',
  'job.updated': (d) => `{actor} edited {target}${fieldsOf(d)}`,
  'job.deleted': (d) =>
    `{actor} deleted the job ${quoted(d.title)}${typeof d.candidateMailsRemoved === 'number' ? ` (${count(d.candidateMailsRemoved, 'scheduled candidate e-mail')} removed)` : ''}`,
  'job.status_changed': status,
  'application.status_changed': status,
  'application.knocked_out': (d) => `{actor} rejected {target}: its answer to ${quoted(d.label)} is a knockout answer`,
  'lead.owner_changed': owner,
  'contact.owner_changed': owner,
  'application.owner_changed': owner,
  'lead.note_added': noteAdded,
  'contact.note_added': noteAdded,
  'application.note_added': noteAdded,
  'lead.note_deleted': noteDeleted,
  'contact.note_deleted': noteDeleted,
  'application.note_deleted': noteDeleted,
  'lead.follow_up_set': followUp,
  'contact.follow_up_set': followUp,
  'application.follow_up_set': followUp,
  'application.rated': (d) =>
    `{actor} rated {target} ${text(d.score)} of ${RATING_SCORES.length}${RATING_SCORES.includes(d.score as 1) ? ` (${RATING_LABELS[d.score as 1]})` : ''}`,
  'application.email_scheduled': () => '{actor} sent or scheduled an e-mail about {target}',
  'application.email_cancelled': () => '{actor} cancelled a scheduled e-mail about {target}',
  'lead.meeting_booked': callBooked,
  'contact.meeting_booked': callBooked,
  'lead.meeting_rescheduled': callMoved,
  'contact.meeting_rescheduled': callMoved,
  'lead.meeting_cancelled': callCancelled,
  'contact.meeting_cancelled': callCancelled,
  'application.interview_invited': (d) => `{actor} invited the candidate of {target} to an interview${withWhom(d)}`,
  'application.interview_cancelled': (d) =>
    `{actor} cancelled the interview invitation${withWhom(d)} of {target}${d.start ? ` (booked for ${dateOf(d.start)})` : ''}`,
  'application.meeting_booked': interviewBooked,
  'application.meeting_rescheduled': interviewMoved,
  'application.meeting_cancelled': interviewCancelled,
  'resume.downloaded': () => '{actor} downloaded the resume of {target}',
  'portfolio.created': () => '{actor} created {target}',
  'portfolio.updated': (d) => `{actor} edited {target}${fieldsOf(d)}`,
  'portfolio.deleted': (d) => `{actor} deleted the portfolio item ${quoted(d.title)}`,
  'case_study.saved': caseStudy.saved,
  'case_study.published': caseStudy.published,
  'case_study.scheduled': caseStudy.scheduled,
  'case_study.schedule_cancelled': caseStudy.schedule_cancelled,
  'case_study.schedule_failed': caseStudy.schedule_failed,
  'case_study.restored': caseStudy.restored,
  'case_study.previewed': caseStudy.previewed,
  'content.saved': content.saved,
  'content.published': content.published,
  'content.scheduled': content.scheduled,
  'content.schedule_cancelled': content.schedule_cancelled,
  'content.restored': content.restored,
  'content.previewed': content.previewed,
  'content.schedule_failed': content.schedule_failed,
  'page.created': (d) => `{actor} created {target} at /${text(d.slug)}`,
  'page.saved': page.saved,
  'page.published': page.published,
  'page.scheduled': page.scheduled,
  'page.schedule_cancelled': page.schedule_cancelled,
  'page.schedule_failed': page.schedule_failed,
  'page.restored': page.restored,
  'page.previewed': page.previewed,
  'page.deleted': (d) => `{actor} deleted {target}${d.path ? ` (it was at ${text(d.path)})` : ''}`,
  'page.nav_changed': () => '{actor} changed where {target} shows in the navigation',
  'post.created': (d) => `{actor} created ${postName(d)}`,
  'post.saved': post.saved,
  'post.published': post.published,
  'post.scheduled': post.scheduled,
  'post.schedule_cancelled': post.schedule_cancelled,
  'post.schedule_failed': post.schedule_failed,
  'post.restored': post.restored,
  'post.previewed': post.previewed,
  'post.deleted': (d) => `{actor} deleted ${postName(d)}${d.path ? ` (it was at ${text(d.path)})` : ''}`,
  'redirect.created': (d) => `{actor} added a redirect from ${text(d.from)} to ${text(d.to)}`,
  'redirect.deleted': (d) => `{actor} deleted the redirect from ${text(d.from)} to ${text(d.to)}${d.reason ? ` (${text(d.reason)})` : ''}`,
  'media.uploaded': (d) => `{actor} uploaded a picture (${text(d.width)}×${text(d.height)})`,
  'media.deleted': (d) => `{actor} deleted a picture (${text(d.width)}×${text(d.height)})`,
  'export.csv': (d) => `{actor} exported ${count(d.rows, 'row')} of ${listName(d)} as CSV${d.complete === false ? ' (cut short)' : ''}`,
  'list.read_all': (d) => `{actor} read the whole of ${listName(d)} (${count(d.rows, 'row')})`,
  'settings.notifications_changed': (d) => `{actor} changed the notification settings${fieldsOf(d)}`,
  'settings.candidate_emails_changed': () => '{actor} changed the candidate e-mail settings',
  'settings.form_questions_changed': (d) => `{actor} changed the questions of the ${text(d.form)} form`,
  'settings.availability_changed': (d) => `{actor} changed their availability for booked calls${fieldsOf(d)}`,
  'settings.sign_in_policy_changed': signInPolicyChanged,
  'candidate_template.created': (d) => `{actor} added the candidate e-mail template ${quoted(d.name)}`,
  'candidate_template.updated': (d) => `{actor} changed the candidate e-mail template ${quoted(d.name)}`,
  'candidate_template.deleted': () => '{actor} deleted a candidate e-mail template',
  'webhook.created': () => '{actor} added a webhook',
  'webhook.updated': (d) => `{actor} ${d.enabled === false ? 'paused' : d.enabled === true ? 'resumed' : 'changed'} a webhook`,
  'webhook.deleted': () => '{actor} deleted a webhook',
  'privacy.exported': (d) => `{actor} exported what is held about a person (${counted(d)})`,
  'privacy.erased': (d) => `{actor} erased what was held about a person (${counted(d)})`,
  'retention.purged': (d) => {
    const removed = counted(d, [])
      .split(', ')
      .filter((part) => part !== '' && !part.startsWith('0 '));
    return removed.length > 0 ? `{actor} removed data past its retention: ${removed.join(', ')}` : '{actor} checked the retention and removed nothing';
  },
  'backup.created': () => '{actor} took a backup',
  'backup.restored': () => '{actor} restored a backup',
  'storage.migrated': (d) => `{actor} moved the resumes to the bucket ${text(d.bucket)}`,
};

/** An entry as a sentence: "Ada Owner moved the application of Ann Lee from Reviewed to Rejected". */
export function auditSentence(entry: AuditEntry): SentencePart[] {
  // An action this app does not know yet (a newer server) still reads: who, and the action's name.
  const known = (TEMPLATES as Partial<Record<string, Template>>)[entry.action];
  const template = known ? known(entry.details, entry) : `{actor}: ${entry.action}`;
  return template
    .split(/(\{actor\}|\{target\})/)
    .filter((piece) => piece !== '')
    .flatMap((piece): SentencePart[] => {
      if (piece === '{actor}') return [{ actor: actorNameOf(entry) }];
      if (piece === '{target}') {
        const noun = TARGET_NOUNS[entry.targetKind ?? ''] ?? '';
        return [...(noun ? [{ text: noun }] : []), { target: targetNameOf(entry) }];
      }
      return [{ text: piece }];
    });
}

/** The sentence as plain words (tests, and the accessible name of what a row says). */
export function auditSentenceText(entry: AuditEntry): string {
  return auditSentence(entry)
    .map((part) => ('text' in part ? part.text : 'actor' in part ? part.actor : part.target))
    .join('');
}
