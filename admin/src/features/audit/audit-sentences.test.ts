// The audit log's sentences: one per action kind, with the names of who acted and what it was about.
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@brightwave/common';
import { actorNameOf, auditSentence, auditSentenceText, targetPathOf } from './audit-sentences';
import { formatUserAgent } from './user-agent';

const ADA = { actor: 'admin', adminId: 'a1', adminEmail: 'ada@example.com', adminName: 'Ada Owner' } as const;

function entry(action: AuditAction, fields: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: 'e1',
    createdAt: '2026-11-28T10:00:00.000Z',
    ...ADA,
    action,
    targetKind: null,
    targetId: null,
    targetName: null,
    targetGone: false,
    address: '127.0.0.1',
    userAgent: null,
    details: {},
    ...fields,
  };
}
const about = (kind: string, name: string) => ({ targetKind: kind, targetId: `${kind}-1`, targetName: name });
/** Ada's own account as the target: a change to her own sign-in. */
const ADA_HERSELF = { targetKind: 'admin', targetId: ADA.adminId, targetName: 'Ada Owner' };
const sentence = (action: AuditAction, fields: Partial<AuditEntry> = {}) => auditSentenceText(entry(action, fields));

describe('audit sentences', () => {
  it.each<[AuditAction, Partial<AuditEntry>, string]>([
    [
      'application.status_changed',
      { ...about('application', 'Ann Lee'), details: { from: 'reviewed', to: 'rejected' } },
      'Ada Owner moved the application of Ann Lee from Reviewed to Rejected',
    ],
    ['lead.status_changed', { ...about('lead', 'Lee'), details: { from: 'new', to: 'qualified' } }, 'Ada Owner moved the lead Lee from New to Qualified'],
    [
      'contact.status_changed',
      { ...about('contact', 'Cy'), details: { from: 'pending', to: 'in-progress' } },
      'Ada Owner moved the contact message from Cy from Pending to In Progress',
    ],
    [
      'job.status_changed',
      { ...about('job', 'Designer'), actor: 'system', adminId: null, adminEmail: null, adminName: null, details: { from: 'active', to: 'expired' } },
      'The system moved the job Designer from Active to Expired',
    ],
    ['lead.spam_changed', { ...about('lead', 'Lee'), details: { from: false, to: true } }, 'Ada Owner moved the lead Lee to spam'],
    ['contact.spam_changed', { ...about('contact', 'Cy'), details: { from: true, to: false } }, 'Ada Owner moved the contact message from Cy out of spam'],
    ['lead.owner_changed', { ...about('lead', 'Lee'), details: { from: null, to: 'b2', toName: 'Bo Sales' } }, 'Ada Owner assigned the lead Lee to Bo Sales'],
    [
      'application.owner_changed',
      { ...about('application', 'Ann'), details: { from: 'b2', fromName: 'Bo', to: null, because: 'disabled' } },
      'Ada Owner unassigned the application of Ann from Bo (their account was disabled)',
    ],
    ['contact.note_added', about('contact', 'Cy'), 'Ada Owner added a note to the contact message from Cy'],
    ['lead.note_deleted', about('lead', 'Lee'), 'Ada Owner deleted a note from the lead Lee'],
    ['application.follow_up_set', { ...about('application', 'Ann'), details: { at: null } }, 'Ada Owner cleared the follow-up of the application of Ann'],
    ['application.rated', { ...about('application', 'Ann'), details: { score: 3 } }, 'Ada Owner rated the application of Ann 3 of 4 (Yes)'],
    ['resume.downloaded', about('application', 'Ann'), 'Ada Owner downloaded the resume of the application of Ann'],
    ['job.created', about('job', 'Designer'), 'Ada Owner created the job Designer'],
    ['job.updated', { ...about('job', 'Designer'), details: { fields: ['title', 'location'] } }, 'Ada Owner edited the job Designer: title, location'],
    ['job.deleted', { targetKind: 'job', targetId: 'job-1', targetGone: true, details: { title: 'Designer' } }, 'Ada Owner deleted the job “Designer”'],
    ['portfolio.updated', { ...about('portfolio', 'Atlas'), details: { fields: ['description'] } }, 'Ada Owner edited the portfolio item Atlas: description'],
    ['case_study.published', about('portfolio', 'Atlas'), 'Ada Owner published the case study of the portfolio item Atlas'],
    [
      'content.saved',
      { targetKind: 'content', targetId: 'services', details: { sections: ['hero'] } },
      'Ada Owner saved a draft of the “Services” content: hero',
    ],
    [
      'page.published',
      {
        ...about('page', 'Pricing'),
        actor: 'system',
        adminName: null,
        adminId: null,
        details: { scheduledFor: '2026-11-28T10:00:00Z', scheduledBy: 'ada@example.com' },
      },
      'The system published the page Pricing as scheduled by ada@example.com',
    ],
    [
      'page.deleted',
      { targetKind: 'page', targetId: 'p1', targetGone: true, details: { path: '/pricing' } },
      'Ada Owner deleted the page (deleted) (it was at /pricing)',
    ],
    [
      'admin.invited',
      { ...about('admin', 'Bo Sales'), details: { email: 'bo@example.com', role: 'sales' } },
      'Ada Owner invited Bo Sales (bo@example.com) as Sales',
    ],
    [
      'admin.updated',
      { ...about('admin', 'Bo Sales'), details: { role: { from: 'sales', to: 'editor' }, unassigned: 2 } },
      'Ada Owner changed the role of Bo Sales from Sales to Editor (2 items unassigned)',
    ],
    [
      'admin.updated',
      { ...about('admin', 'Bo Sales'), details: { disabled: { from: false, to: true }, unassigned: 3, callsCancelled: 1 } },
      'Ada Owner disabled the account of Bo Sales (3 items unassigned, 1 call cancelled)',
    ],
    ['auth.sign_in', ADA_HERSELF, 'Ada Owner signed in'],
    ['auth.sign_in', { ...ADA_HERSELF, details: { with: 'email-code' } }, 'Ada Owner signed in'],
    ['auth.sign_in', { ...ADA_HERSELF, details: { with: 'authenticator' } }, 'Ada Owner signed in with their authenticator app'],
    ['auth.sign_in', { ...ADA_HERSELF, details: { with: 'recovery-code' } }, 'Ada Owner signed in with a recovery code'],
    ['auth.sign_in', { ...ADA_HERSELF, details: { with: 'passkey', passkey: 'p1' } }, 'Ada Owner signed in with a passkey'],
    [
      'auth.sign_in',
      { ...ADA_HERSELF, details: { with: 'email-code', mustEnrol: true } },
      'Ada Owner signed in, and was sent to set up an authenticator app or a passkey',
    ],
    [
      'account.passkey_removed',
      {
        ...about('admin', 'Bo Sales'),
        actor: 'cli',
        adminId: null,
        adminEmail: null,
        adminName: null,
        details: { name: 'Work laptop', email: 'bo@example.com', osUser: 'ops' },
      },
      'The command line (ops) removed the passkey “Work laptop” of Bo Sales',
    ],
    [
      'auth.sign_in_failed',
      { adminName: null, adminEmail: 'sam@example.com', details: { step: 'password', reason: 'sign-in-policy' } },
      'A sign-in as sam@example.com failed (their role must use an authenticator app or a passkey, and a code sent by e-mail no longer signs them in)',
    ],
    [
      'auth.sign_in_failed',
      { adminName: null, adminEmail: 'sam@example.com', details: { step: 'password', reason: 'disabled' } },
      'A sign-in as sam@example.com failed (the account is disabled)',
    ],
    ['auth.sign_in', { ...ADA_HERSELF, details: { with: 'sso' } }, 'Ada Owner signed in with single sign-on'],
    [
      'auth.sign_in_failed',
      { adminName: null, adminEmail: 'eve@elsewhere.test', details: { step: 'sso', reason: 'domain-not-allowed' } },
      'A sign-in as eve@elsewhere.test failed (single sign-on: the e-mail domain is not allowed)',
    ],
    [
      'admin.created',
      {
        ...about('admin', 'Eve Engineer'),
        actor: 'system',
        adminId: null,
        adminEmail: null,
        adminName: null,
        details: { email: 'eve@example.com', role: 'recruiter', by: 'sso' },
      },
      'The system created the recruiter account of Eve Engineer at their first single sign-on',
    ],
    [
      'admin.sign_in_reset',
      { ...about('admin', 'Bo Sales'), details: { authenticator: true, passkeys: ['Phone', 'Laptop'] } },
      'Ada Owner reset the sign-in of Bo Sales (authenticator app and 2 passkeys removed) and signed them out everywhere',
    ],
    [
      'admin.sign_in_grace_restarted',
      { ...about('admin', 'Bo Sales') },
      'Ada Owner gave Bo Sales a new grace period to set up an authenticator app or a passkey',
    ],
    [
      'account.authenticator_removed',
      { ...about('admin', 'Bo Sales'), targetId: 'bo-1', details: { email: 'bo@example.com' } },
      'Ada Owner turned off the authenticator app of Bo Sales',
    ],
    ['auth.sign_in_failed', { details: { step: 'password', for: 'sign-in-reset' } }, "Ada Owner entered a wrong password to reset another admin's sign-in"],
    [
      'settings.sign_in_policy_changed',
      { targetKind: 'settings', targetId: 'sign_in', details: { from: { roles: [], graceDays: 14 }, to: { roles: ['owner', 'sales'], graceDays: 7 } } },
      'Ada Owner changed the sign-in policy: Owner and Sales must use an authenticator app or a passkey (7 days of grace)',
    ],
    [
      'settings.sign_in_policy_changed',
      { targetKind: 'settings', targetId: 'sign_in', details: { from: { roles: ['sales'], graceDays: 1 }, to: { roles: [], graceDays: 1 } } },
      'Ada Owner changed the sign-in policy: no role must use an authenticator app or a passkey',
    ],
    ['account.passkey_added', { ...ADA_HERSELF, details: { passkey: 'p1', name: 'Work laptop' } }, 'Ada Owner added a passkey named “Work laptop”'],
    ['account.passkey_removed', { ...ADA_HERSELF, details: { passkey: 'p1', name: 'Work laptop' } }, 'Ada Owner removed their passkey “Work laptop”'],
    [
      'api_key.created',
      { targetKind: 'api_key', targetId: 'k1', details: { name: 'CRM sync', scopes: ['leads:read', 'contacts:read'], expiresAt: null } },
      'Ada Owner created the API key “CRM sync” (leads:read, contacts:read)',
    ],
    ['api_key.revoked', { targetKind: 'api_key', targetId: 'k1', details: { name: 'CRM sync', creator: 'a2' } }, 'Ada Owner revoked the API key “CRM sync”'],
    ['auth.sign_in_failed', { details: { step: 'password', for: 'passkey-registration' } }, 'Ada Owner entered a wrong password to add a passkey'],
    ['auth.sign_in_failed', { details: { step: 'password', for: 'passkey-removal' } }, 'Ada Owner entered a wrong password to remove a passkey'],
    ['auth.sign_in_failed', { details: { step: 'password', for: 'password-change' } }, 'Ada Owner entered a wrong password to change their password'],
    ['auth.recovery_code_used', { ...ADA_HERSELF, details: { codesLeft: 1 } }, 'Ada Owner used a recovery code to sign in (1 code left)'],
    ['account.authenticator_added', { ...ADA_HERSELF, details: { recoveryCodes: 10 } }, 'Ada Owner turned on an authenticator app for two-step sign-in'],
    ['account.authenticator_removed', { ...ADA_HERSELF, details: { with: 'authenticator' } }, 'Ada Owner turned off their authenticator app'],
    [
      'account.authenticator_removed',
      { ...ADA_HERSELF, details: { with: 'recovery-code' } },
      'Ada Owner turned off their authenticator app (with a recovery code)',
    ],
    [
      'account.authenticator_removed',
      { ...about('admin', 'Bo Sales'), actor: 'cli', adminId: null, adminEmail: null, adminName: null, details: { email: 'bo@example.com', osUser: 'ops' } },
      'The command line (ops) turned off the authenticator app of Bo Sales',
    ],
    [
      'auth.sign_in_failed',
      { adminId: null, adminName: null, adminEmail: 'who@example.com', details: { step: 'password' } },
      'A sign-in as who@example.com failed (wrong e-mail or password)',
    ],
    ['auth.sign_in_failed', { details: { step: 'password', for: 'authenticator-setup' } }, 'Ada Owner entered a wrong password to set up an authenticator app'],
    [
      'auth.sign_in_failed',
      { details: { step: 'password', for: 'authenticator-removal' } },
      'Ada Owner entered a wrong password to turn off their authenticator app',
    ],
    ['auth.sign_in_failed', { details: { step: 'password', for: 'recovery-codes' } }, 'Ada Owner entered a wrong password to replace their recovery codes'],
    ['account.recovery_codes_replaced', { ...ADA_HERSELF, details: { recoveryCodes: 10, with: 'authenticator' } }, 'Ada Owner replaced their recovery codes'],
    [
      'account.recovery_codes_replaced',
      { ...ADA_HERSELF, details: { recoveryCodes: 10, with: 'recovery-code' } },
      'Ada Owner replaced their recovery codes (with a recovery code)',
    ],
    [
      'export.csv',
      { targetKind: 'list', targetId: 'leads', details: { list: 'leads', rows: 12, complete: true } },
      'Ada Owner exported 12 rows of the leads list as CSV',
    ],
    [
      'list.read_all',
      { targetKind: 'list', targetId: 'contacts', details: { list: 'contacts', rows: 1 } },
      'Ada Owner read the whole of the contact messages list (1 row)',
    ],
    [
      'retention.purged',
      { actor: 'system', adminId: null, adminEmail: null, adminName: null, details: { leads: 0, audit: 0 } },
      'The system checked the retention and removed nothing',
    ],
    [
      'retention.purged',
      { actor: 'system', adminId: null, adminEmail: null, adminName: null, details: { leads: 2, outboxMails: 1, audit: 0 } },
      'The system removed data past its retention: 2 leads, 1 outbox mails',
    ],
    [
      'privacy.erased',
      { targetKind: 'person', targetId: 'hash', details: { emailHash: 'hash', leads: 1, applications: 0 } },
      'Ada Owner erased what was held about a person (1 leads, 0 applications)',
    ],
    [
      'backup.created',
      { actor: 'cli', adminId: null, adminEmail: null, adminName: null, details: { osUser: 'deploy' } },
      'The command line (deploy) took a backup',
    ],
    [
      'redirect.created',
      { targetKind: 'redirect', targetId: 'r1', details: { from: '/old', to: '/new', status: 301 } },
      'Ada Owner added a redirect from /old to /new',
    ],
    ['webhook.updated', { targetKind: 'webhook', targetId: 'w1', details: { fields: ['enabled'], enabled: false } }, 'Ada Owner paused a webhook'],
  ])('%s reads as a sentence', (action, fields, expected) => {
    expect(sentence(action, fields)).toBe(expected);
  });

  it('has a sentence for every action, naming who acted (the failed sign-in names the address tried)', () => {
    for (const action of AUDIT_ACTIONS) {
      const text = sentence(action, { ...about('lead', 'Lee'), details: {} });
      expect(text).not.toContain('{');
      expect(text).not.toContain(action);
      expect(text.startsWith(action === 'auth.sign_in_failed' ? 'A sign-in as ada@example.com' : 'Ada Owner ')).toBe(true);
    }
  });

  it('says a call the sender booked, moved or cancelled is the system’s, with whom and when', () => {
    const system = { actor: 'system', adminId: null, adminEmail: null, adminName: null } as const;
    const details = { start: '2030-01-07T09:00:00.000Z', previousStart: '2030-01-08T09:00:00.000Z', withName: 'Sam Sales' };
    const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    expect(sentence('lead.meeting_booked', { ...about('lead', 'Lee'), ...system, details })).toBe(
      `The system booked a call with Sam Sales about the lead Lee for ${when(details.start)} (the time its sender chose)`,
    );
    expect(sentence('contact.meeting_rescheduled', { ...about('contact', 'Cy'), ...system, details })).toBe(
      `The system moved the call with Sam Sales about the contact message from Cy from ${when(details.previousStart)} to ${when(details.start)} (the time its sender chose)`,
    );
    expect(sentence('lead.meeting_cancelled', { ...about('lead', 'Lee'), ...system, details })).toBe(
      `The system cancelled the call with Sam Sales about the lead Lee for ${when(details.start)} (at its sender’s request)`,
    );
    // Cancelled with the change of the staff member's account: the admin who changed it, and why.
    expect(sentence('lead.meeting_cancelled', { ...about('lead', 'Lee'), details: { ...details, because: 'disabled' } })).toBe(
      `Ada Owner cancelled the call with Sam Sales about the lead Lee for ${when(details.start)} (the account of the staff member was disabled)`,
    );
    expect(sentence('contact.meeting_cancelled', { ...about('contact', 'Cy'), details: { ...details, because: 'role_changed' } })).toBe(
      `Ada Owner cancelled the call with Sam Sales about the contact message from Cy for ${when(details.start)} (the new role of the staff member takes no such calls)`,
    );
  });

  it('says an interview the candidate booked is the system’s, and who invited, withdrew or left it', () => {
    const system = { actor: 'system', adminId: null, adminEmail: null, adminName: null } as const;
    const details = { start: '2030-01-07T09:00:00.000Z', withName: 'Ada and Bo', interviewId: 'i1' };
    const when = new Date(details.start).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    const application = about('application', 'Cara');
    expect(sentence('application.interview_invited', { ...application, details })).toBe(
      'Ada Owner invited the candidate of the application of Cara to an interview with Ada and Bo',
    );
    expect(sentence('application.meeting_booked', { ...application, ...system, details })).toBe(
      `The system booked the interview with Ada and Bo about the application of Cara for ${when} (the time the candidate chose)`,
    );
    expect(sentence('application.meeting_cancelled', { ...application, details: { ...details, withName: 'Ada', because: 'disabled' } })).toBe(
      `Ada Owner cancelled the interview with Ada about the application of Cara for ${when} (the account of the staff member was disabled)`,
    );
    expect(sentence('application.interview_cancelled', { ...application, details })).toBe(
      `Ada Owner cancelled the interview invitation with Ada and Bo of the application of Cara (booked for ${when})`,
    );
  });

  it('keeps the names apart from the words: the admin and the target are parts of their own (they become links)', () => {
    const parts = auditSentence(entry('lead.status_changed', { ...about('lead', 'Lee'), details: { from: 'new', to: 'lost' } }));
    expect(parts).toEqual([{ actor: 'Ada Owner' }, { text: ' moved ' }, { text: 'the lead ' }, { target: 'Lee' }, { text: ' from New to Lost' }]);
  });

  it('names a deleted or erased target "(deleted)", and an admin without a name by their e-mail', () => {
    expect(sentence('resume.downloaded', { targetKind: 'application', targetId: 'x', targetGone: true, adminName: null })).toBe(
      'ada@example.com downloaded the resume of the application of (deleted)',
    );
  });

  it("links an item to its page where one exists, never a deleted one's", () => {
    expect(targetPathOf({ targetKind: 'lead', targetId: 'l1', targetGone: false })).toBe('/leads/l1');
    expect(targetPathOf({ targetKind: 'contact', targetId: 'c1', targetGone: false })).toBe('/queries/c1');
    expect(targetPathOf({ targetKind: 'application', targetId: 'a1', targetGone: false })).toBe('/applications/a1');
    expect(targetPathOf({ targetKind: 'job', targetId: 'j1', targetGone: false })).toBe('/jobs/j1/pipeline');
    expect(targetPathOf({ targetKind: 'page', targetId: 'p1', targetGone: false })).toBe('/pages/p1');
    expect(targetPathOf({ targetKind: 'content', targetId: 'services', targetGone: false })).toBe('/content/services');
    expect(targetPathOf({ targetKind: 'lead', targetId: 'l1', targetGone: true })).toBeNull();
    expect(targetPathOf({ targetKind: 'portfolio', targetId: 'p1', targetGone: false })).toBeNull();
  });

  it('names the command line with its operating-system user, an API key with its name and admin, and the system as such', () => {
    expect(actorNameOf({ actor: 'cli', adminName: null, adminEmail: null, details: {} })).toBe('The command line (unknown user)');
    expect(actorNameOf({ actor: 'system', adminName: null, adminEmail: null, details: {} })).toBe('The system');
    expect(actorNameOf({ actor: 'api_key', adminName: 'Ada Owner', adminEmail: 'ada@example.com', details: { apiKey: 'CRM sync' } })).toBe(
      'The API key “CRM sync” of Ada Owner',
    );
  });
});

describe(formatUserAgent.name, () => {
  it.each([
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131 on macOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 on Windows'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari 18 on iOS',
    ],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome 131 on Android'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Microsoft Edge 131 on Windows',
    ],
  ])('names %s as a person would', (userAgent, expected) => {
    expect(formatUserAgent(userAgent)).toBe(expected);
  });

  it('shows a client that is no known browser as it named itself, and nothing for none', () => {
    expect(formatUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(formatUserAgent(null)).toBe('');
  });
});
