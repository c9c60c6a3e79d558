import { isDeepStrictEqual } from 'node:util';
import {
  BUILT_PAGE_MESSAGES,
  CASE_STUDY_MESSAGES,
  CONTENT_KEYS,
  CONTENT_PAGES,
  CONTENT_PREVIEW_BASE,
  CONTENT_PREVIEW_MINUTES,
  MESSAGES,
  MINUTE_MS,
  DAY_MS,
  defaultContentFields,
  inSpecOrder,
  isContentKey,
  builtPagePath,
  validateBuiltPage,
  validateCaseStudy,
  validateContent,
  validatePost,
  POST_MESSAGES,
  postPath,
  type PostDocument,
  type AuditAction,
  type BuiltPageDocument,
  type CaseStudyDocument,
  type ContentFields,
  type ContentKey,
  type ContentPageDetails,
  type ContentPageSummary,
  type ContentVersion,
  type ContentVersionSummary,
  type NavPageLink,
} from '@brightwave/common';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { loggableError } from '../common/loggable-error';
import { TtlCache } from '../common/ttl-cache';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { AuditTarget } from '../audit/audit-log';
import type { AuditExecutor } from '../audit/audit.repository';
import type { ContentDocument, ContentVersionRow } from '../database/schema';
import type { PageRedirectChanges } from '../redirects/page-redirects';
import { RedirectsService } from '../redirects/redirects.service';
import { MediaService, type MediaReference } from '../media/media.service';
import { builtPageMediaReferences, caseStudyMediaReferences, mediaReferences } from './content-media';
import { signPreview, verifyPreview } from './content-preview';
import { ContentRepository, type ContentAuthor, type ContentPageState } from './content.repository';
import { postMediaReferences } from '../posts/post-documents';
import {
  builtPageIdOf,
  builtPageKey,
  caseStudyIdOf,
  caseStudyKey,
  isBuiltPageKey,
  isCaseStudyKey,
  isPostKey,
  postIdOf,
  postKey,
  type BuiltPageKey,
  type DocumentKey,
  type PostKey,
} from './document-keys';

/**
 * How long an instance shows published content before it looks again: a publish on another instance reaches its
 * pages within this (the bound is 5 s); the publishing instance shows it at once.
 */
export const PUBLISHED_CONTENT_TTL_MS = 2000;

/** A built page as visitors see it: its published document at its path. */
export interface PublishedBuiltPage {
  id: string;
  path: string;
  document: BuiltPageDocument;
  publishedAt: string;
}

/** A portfolio item's published case study (its page shows the item's fields with it: docs/features/case-studies.md). */
export interface PublishedCaseStudy {
  document: CaseStudyDocument;
  publishedAt: string;
}

/** A published news post (docs/features/news.md): its copy, its address, its first publish and its last. */
export interface PublishedPost {
  id: string;
  path: string;
  document: PostDocument;
  publishedAt: string;
  updatedAt: string;
}

/**
 * What visitors see: every site page's published fields, the published built pages by path, the paths of deleted
 * ones (410), the built pages placed in the navigation, the published case studies by portfolio item id, and a stamp
 * that changes with any of them.
 */
export interface PublishedContent {
  stamp: string;
  pages: Record<ContentKey, ContentFields>;
  builtPages: ReadonlyMap<string, PublishedBuiltPage>;
  /** The addresses that answer 410: deleted built pages', case studies' and posts'. */
  gonePaths: ReadonlySet<string>;
  /** In the header or footer, by order then label (every page of the site renders them). */
  navPages: NavPageLink[];
  caseStudies: ReadonlyMap<string, PublishedCaseStudy>;
  /** The published posts, the newest first. */
  posts: readonly PublishedPost[];
}

/**
 * A page's stored fields as this release's spec has them (inSpecOrder): what a later release added taken from the
 * installed texts, older values upgraded, in the spec's order (so that a page renders exactly as the build
 * prerendered the same texts).
 */
export function upgradedFields(key: ContentKey, fields: ContentFields): ContentFields {
  return inSpecOrder(CONTENT_PAGES[key], fields, defaultContentFields(key));
}

/** A stored document as this release reads it: a site page's upgraded fields, another document as it is. */
function upgradedDocument(key: DocumentKey, document: ContentDocument): ContentDocument {
  return isContentKey(key) ? upgradedFields(key, document as ContentFields) : document;
}

/**
 * Where a document's audit entries go: `content.saved` on the page key, `page.saved` on the built page's id,
 * `case_study.saved` on the portfolio item's id.
 */
function auditOf(key: DocumentKey): { prefix: 'content' | 'page' | 'case_study' | 'post'; target: AuditTarget } {
  if (isPostKey(key)) return { prefix: 'post', target: { kind: 'post', id: postIdOf(key) } };
  if (isBuiltPageKey(key)) return { prefix: 'page', target: { kind: 'page', id: builtPageIdOf(key) } };
  if (isCaseStudyKey(key)) return { prefix: 'case_study', target: { kind: 'portfolio', id: caseStudyIdOf(key) } };
  return { prefix: 'content', target: { kind: 'content', id: key } };
}

function notFoundMessage(key: DocumentKey): string {
  if (isPostKey(key)) return POST_MESSAGES.notFound;
  if (isBuiltPageKey(key)) return BUILT_PAGE_MESSAGES.notFound;
  return isCaseStudyKey(key) ? MESSAGES.portfolioNotFound : MESSAGES.contentPageNotFound;
}

const SCHEDULE_MAX_AHEAD_MS = 366 * DAY_MS;

/**
 * The site's documents (docs/features/site-content.md, docs/features/built-pages.md): the nine site pages and the pages
 * built from blocks share their drafts, versions, schedules, previews and published copies here; only their rules
 * differ (validateContent against a page's spec, validateBuiltPage and the slug's owner for a built page). The
 * content API answers the nine pages (ContentController); PagesService adds what only built pages have.
 */
@Injectable()
export class ContentService implements OnApplicationBootstrap {
  private readonly logger = new Logger(ContentService.name);
  private readonly published = new TtlCache<PublishedContent>(PUBLISHED_CONTENT_TTL_MS);

  constructor(
    private readonly repository: ContentRepository,
    private readonly audit: AuditLog,
    private readonly media: MediaService,
    private readonly redirects: RedirectsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A fresh install starts with today's texts; a release that adds a page adds its seed. */
  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.seed();
    } catch (error) {
      // The site still shows the built-in texts; the next start seeds again.
      this.logger.error(`the site content could not be seeded: ${loggableError(error)}`);
    }
  }

  async seed(): Promise<ContentKey[]> {
    return this.repository.seedMissing(CONTENT_KEYS.map((key) => ({ key, fields: defaultContentFields(key) })));
  }

  /** The published content, looked up at most every PUBLISHED_CONTENT_TTL_MS. */
  publishedContent(): Promise<PublishedContent> {
    return this.published.get(() => this.loadPublished());
  }

  /** The published content while it is fresh, else undefined (the caller then waits for publishedContent()). */
  freshPublishedContent(): PublishedContent | undefined {
    return this.published.fresh();
  }

  private async loadPublished(): Promise<PublishedContent> {
    const previous = this.published.fresh();
    const [stamps, builtRows, postRows, goneRows] = await Promise.all([
      this.repository.publishedStamps(),
      this.repository.builtPageStamps(),
      this.repository.publishedPostRows(),
      this.repository.gonePaths(),
    ]);
    const contentStamp = stamps
      .map((row) => `${row.key}:${row.publishedVersionId}`)
      .sort()
      .join(',');
    // A built page's navigation and deletion change the site's pages as a publish does.
    const builtStamp = JSON.stringify(
      builtRows.map(({ page, publishedVersionId }) => [
        page.id,
        publishedVersionId,
        page.path,
        page.deletedAt !== null,
        page.navPlacement,
        page.navOrder,
        page.navLabel,
      ]),
    );
    // A deleted case study or post changes what its address answers (410).
    const stamp = `${contentStamp}|${builtStamp}|${goneRows.join(',')}`;
    if (previous?.stamp === stamp) return previous;
    const rows = await this.repository.listPages();
    const pages = Object.fromEntries(
      CONTENT_KEYS.map((key) => {
        const row = rows.find((candidate) => candidate.key === key);
        return [key, row?.publishedFields ? upgradedFields(key, row.publishedFields as ContentFields) : defaultContentFields(key)];
      }),
    ) as Record<ContentKey, ContentFields>;
    const builtPages = new Map<string, PublishedBuiltPage>();
    const navPages: (NavPageLink & { order: number })[] = [];
    for (const { page } of builtRows) {
      const row = page.deletedAt === null && page.path !== null ? rows.find((candidate) => candidate.key === page.contentKey) : undefined;
      if (!row?.publishedFields || !page.path) continue;
      const document = row.publishedFields as BuiltPageDocument;
      builtPages.set(page.path, { id: page.id, path: page.path, document, publishedAt: (row.publishedAt ?? page.updatedAt).toISOString() });
      if (page.navPlacement !== 'none') {
        navPages.push({ path: page.path, label: page.navLabel || document.title, placement: page.navPlacement, order: page.navOrder });
      }
    }
    const gonePaths = new Set([
      ...builtRows.flatMap(({ page }) => (page.deletedAt !== null && page.path !== null && !builtPages.has(page.path) ? [page.path] : [])),
      // A live case study or post at the address answers before this is asked (rendered-pages.ts).
      ...goneRows,
    ]);
    navPages.sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));
    const caseStudies = new Map<string, PublishedCaseStudy>();
    for (const row of rows) {
      if (!isCaseStudyKey(row.key) || !row.publishedFields) continue;
      caseStudies.set(caseStudyIdOf(row.key), {
        document: row.publishedFields as CaseStudyDocument,
        publishedAt: (row.publishedAt ?? row.updatedAt).toISOString(),
      });
    }
    // A post's copy is its document's; its date, its row's (a publish changes both, so the stamp covers it).
    const posts = postRows.flatMap(({ id, contentKey, publishedAt }) => {
      const row = rows.find((candidate) => candidate.key === contentKey);
      if (!row?.publishedFields || !publishedAt) return [];
      const document = row.publishedFields as PostDocument;
      return [
        { id, path: postPath(document.slug), document, publishedAt: publishedAt.toISOString(), updatedAt: (row.publishedAt ?? publishedAt).toISOString() },
      ];
    });
    posts.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.id.localeCompare(b.id));
    return {
      stamp,
      pages,
      builtPages,
      gonePaths,
      navPages: navPages.map(({ path, label, placement }) => ({ path, label, placement })),
      caseStudies,
      posts,
    };
  }

  /** This instance shows a publish at once (the render cache compares stamps); others within the time to live. */
  publishedChanged(): void {
    this.published.clear();
  }

  /** The audit entries of what a built page's publish did to the redirects, in its transaction. */
  private async auditRedirectChanges(tx: AuditExecutor, changes: PageRedirectChanges, options: { admin?: null }): Promise<void> {
    for (const row of changes.removed) {
      await this.audit.record(
        'redirect.deleted',
        { kind: 'redirect', id: row.id },
        { from: row.fromPath, to: row.to, reason: 'a page took its address' },
        { tx, ...options },
      );
    }
    if (changes.created) {
      const { id, fromPath, to, status } = changes.created;
      await this.audit.record(
        'redirect.created',
        { kind: 'redirect', id },
        { from: fromPath, to, status, source: 'page', repointed: changes.repointed.map((row) => row.fromPath) },
        { tx, ...options },
      );
    }
  }

  async summaries(): Promise<ContentPageSummary[]> {
    const rows = await this.repository.summaries();
    return CONTENT_KEYS.flatMap((key) => {
      const row = rows.find((candidate) => candidate.page.key === key);
      if (!row) return [];
      return [
        {
          key,
          title: CONTENT_PAGES[key].title,
          hasDraft: row.draftId !== row.page.publishedVersionId,
          publishedAt: row.page.publishedAt?.toISOString() ?? null,
          scheduledAt: row.scheduledAt?.toISOString() ?? null,
        },
      ];
    });
  }

  async details(key: string): Promise<ContentPageDetails> {
    const { state, failedSchedule } = await this.documentState(this.specOf(key));
    return toDetails(state, failedSchedule);
  }

  /** A document's state for its editor: its rows, and its newest schedule when that failed after the last publish. */
  async documentState(key: DocumentKey): Promise<{ state: ContentPageState; failedSchedule: ContentPageDetails['failedSchedule'] }> {
    const state = await this.stateOf(key);
    return { state, failedSchedule: await this.failedSchedule(key, state) };
  }

  /** The page's newest schedule when it failed after the last publish, with what does not fit today's rules. */
  private async failedSchedule(key: DocumentKey, state: ContentPageState): Promise<ContentPageDetails['failedSchedule']> {
    const latest = state.latestSchedule;
    if (latest?.status !== 'failed' || !latest.doneAt) return null;
    if (state.page.publishedAt && latest.doneAt <= state.page.publishedAt) return null;
    const version = await this.repository.version(key, latest.versionId);
    const errors = version ? await this.ruleErrors(key, upgradedDocument(key, version.fields)) : {};
    return { runAt: latest.runAt.toISOString(), failedAt: latest.doneAt.toISOString(), errors };
  }

  /**
   * What does not fit today's rules in a document, by path: a site page's spec, or a built page's blocks and the
   * owner of its path; then the pictures it names (each must still be in the library). Empty when it fits.
   */
  private async ruleErrors(key: DocumentKey, document: unknown): Promise<Record<string, string>> {
    if (isBuiltPageKey(key)) return this.builtPageRuleErrors(key, document);
    if (isCaseStudyKey(key)) return this.caseStudyRuleErrors(document);
    if (isPostKey(key)) return this.postRuleErrors(key, document);
    const errors = validateContent(CONTENT_PAGES[key], document);
    if (Object.keys(errors).length > 0) return errors;
    return this.unknownPictures(mediaReferences(CONTENT_PAGES[key], document as ContentFields));
  }

  /** validateBuiltPage, then: no other live page answers (or will answer) at its path, and its pictures exist. */
  private async builtPageRuleErrors(key: BuiltPageKey, document: unknown): Promise<Record<string, string>> {
    const errors = validateBuiltPage(document);
    if (Object.keys(errors).length > 0) return errors;
    const page = document as BuiltPageDocument;
    const path = builtPagePath(page.slug);
    const owner = (await this.repository.livePagePaths()).find((other) => other.key !== key && (other.draftPath === path || other.publishedPath === path));
    if (owner) return { slug: BUILT_PAGE_MESSAGES.slugTaken(`the page “${owner.title}”`) };
    const unknownCaseStudies = await this.unknownChosenCaseStudies(page);
    if (Object.keys(unknownCaseStudies).length > 0) return unknownCaseStudies;
    return this.unknownPictures(builtPageMediaReferences(page));
  }

  /** A "Case studies" block's chosen addresses that no portfolio item has, by path (`blocks.3.chosen.1`). */
  private async unknownChosenCaseStudies(page: BuiltPageDocument): Promise<Record<string, string>> {
    const chosen = page.blocks.flatMap((block, index) =>
      block.type === 'caseStudies' ? block.chosen.map((slug, at) => ({ slug, path: `blocks.${index}.chosen.${at}` })) : [],
    );
    const known = await this.repository.caseStudySlugs(chosen.map(({ slug }) => slug));
    return Object.fromEntries(chosen.filter(({ slug }) => !known.has(slug)).map(({ path }) => [path, BUILT_PAGE_MESSAGES.unknownCaseStudy]));
  }

  /**
   * validateCaseStudy, then: each service is a card of the published Services page, and its pictures exist. (Its
   * address is the portfolio item's, checked where it changes: PortfolioService.)
   */
  async caseStudyRuleErrors(document: unknown): Promise<Record<string, string>> {
    const errors = validateCaseStudy(document);
    if (Object.keys(errors).length > 0) return errors;
    const caseStudy = document as CaseStudyDocument;
    const cards = (await this.publishedContent()).pages.services.offer?.cards;
    const anchors = new Set(Array.isArray(cards) ? cards.map((card) => (card as { anchor?: unknown }).anchor) : []);
    caseStudy.services.forEach((service, index) => {
      if (!anchors.has(service)) errors[`services.${index}`] = CASE_STUDY_MESSAGES.unknownService;
    });
    if (Object.keys(errors).length > 0) return errors;
    return this.unknownPictures(caseStudyMediaReferences(caseStudy));
  }

  /** validatePost, then: no other post answers (or will answer) at its address, and its pictures exist. */
  private async postRuleErrors(key: PostKey, document: unknown): Promise<Record<string, string>> {
    const errors = validatePost(document);
    if (Object.keys(errors).length > 0) return errors;
    const post = document as PostDocument;
    const owner = await this.repository.postSlugOwner(key, post.slug);
    if (owner !== undefined) return { slug: POST_MESSAGES.slugTaken(owner) };
    return this.unknownPictures(postMediaReferences(post));
  }

  /** The errors of a new post's document (PostsService checks it before creating the post). */
  newPostErrors(id: string, document: PostDocument): Promise<Record<string, string>> {
    return this.postRuleErrors(postKey(id), document);
  }

  private async unknownPictures(references: MediaReference[]): Promise<Record<string, string>> {
    const unknown = await this.media.unknownReferences(references);
    return Object.fromEntries(unknown.map(({ path }) => [path, MESSAGES.mediaUnknown]));
  }

  /** Refuses (400, the fields named) what does not fit today's rules. */
  private async assertFitsRules(key: DocumentKey, document: unknown, message: string): Promise<void> {
    const errors = await this.ruleErrors(key, document);
    if (Object.keys(errors).length > 0) throw DomainError.invalid(message, errors);
  }

  /** The errors of a new built page's document (PagesService checks it before creating the page). */
  newBuiltPageErrors(id: string, document: BuiltPageDocument): Promise<Record<string, string>> {
    return this.builtPageRuleErrors(builtPageKey(id), document);
  }

  async version(key: string, id: string): Promise<ContentVersion> {
    const row = await this.versionOf(this.specOf(key), id);
    return { ...toVersionSummary(row), fields: row.fields as ContentFields };
  }

  /** One version of a document (404 when the document or the version does not exist). */
  async versionOf(key: DocumentKey, id: string): Promise<ContentVersionRow> {
    const row = isId(id) ? await this.repository.version(key, id) : undefined;
    if (!row) {
      await this.stateOf(key);
      throw DomainError.notFound(MESSAGES.contentVersionNotFound);
    }
    return row;
  }

  /**
   * Saves the draft. With `basedOn` (the draft version the editor loaded), a save over someone else's newer one is
   * refused with a 409, so that nobody's changes are overwritten unseen.
   */
  async saveDraft(key: string, fields: unknown, author: ContentAuthor, basedOn?: string): Promise<ContentPageDetails> {
    const page = this.specOf(key);
    await this.saveDocument(page, fields, author, basedOn);
    return this.details(page);
  }

  async saveDocument(key: DocumentKey, document: unknown, author: ContentAuthor, basedOn?: string): Promise<void> {
    await this.assertFitsRules(key, document, MESSAGES.contentInvalid);
    const state = await this.stateOf(key);
    const changed = changedSections(state.draft.fields, document as ContentDocument);
    const { prefix, target } = auditOf(key);
    const saved = await this.repository.appendVersion(
      key,
      'draft',
      document as ContentDocument,
      author,
      (tx) => this.audit.record(`${prefix}.saved`, target, isBuiltPageKey(key) || isPostKey(key) ? { fields: changed } : { sections: changed }, { tx }),
      basedOn,
    );
    if (!saved) throw DomainError.conflict(MESSAGES.contentChangedMeanwhile);
  }

  /**
   * Publishes the draft, if it fits today's rules (a draft saved before an upgrade may not), and cancels the page's
   * open schedule.
   */
  async publishNow(key: string): Promise<{ page: ContentPageDetails; scheduleCancelled: boolean }> {
    const page = this.specOf(key);
    const scheduleCancelled = await this.publishDocumentNow(page);
    return { page: await this.details(page), scheduleCancelled };
  }

  /**
   * Publishes a document's draft now: answers whether that cancelled its schedule. The author is named on the
   * redirect a built page's changed path leaves behind.
   */
  async publishDocumentNow(key: DocumentKey, author: ContentAuthor = { id: null, email: null }): Promise<boolean> {
    const state = await this.stateOf(key);
    await this.assertFitsRules(key, upgradedDocument(key, state.draft.fields), MESSAGES.contentDraftFailsRules);
    let scheduleCancelled = false;
    const { prefix, target } = auditOf(key);
    const published = await this.repository.publishDraft(key, author, async (tx, versionId, cancelled, redirects) => {
      scheduleCancelled = cancelled;
      await this.audit.record(`${prefix}.published`, target, { versionId, scheduleCancelled: cancelled }, { tx });
      await this.auditRedirectChanges(tx, redirects, {});
    });
    if (!published) throw DomainError.conflict(MESSAGES.contentNothingToPublish);
    this.publishedChanged();
    this.redirects.changed();
    return scheduleCancelled;
  }

  async schedule(key: string, at: unknown, author: ContentAuthor, now = new Date()): Promise<ContentPageDetails> {
    const page = this.specOf(key);
    await this.scheduleDocument(page, at, author, now);
    return this.details(page);
  }

  async scheduleDocument(key: DocumentKey, at: unknown, author: ContentAuthor, now = new Date()): Promise<void> {
    const runAt = typeof at === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(at) ? new Date(at) : undefined;
    if (!runAt || Number.isNaN(runAt.getTime()) || runAt <= now || runAt.getTime() - now.getTime() > SCHEDULE_MAX_AHEAD_MS) {
      throw DomainError.invalid(MESSAGES.contentScheduleTime, { at: MESSAGES.contentScheduleTime });
    }
    const state = await this.stateOf(key);
    if (state.draft.id === state.page.publishedVersionId) throw DomainError.conflict(MESSAGES.contentNothingToPublish);
    await this.assertFitsRules(key, upgradedDocument(key, state.draft.fields), MESSAGES.contentDraftFailsRules);
    const { prefix, target } = auditOf(key);
    const scheduled = await this.repository.schedule(key, state.draft.id, runAt, author, (tx) =>
      this.audit.record(`${prefix}.scheduled`, target, { versionId: state.draft.id, runAt: runAt.toISOString() }, { tx }),
    );
    if (!scheduled) throw DomainError.conflict(MESSAGES.contentScheduleBusy);
  }

  async cancelSchedule(key: string): Promise<ContentPageDetails> {
    const page = this.specOf(key);
    await this.cancelDocumentSchedule(page);
    return this.details(page);
  }

  async cancelDocumentSchedule(key: DocumentKey): Promise<void> {
    const { prefix, target } = auditOf(key);
    const cancelled = await this.repository.cancelSchedule(key, (tx) => this.audit.record(`${prefix}.schedule_cancelled`, target, {}, { tx }));
    if (!cancelled) {
      if (await this.repository.hasClaimedSchedule(key)) throw DomainError.conflict(MESSAGES.contentScheduleBusy);
      throw DomainError.conflict(MESSAGES.contentNoSchedule);
    }
  }

  /** Makes an older version the draft, if it fits today's rules (400 naming the fields that do not). */
  async restore(key: string, id: string, author: ContentAuthor): Promise<ContentPageDetails> {
    const page = this.specOf(key);
    await this.restoreDocument(page, id, author);
    return this.details(page);
  }

  async restoreDocument(key: DocumentKey, id: string, author: ContentAuthor): Promise<void> {
    const version = await this.versionOf(key, id);
    const document = upgradedDocument(key, version.fields);
    await this.assertFitsRules(key, document, MESSAGES.contentVersionFailsRules);
    const { prefix, target } = auditOf(key);
    await this.repository.appendVersion(key, 'restore', document, author, (tx) =>
      this.audit.record(`${prefix}.restored`, target, { fromVersionId: id }, { tx }),
    );
  }

  /** A link that shows the page with its current draft to whoever has it, for CONTENT_PREVIEW_MINUTES. */
  async previewLink(key: string, now = new Date()): Promise<{ url: string; expiresAt: string }> {
    const page = this.specOf(key);
    const { token, expiresAt } = await this.previewGrant(page, now);
    return { url: `${CONTENT_PREVIEW_BASE}${page}?token=${encodeURIComponent(token)}`, expiresAt };
  }

  /** The signed token of a preview of a document's current draft (audited as `…previewed`), and when it expires. */
  async previewGrant(key: DocumentKey, now = new Date()): Promise<{ token: string; expiresAt: string }> {
    const state = await this.stateOf(key);
    const expiresAt = new Date(now.getTime() + CONTENT_PREVIEW_MINUTES * MINUTE_MS);
    const token = signPreview(this.config.keys.contentPreview, { key, versionId: state.draft.id, expiresAt });
    const { prefix, target } = auditOf(key);
    await this.audit.record(`${prefix}.previewed` satisfies AuditAction, target, { versionId: state.draft.id });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  /**
   * The content a preview link shows: the published content with the granted version in place of its page, or
   * undefined when the token is not one of ours, has expired, or names a version that no longer exists.
   */
  async previewContent(key: string, token: unknown): Promise<{ key: ContentKey; pages: Record<ContentKey, ContentFields> } | undefined> {
    const grant = verifyPreview(this.config.keys.contentPreview, token);
    if (!grant || grant.key !== key || !isContentKey(grant.key)) return undefined;
    const version = await this.repository.version(grant.key, grant.versionId);
    if (!version) return undefined;
    const { pages } = await this.publishedContent();
    return { key: grant.key, pages: { ...pages, [grant.key]: upgradedFields(grant.key, version.fields as ContentFields) } };
  }

  /** The draft a built page's preview link shows, with the published content around it; undefined as previewContent. */
  async previewBuiltPage(id: string, token: unknown): Promise<{ document: BuiltPageDocument; content: PublishedContent } | undefined> {
    const grant = verifyPreview(this.config.keys.contentPreview, token);
    if (!grant || grant.key !== builtPageKey(id)) return undefined;
    const version = await this.repository.version(grant.key, grant.versionId);
    if (!version) return undefined;
    return { document: version.fields as BuiltPageDocument, content: await this.publishedContent() };
  }

  /** The draft a case study's preview link shows, with the published content around it; undefined as previewContent. */
  async previewCaseStudy(id: string, token: unknown): Promise<{ document: CaseStudyDocument; content: PublishedContent } | undefined> {
    const grant = verifyPreview(this.config.keys.contentPreview, token);
    if (!grant || grant.key !== caseStudyKey(id)) return undefined;
    const version = await this.repository.version(grant.key, grant.versionId);
    if (!version) return undefined;
    return { document: version.fields as CaseStudyDocument, content: await this.publishedContent() };
  }

  /** The draft a post's preview link shows, with the published content around it; undefined as previewContent. */
  async previewPost(id: string, token: unknown): Promise<{ document: PostDocument; content: PublishedContent } | undefined> {
    const grant = verifyPreview(this.config.keys.contentPreview, token);
    if (!grant || grant.key !== postKey(id)) return undefined;
    const version = await this.repository.version(grant.key, grant.versionId);
    if (!version) return undefined;
    return { document: version.fields as PostDocument, content: await this.publishedContent() };
  }

  /**
   * Runs the due schedules this instance could claim (ContentScheduler), of site pages and built pages alike: answers
   * how many published. A schedule whose version no longer fits today's rules publishes nothing: it is marked failed,
   * with an audit entry naming the fields, and the page's editor shows it.
   */
  async runDueSchedules(leaseMs: number): Promise<number> {
    const claimed = await this.repository.claimDue(leaseMs);
    let published = 0;
    for (const schedule of claimed) {
      const key = schedule.pageKey as DocumentKey;
      const { prefix, target } = auditOf(key);
      const version = await this.repository.version(key, schedule.versionId);
      const errors = version ? await this.ruleErrors(key, upgradedDocument(key, version.fields)) : {};
      if (Object.keys(errors).length > 0) {
        await this.repository.failClaimed(schedule, (tx) =>
          this.audit.record(
            `${prefix}.schedule_failed`,
            target,
            { versionId: schedule.versionId, scheduledFor: schedule.runAt.toISOString(), scheduledBy: schedule.createdByEmail, fields: Object.keys(errors) },
            { tx, admin: null },
          ),
        );
        continue;
      }
      const ran = await this.repository.runClaimed(schedule, async (tx, redirects) => {
        await this.audit.record(
          `${prefix}.published`,
          target,
          { versionId: schedule.versionId, scheduledFor: schedule.runAt.toISOString(), scheduledBy: schedule.createdByEmail },
          { tx, admin: null },
        );
        await this.auditRedirectChanges(tx, redirects, { admin: null });
      });
      if (ran) published += 1;
    }
    if (published > 0) {
      this.publishedChanged();
      this.redirects.changed();
    }
    return published;
  }

  /** The published content of one page, for the site's client-side navigation. */
  async publishedPage(key: string): Promise<ContentFields> {
    if (!isContentKey(key)) throw DomainError.notFound(MESSAGES.contentPageNotFound);
    return (await this.publishedContent()).pages[key];
  }

  private specOf(key: string): ContentKey {
    if (!isContentKey(key)) throw DomainError.notFound(MESSAGES.contentPageNotFound);
    return key;
  }

  private async stateOf(key: DocumentKey): Promise<ContentPageState> {
    const state = await this.repository.state(key);
    if (!state) throw DomainError.notFound(notFoundMessage(key));
    return state;
  }
}

/** The sections whose values differ (the audit entry names them, not the texts). */
function changedSections(before: ContentDocument, after: ContentDocument): string[] {
  const [from, to] = [before as Record<string, unknown>, after as Record<string, unknown>];
  const keys = new Set([...Object.keys(from), ...Object.keys(to)]);
  return [...keys].filter((key) => !isDeepStrictEqual(from[key], to[key]));
}

export function toVersionSummary(row: Omit<ContentVersionRow, 'fields'>): ContentVersionSummary {
  return {
    _id: row.id,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    author: row.authorEmail,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

function toDetails(state: ContentPageState, failedSchedule: ContentPageDetails['failedSchedule']): ContentPageDetails {
  const key = state.page.key as ContentKey;
  return {
    key,
    title: CONTENT_PAGES[key].title,
    hasDraft: state.draft.id !== state.page.publishedVersionId,
    publishedAt: state.page.publishedAt?.toISOString() ?? null,
    scheduledAt: state.schedule?.runAt.toISOString() ?? null,
    draft: upgradedFields(key, state.draft.fields as ContentFields),
    published: upgradedFields(key, state.page.publishedFields as ContentFields),
    draftVersionId: state.draft.id,
    scheduledVersionId: state.schedule?.versionId ?? null,
    failedSchedule,
    versions: state.versions.map(toVersionSummary),
  };
}
