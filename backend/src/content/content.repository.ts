import { randomUUID } from 'node:crypto';
import {
  CONTENT_VERSIONS_KEPT,
  builtPagePath,
  required,
  type BuiltPageDocument,
  type ContentFields,
  type PostDocument,
  type ContentKey,
  type ContentVersionKind,
} from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, isNotNull, isNull, like, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { AuditExecutor } from '../audit/audit.repository';
import { DATABASE, type Database } from '../database/database';
import {
  builtPages,
  contentPages,
  contentSchedules,
  contentVersions,
  portfolioItems,
  type BuiltPageRow,
  type ContentDocument,
  type ContentPageRow,
  type ContentScheduleRow,
  type ContentVersionRow,
} from '../database/schema';
import { NO_REDIRECT_CHANGES, redirectsForPublishedPage, type PageRedirectChanges } from '../redirects/page-redirects';
import { postSlugOwner, publishPostVersion, publishedPostRows } from '../posts/post-documents';
import { gonePathRows } from './gone-paths';
import { isBuiltPageKey, isPostKey, type DocumentKey } from './document-keys';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who made a change: an admin, or nobody (the seed, a scheduled publish run by the server). */
export interface ContentAuthor {
  id: string | null;
  email: string | null;
}

/** What a page's editor needs: the page row, its newest versions, its open schedule and its newest one of any status. */
export interface ContentPageState {
  page: ContentPageRow;
  /** Newest first. */
  versions: Omit<ContentVersionRow, 'fields'>[];
  draft: ContentVersionRow;
  schedule: ContentScheduleRow | undefined;
  latestSchedule: ContentScheduleRow | undefined;
}

/** What the audit entry of a change runs in: the change's transaction. */
export type InTransaction = (tx: AuditExecutor) => Promise<void>;

const OPEN_SCHEDULE = inArray(contentSchedules.status, ['pending', 'claimed']);

/** A live built page's paths as the slug rule sees them: where its draft and its published copy answer. */
export interface LivePagePaths {
  key: string;
  title: string;
  draftPath: string;
  publishedPath: string | null;
}

@Injectable()
export class ContentRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Writes the seed of every page that has no row yet: its published copy and its first version, together. An
   * instance starting beside another waits on the other's row and then leaves it as it is.
   */
  async seedMissing(pages: { key: ContentKey; fields: ContentFields }[]): Promise<ContentKey[]> {
    const existing = new Set((await this.db.select({ key: contentPages.key }).from(contentPages)).map((row) => row.key));
    const seeded: ContentKey[] = [];
    for (const { key, fields } of pages.filter((page) => !existing.has(page.key))) {
      await this.db.transaction(async (tx) => {
        const versionId = randomUUID();
        const inserted = await tx
          .insert(contentPages)
          .values({ key, publishedVersionId: versionId, publishedFields: fields })
          .onConflictDoNothing()
          .returning({ key: contentPages.key });
        if (inserted.length === 0) return;
        await tx.insert(contentVersions).values({ id: versionId, pageKey: key, kind: 'seed', fields });
        seeded.push(key);
      });
    }
    return seeded;
  }

  listPages(): Promise<ContentPageRow[]> {
    return this.db.select().from(contentPages);
  }

  /** Each page's published version id: a few bytes that say whether anything was published since the last look. */
  publishedStamps(): Promise<{ key: string; publishedVersionId: string | null }[]> {
    return this.db.select({ key: contentPages.key, publishedVersionId: contentPages.publishedVersionId }).from(contentPages);
  }

  /**
   * Every built page's row, deleted ones too (their paths answer 410), with the version its published copy is: what
   * the site's navigation, sitemap and built pages follow.
   */
  builtPageStamps(): Promise<{ page: BuiltPageRow; publishedVersionId: string | null }[]> {
    return this.db
      .select({ page: builtPages, publishedVersionId: contentPages.publishedVersionId })
      .from(builtPages)
      .leftJoin(contentPages, eq(contentPages.key, builtPages.contentKey))
      .orderBy(builtPages.createdAt, builtPages.id);
  }

  /** The title of another post that answers (or will) at `slug`, else undefined (docs/decisions/077-news.md). */
  postSlugOwner(key: string, slug: string): Promise<string | undefined> {
    return postSlugOwner(this.db, key, slug);
  }

  /** The addresses of deleted case studies and posts (410). */
  gonePaths(): Promise<string[]> {
    return gonePathRows(this.db);
  }

  /** Which of these case study addresses a portfolio item has (a "Case studies" block's chosen ones must). */
  async caseStudySlugs(slugs: readonly string[]): Promise<Set<string>> {
    if (slugs.length === 0) return new Set();
    const rows = await this.db
      .select({ slug: portfolioItems.slug })
      .from(portfolioItems)
      .where(inArray(portfolioItems.slug, [...slugs]));
    return new Set(rows.map((row) => row.slug));
  }

  /** Every published post's row (its first publish's date). */
  publishedPostRows(): Promise<{ id: string; contentKey: string; publishedAt: Date | null }[]> {
    return publishedPostRows(this.db);
  }

  /** The live built pages' draft and published paths, with their drafts' titles (the slug rule names the owner). */
  async livePagePaths(): Promise<LivePagePaths[]> {
    const live = await this.db
      .select({ key: builtPages.contentKey, path: builtPages.path })
      .from(builtPages)
      .where(and(isNull(builtPages.deletedAt), isNotNull(builtPages.contentKey)));
    const drafts = await this.db
      .selectDistinctOn([contentVersions.pageKey], {
        key: contentVersions.pageKey,
        title: sql<string>`${contentVersions.fields}->>'title'`,
        slug: sql<string>`${contentVersions.fields}->>'slug'`,
      })
      .from(contentVersions)
      .where(like(contentVersions.pageKey, 'page:%'))
      .orderBy(contentVersions.pageKey, desc(contentVersions.createdAt), desc(contentVersions.id));
    return live.flatMap(({ key, path }) => {
      const draft = drafts.find((row) => row.key === key);
      return key && draft ? [{ key, title: draft.title, draftPath: builtPagePath(draft.slug), publishedPath: path }] : [];
    });
  }

  /** The newest version of every page (its draft) and its open schedule. */
  async summaries(): Promise<{ page: ContentPageRow; draftId: string | null; scheduledAt: Date | null }[]> {
    const pages = await this.listPages();
    const newest = await this.db
      .selectDistinctOn([contentVersions.pageKey], { pageKey: contentVersions.pageKey, id: contentVersions.id })
      .from(contentVersions)
      .orderBy(contentVersions.pageKey, desc(contentVersions.createdAt), desc(contentVersions.id));
    const schedules = await this.db.select().from(contentSchedules).where(OPEN_SCHEDULE);
    return pages.map((page) => ({
      page,
      draftId: newest.find((row) => row.pageKey === page.key)?.id ?? page.publishedVersionId,
      scheduledAt: schedules.find((row) => row.pageKey === page.key)?.runAt ?? null,
    }));
  }

  async state(key: DocumentKey, executor: Pick<Database, 'select'> = this.db): Promise<ContentPageState | undefined> {
    const [page] = await executor.select().from(contentPages).where(eq(contentPages.key, key));
    if (!page) return undefined;
    const versions = await executor
      .select({
        id: contentVersions.id,
        pageKey: contentVersions.pageKey,
        kind: contentVersions.kind,
        authorId: contentVersions.authorId,
        authorEmail: contentVersions.authorEmail,
        publishedAt: contentVersions.publishedAt,
        createdAt: contentVersions.createdAt,
      })
      .from(contentVersions)
      .where(eq(contentVersions.pageKey, key))
      .orderBy(desc(contentVersions.createdAt), desc(contentVersions.id));
    const newestId = required(versions[0], 'the newest version of a seeded page').id;
    const [draft] = await executor.select().from(contentVersions).where(eq(contentVersions.id, newestId));
    const [schedule] = await executor
      .select()
      .from(contentSchedules)
      .where(and(eq(contentSchedules.pageKey, key), OPEN_SCHEDULE));
    const [latestSchedule] = await executor
      .select()
      .from(contentSchedules)
      .where(eq(contentSchedules.pageKey, key))
      .orderBy(desc(contentSchedules.createdAt), desc(contentSchedules.id))
      .limit(1);
    return { page, versions, draft: required(draft, 'the draft version'), schedule, latestSchedule };
  }

  async version(key: DocumentKey, id: string): Promise<ContentVersionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(contentVersions)
      .where(and(eq(contentVersions.pageKey, key), eq(contentVersions.id, id)));
    return row;
  }

  /** Appends a version (a saved draft or a restore) and prunes the oldest past CONTENT_VERSIONS_KEPT. */
  async appendVersion(
    key: DocumentKey,
    kind: ContentVersionKind,
    fields: ContentDocument,
    author: ContentAuthor,
    audit: InTransaction,
    /** The version the editor started from: nothing is appended when the page's newest version is another one. */
    basedOn?: string,
  ): Promise<ContentVersionRow | undefined> {
    return this.db.transaction(async (tx) => {
      // The page's row is the lock of its history: saves, publishes and prunes of one page take turns.
      await tx.select({ key: contentPages.key }).from(contentPages).where(eq(contentPages.key, key)).for('update');
      if (basedOn !== undefined) {
        const [newest] = await tx
          .select({ id: contentVersions.id })
          .from(contentVersions)
          .where(eq(contentVersions.pageKey, key))
          .orderBy(desc(contentVersions.createdAt), desc(contentVersions.id))
          .limit(1);
        if (newest?.id !== basedOn) return undefined;
      }
      const [row] = await tx.insert(contentVersions).values({ pageKey: key, kind, fields, authorId: author.id, authorEmail: author.email }).returning();
      await this.prune(tx, key);
      await audit(tx);
      return required(row, 'the appended version');
    });
  }

  /**
   * Deletes the page's versions past the newest CONTENT_VERSIONS_KEPT, except the published one and any an open
   * schedule will publish.
   */
  private async prune(tx: Transaction, key: DocumentKey): Promise<void> {
    const keep = tx
      .select({ id: contentVersions.id })
      .from(contentVersions)
      .where(eq(contentVersions.pageKey, key))
      .orderBy(desc(contentVersions.createdAt), desc(contentVersions.id))
      .limit(CONTENT_VERSIONS_KEPT);
    // (Never null in the list: `not in` a list holding a null keeps every row.)
    const published = tx
      .select({ id: contentPages.publishedVersionId })
      .from(contentPages)
      .where(and(eq(contentPages.key, key), isNotNull(contentPages.publishedVersionId)));
    const scheduled = tx
      .select({ id: contentSchedules.versionId })
      .from(contentSchedules)
      .where(and(eq(contentSchedules.pageKey, key), OPEN_SCHEDULE));
    await tx
      .delete(contentVersions)
      .where(
        and(
          eq(contentVersions.pageKey, key),
          notInArray(contentVersions.id, keep),
          notInArray(contentVersions.id, published),
          notInArray(contentVersions.id, scheduled),
        ),
      );
  }

  /**
   * Publishes the page's draft (its newest version) now, and cancels its open schedule, which would otherwise put an
   * older version back later: a pending one, and a claimed one too (an instance that claimed it may have died, and
   * another would take it over after the lease). Answers false when the draft is already what is published.
   */
  async publishDraft(
    key: DocumentKey,
    author: ContentAuthor,
    audit: (tx: AuditExecutor, versionId: string, cancelled: boolean, redirects: PageRedirectChanges) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.select({ key: contentPages.key }).from(contentPages).where(eq(contentPages.key, key)).for('update');
      const state = required(await this.state(key, tx), 'a stored page');
      if (state.draft.id === state.page.publishedVersionId) return false;
      const redirects = await this.publishVersion(tx, key, state.draft, author.email);
      const cancelled = await tx
        .update(contentSchedules)
        .set({ status: 'cancelled', leaseUntil: null })
        .where(and(eq(contentSchedules.pageKey, key), OPEN_SCHEDULE))
        .returning({ id: contentSchedules.id });
      await audit(tx, state.draft.id, cancelled.length > 0, redirects);
      return true;
    });
  }

  /**
   * Makes a version the published one; a built page's published copy then answers at its document's slug, and the
   * redirects follow it (redirectsForPublishedPage: a changed path leaves a 301 behind).
   */
  private async publishVersion(
    tx: Transaction,
    key: string,
    version: Pick<ContentVersionRow, 'id' | 'fields'>,
    publisherEmail: string | null,
  ): Promise<PageRedirectChanges> {
    const now = new Date();
    await tx.update(contentPages).set({ publishedVersionId: version.id, publishedFields: version.fields, publishedAt: now }).where(eq(contentPages.key, key));
    await tx.update(contentVersions).set({ publishedAt: now }).where(eq(contentVersions.id, version.id));
    if (isPostKey(key)) return publishPostVersion(tx, key, version.fields as PostDocument, publisherEmail);
    if (!isBuiltPageKey(key)) return NO_REDIRECT_CHANGES;
    const path = builtPagePath((version.fields as BuiltPageDocument).slug);
    const [previous] = await tx.select({ path: builtPages.path }).from(builtPages).where(eq(builtPages.contentKey, key));
    await tx.update(builtPages).set({ path }).where(eq(builtPages.contentKey, key));
    return redirectsForPublishedPage(tx, previous?.path ?? null, path, publisherEmail);
  }

  /**
   * Schedules the draft `versionId` for `runAt`, replacing a pending schedule of the page. Answers false when a
   * schedule of the page is being run right now (claimed).
   */
  async schedule(key: DocumentKey, versionId: string, runAt: Date, author: ContentAuthor, audit: InTransaction): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.select({ key: contentPages.key }).from(contentPages).where(eq(contentPages.key, key)).for('update');
      const [claimed] = await tx
        .select({ id: contentSchedules.id })
        .from(contentSchedules)
        .where(and(eq(contentSchedules.pageKey, key), eq(contentSchedules.status, 'claimed')));
      if (claimed) return false;
      await tx
        .update(contentSchedules)
        .set({ status: 'cancelled' })
        .where(and(eq(contentSchedules.pageKey, key), eq(contentSchedules.status, 'pending')));
      await tx.insert(contentSchedules).values({ pageKey: key, versionId, runAt, createdById: author.id, createdByEmail: author.email });
      await audit(tx);
      return true;
    });
  }

  /** Cancels the page's pending schedule: its run time, or undefined when none was pending (none, or being run). */
  async cancelSchedule(key: DocumentKey, audit: InTransaction): Promise<ContentScheduleRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(contentSchedules)
        .set({ status: 'cancelled' })
        .where(and(eq(contentSchedules.pageKey, key), eq(contentSchedules.status, 'pending')))
        .returning();
      if (row) await audit(tx);
      return row;
    });
  }

  /** Whether the page has a schedule being run (claimed) at this moment. */
  async hasClaimedSchedule(key: DocumentKey): Promise<boolean> {
    const [row] = await this.db
      .select({ id: contentSchedules.id })
      .from(contentSchedules)
      .where(and(eq(contentSchedules.pageKey, key), eq(contentSchedules.status, 'claimed')));
    return row !== undefined;
  }

  /**
   * Claims the due schedules for `leaseMs` (pending ones whose time came, and claimed ones whose instance died):
   * SKIP LOCKED leaves rows another instance is claiming to it; each claim gets a new token.
   */
  claimDue(leaseMs: number): Promise<ContentScheduleRow[]> {
    const due = this.db
      .select({ id: contentSchedules.id })
      .from(contentSchedules)
      .where(
        or(
          and(eq(contentSchedules.status, 'pending'), lte(contentSchedules.runAt, sql`now()`)),
          and(eq(contentSchedules.status, 'claimed'), lt(contentSchedules.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(contentSchedules.runAt)
      .limit(20)
      .for('update', { skipLocked: true });
    return this.db
      .update(contentSchedules)
      .set({ status: 'claimed', claimToken: sql`gen_random_uuid()`, leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where(inArray(contentSchedules.id, due))
      .returning();
  }

  /**
   * Marks a claimed schedule failed (its version no longer fits the page's rules), with its audit entry, while the
   * claim is still this one's. Answers whether it did.
   */
  async failClaimed(schedule: ContentScheduleRow, audit: InTransaction): Promise<boolean> {
    const token = schedule.claimToken;
    if (token === null) return false;
    return this.db.transaction(async (tx) => {
      const [mine] = await tx
        .update(contentSchedules)
        .set({ status: 'failed', doneAt: sql`now()`, leaseUntil: null })
        .where(and(eq(contentSchedules.id, schedule.id), eq(contentSchedules.status, 'claimed'), eq(contentSchedules.claimToken, token)))
        .returning({ id: contentSchedules.id });
      if (!mine) return false;
      await audit(tx);
      return true;
    });
  }

  /**
   * Runs a claimed schedule: publishes its version and marks it done in one transaction, only while the claim is
   * still this one's (another instance may have taken it over after the lease, or a publish cancelled it). Answers
   * whether it published.
   */
  async runClaimed(schedule: ContentScheduleRow, audit: (tx: AuditExecutor, redirects: PageRedirectChanges) => Promise<void>): Promise<boolean> {
    const token = schedule.claimToken;
    if (token === null) return false;
    return this.db.transaction(async (tx) => {
      await tx.select({ key: contentPages.key }).from(contentPages).where(eq(contentPages.key, schedule.pageKey)).for('update');
      const [mine] = await tx
        .update(contentSchedules)
        .set({ status: 'done', doneAt: sql`now()`, leaseUntil: null })
        .where(and(eq(contentSchedules.id, schedule.id), eq(contentSchedules.status, 'claimed'), eq(contentSchedules.claimToken, token)))
        .returning({ id: contentSchedules.id });
      if (!mine) return false;
      const [version] = await tx.select().from(contentVersions).where(eq(contentVersions.id, schedule.versionId));
      if (!version) return false;
      const redirects = await this.publishVersion(tx, schedule.pageKey, version, schedule.createdByEmail);
      await audit(tx, redirects);
      return true;
    });
  }
}
