// PostgreSQL pass: a schedule claimed, lost with its instance and taken over (SKIP LOCKED, leases).
import { randomUUID } from 'node:crypto';
import { DEFAULT_CONTENT, MESSAGES, type ContentFields, type ContentKey } from '@brightwave/common';
import { and, desc, eq, sql } from 'drizzle-orm';
import { DomainError } from '../src/common/domain-error';
import { ContentRepository } from '../src/content/content.repository';
import { ContentService } from '../src/content/content.service';
import { DATABASE, type Database } from '../src/database/database';
import { auditEntries, contentSchedules, contentVersions } from '../src/database/schema';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, type TestApp } from './support/test-app';

const SLOW_MS = 60_000;
const LEASE_MS = 30_000;
const EDITOR = { id: null, email: 'editor@example.test' };

/** A page's installed texts with one change: what an older release could store and today's rules refuse. */
function changed<K extends ContentKey>(key: K, change: (fields: (typeof DEFAULT_CONTENT)[K]) => void): ContentFields {
  const fields = structuredClone(DEFAULT_CONTENT[key]);
  change(fields);
  return fields;
}

// Versions stored under an earlier release's rules (or naming a picture deleted since), and the field each fails at.
const NO_LONGER_FITTING: [string, ContentKey, ContentFields, string, string?][] = [
  ['a title longer than today allows', 'services', changed('services', (f) => (f.hero.title = 'x'.repeat(81))), 'hero.title'],
  [
    'a picture no longer in the library',
    'services',
    changed('services', (f) => (f.seo.image = `/media/${randomUUID()}-1200x630`)),
    'seo.image',
    MESSAGES.mediaUnknown,
  ],
  ['a card anchor of a shape no longer allowed', 'services', changed('services', (f) => (f.offer.cards[0]!.anchor = 'Web Design!')), 'offer.cards.0.anchor'],
  [
    'more entries than a list allows',
    'services',
    changed('services', (f) => (f.hero.rotatingTitles = Array.from({ length: 13 }, (_, i) => `Title ${i}`))),
    'hero.rotatingTitles',
  ],
  ['a javascript: link', 'site', changed('site', (f) => (f.social.linkedin = 'javascript:alert(1)')), 'social.linkedin'],
  ['an empty required field', 'site', changed('site', (f) => (f.company.name = '')), 'company.name', 'Company name is required'],
];

describe('Content is published only while it fits the rules of today, and a publish wins over any schedule', () => {
  let t: TestApp;
  let db: Database;
  let content: ContentService;
  let repository: ContentRepository;
  let auth: { Authorization: string };

  beforeAll(async () => {
    // The app's own scheduler looks rarely here; the tests run the due schedules themselves.
    t = await createTestApp({ CONTENT_SCHEDULE_POLL_SECONDS: '30' });
    db = t.app.get<symbol, Database>(DATABASE);
    content = t.app.get(ContentService);
    repository = t.app.get(ContentRepository);
    auth = { Authorization: `Bearer ${await loginAsAdmin(t)}` };
  }, SLOW_MS);
  afterAll(() => t.close());

  /** A version as an earlier release stored it: older than the page's draft, so it is history, not the draft. */
  async function storedVersion(key: ContentKey, fields: ContentFields): Promise<string> {
    const [row] = await db
      .insert(contentVersions)
      .values({ pageKey: key, kind: 'draft', fields, authorEmail: EDITOR.email, createdAt: new Date('2025-01-01T00:00:00Z') })
      .returning({ id: contentVersions.id });
    return row!.id;
  }

  /** A schedule of `versionId` that came due a minute ago. */
  async function dueSchedule(key: ContentKey, versionId: string): Promise<string> {
    const [row] = await db
      .insert(contentSchedules)
      .values({ pageKey: key, versionId, runAt: new Date(Date.now() - 60_000), createdByEmail: EDITOR.email })
      .returning({ id: contentSchedules.id });
    return row!.id;
  }

  const scheduleStatus = async (id: string) =>
    (await db.select({ status: contentSchedules.status }).from(contentSchedules).where(eq(contentSchedules.id, id)))[0]?.status;

  async function refusal(work: Promise<unknown>): Promise<DomainError> {
    const error = await work.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof DomainError)) throw new Error(`expected a refusal, got ${String(error)}`);
    return error;
  }

  describe.each(NO_LONGER_FITTING)('a version with %s', (_case, key, fields, path, message) => {
    it('is not restored: refused naming the field, the draft unchanged', async () => {
      const versionId = await storedVersion(key, fields);
      const before = await content.details(key);
      const error = await refusal(content.restore(key, versionId, EDITOR));
      expect(error.code).toBe('invalid');
      expect(error.message).toBe(MESSAGES.contentVersionFailsRules);
      expect(Object.keys(error.details.errors ?? {})).toEqual([path]);
      if (message) expect(error.details.errors?.[path]).toBe(message);
      expect((await content.details(key)).draftVersionId).toBe(before.draftVersionId);
    });

    it('is not published by its schedule: the schedule fails, with an audit entry, and the editor shows why', async () => {
      const versionId = await storedVersion(key, fields);
      const published = (await content.details(key)).published;
      const scheduleId = await dueSchedule(key, versionId);
      await content.runDueSchedules(LEASE_MS);
      expect(await scheduleStatus(scheduleId)).toBe('failed');
      const details = await content.details(key);
      expect(details.published).toEqual(published);
      expect(details.scheduledAt).toBeNull();
      expect(details.failedSchedule).toEqual({ runAt: expect.any(String), failedAt: expect.any(String), errors: { [path]: message ?? expect.any(String) } });
      const [entry] = await db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.action, 'content.schedule_failed'), eq(auditEntries.targetId, key)))
        .orderBy(desc(auditEntries.createdAt))
        .limit(1);
      expect(entry).toMatchObject({ actor: 'system', adminId: null, details: { versionId, fields: [path], scheduledBy: EDITOR.email } });
    });
  });

  it('shows a failed schedule until the page is published again', async () => {
    const versionId = await storedVersion('services', NO_LONGER_FITTING[0]![2]);
    await dueSchedule('services', versionId);
    await content.runDueSchedules(LEASE_MS);
    expect((await content.details('services')).failedSchedule).not.toBeNull();
    await content.saveDraft(
      'services',
      changed('services', (f) => (f.hero.title = 'Published after the failure')),
      EDITOR,
    );
    await content.publishNow('services');
    expect((await content.details('services')).failedSchedule).toBeNull();
  });

  it('refuses to publish or schedule a draft that no longer fits, naming the field', async () => {
    // The newest version is the draft: one an earlier release saved.
    await db.insert(contentVersions).values({ pageKey: 'site', kind: 'draft', fields: NO_LONGER_FITTING[4]![2], authorEmail: EDITOR.email });
    for (const work of [content.publishNow('site'), content.schedule('site', new Date(Date.now() + 3_600_000).toISOString(), EDITOR)]) {
      const error = await refusal(work);
      expect(error.message).toBe(MESSAGES.contentDraftFailsRules);
      expect(error.details.errors).toEqual({ 'social.linkedin': expect.any(String) });
    }
    await content.saveDraft('site', DEFAULT_CONTENT.site, EDITOR);
  });

  it('a publish cancels a schedule claimed by an instance that died, so the instance taking it over publishes nothing', async () => {
    await content.saveDraft(
      'services',
      changed('services', (f) => (f.hero.title = 'Scheduled, older')),
      EDITOR,
    );
    await content.schedule('services', new Date(Date.now() + 3_600_000).toISOString(), EDITOR);
    // The instance that claimed it died mid-publish: its lease ran out.
    await db
      .update(contentSchedules)
      .set({ runAt: new Date(Date.now() - 60_000), status: 'claimed', claimToken: randomUUID(), leaseUntil: new Date(Date.now() - 1000) })
      .where(and(eq(contentSchedules.pageKey, 'services'), eq(contentSchedules.status, 'pending')));
    await content.saveDraft(
      'services',
      changed('services', (f) => (f.hero.title = 'Published now, newer')),
      EDITOR,
    );
    const { scheduleCancelled } = await content.publishNow('services');
    expect(scheduleCancelled).toBe(true);
    expect(await content.runDueSchedules(LEASE_MS)).toBe(0);
    expect((await content.details('services')).published).toMatchObject({ hero: { title: 'Published now, newer' } });
  });

  it('a publish cancels a schedule being run at that moment: its claimer publishes nothing after it', async () => {
    await content.saveDraft(
      'services',
      changed('services', (f) => (f.hero.title = 'Claimed, older')),
      EDITOR,
    );
    await content.schedule('services', new Date(Date.now() + 3_600_000).toISOString(), EDITOR);
    await db
      .update(contentSchedules)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(contentSchedules.pageKey, 'services'), eq(contentSchedules.status, 'pending')));
    const [claimed] = await repository.claimDue(LEASE_MS);
    expect(claimed).toBeDefined();
    await content.saveDraft(
      'services',
      changed('services', (f) => (f.hero.title = 'Published while claimed')),
      EDITOR,
    );
    expect((await content.publishNow('services')).scheduleCancelled).toBe(true);
    expect(await repository.runClaimed(claimed!, async () => {})).toBe(false);
    expect((await content.details('services')).published).toMatchObject({ hero: { title: 'Published while claimed' } });
    expect(await scheduleStatus(claimed!.id)).toBe('cancelled');
  });

  it('POST …/versions/:id/restore answers 400 naming the fields of a version that no longer fits', async () => {
    const versionId = await storedVersion('site', NO_LONGER_FITTING[4]![2]);
    const response = await t.http.post(`/api/admin/content/site/versions/${versionId}/restore`).set(auth).expect(400);
    expect(response.body).toEqual({ success: false, message: MESSAGES.contentVersionFailsRules, errors: { 'social.linkedin': expect.any(String) } });
    const audit = await db.execute(sql`select count(*)::int as n from audit_entries where action = 'content.restored'`);
    expect((audit as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
