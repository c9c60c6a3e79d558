import { isDeepStrictEqual } from 'node:util';
import {
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
  validateContent,
  type ContentFields,
  type ContentKey,
  type ContentPageDetails,
  type ContentPageSummary,
  type ContentVersion,
  type ContentVersionSummary,
} from '@brightwave/common';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { loggableError } from '../common/loggable-error';
import { TtlCache } from '../common/ttl-cache';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { ContentVersionRow } from '../database/schema';
import { MediaService } from '../media/media.service';
import { mediaReferences } from './content-media';
import { signPreview, verifyPreview } from './content-preview';
import { ContentRepository, type ContentAuthor, type ContentPageState } from './content.repository';

/**
 * How long an instance shows published content before it looks again: a publish on another instance reaches its
 * pages within this (the bound is 5 s); the publishing instance shows it at once.
 */
export const PUBLISHED_CONTENT_TTL_MS = 2000;

/** What visitors see: every page's published fields, and a stamp that changes with any publish. */
export interface PublishedContent {
  stamp: string;
  pages: Record<ContentKey, ContentFields>;
}

/**
 * A page's stored fields as this release's spec has them (inSpecOrder): what a later release added taken from the
 * installed texts, older values upgraded, in the spec's order (so that a page renders exactly as the build
 * prerendered the same texts).
 */
export function upgradedFields(key: ContentKey, fields: ContentFields): ContentFields {
  return inSpecOrder(CONTENT_PAGES[key], fields, defaultContentFields(key));
}

const SCHEDULE_MAX_AHEAD_MS = 366 * DAY_MS;

@Injectable()
export class ContentService implements OnApplicationBootstrap {
  private readonly logger = new Logger(ContentService.name);
  private readonly published = new TtlCache<PublishedContent>(PUBLISHED_CONTENT_TTL_MS);

  constructor(
    private readonly repository: ContentRepository,
    private readonly audit: AuditLog,
    private readonly media: MediaService,
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
    const stamps = await this.repository.publishedStamps();
    const stamp = stamps
      .map((row) => `${row.key}:${row.publishedVersionId}`)
      .sort()
      .join(',');
    if (previous?.stamp === stamp) return previous;
    const rows = await this.repository.listPages();
    const pages = Object.fromEntries(
      CONTENT_KEYS.map((key) => {
        const row = rows.find((candidate) => candidate.key === key);
        return [key, row ? upgradedFields(key, row.publishedFields) : defaultContentFields(key)];
      }),
    ) as Record<ContentKey, ContentFields>;
    return { stamp, pages };
  }

  /** This instance shows a publish at once (the render cache compares stamps); others within the time to live. */
  private publishedChanged(): void {
    this.published.clear();
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
    const state = await this.stateOf(key);
    return toDetails(state, await this.failedSchedule(state));
  }

  /** The page's newest schedule when it failed after the last publish, with what does not fit today's rules. */
  private async failedSchedule(state: ContentPageState): Promise<ContentPageDetails['failedSchedule']> {
    const latest = state.latestSchedule;
    if (latest?.status !== 'failed' || !latest.doneAt) return null;
    if (state.page.publishedAt && latest.doneAt <= state.page.publishedAt) return null;
    const key = state.page.key as ContentKey;
    const version = await this.repository.version(key, latest.versionId);
    const errors = version ? await this.ruleErrors(key, upgradedFields(key, version.fields)) : {};
    return { runAt: latest.runAt.toISOString(), failedAt: latest.doneAt.toISOString(), errors };
  }

  /**
   * What does not fit today's rules in a page's fields, by path: the page spec's checks, then the pictures they name
   * (each must still be in the library). Empty when they fit.
   */
  private async ruleErrors(page: ContentKey, fields: unknown): Promise<Record<string, string>> {
    const errors = validateContent(CONTENT_PAGES[page], fields);
    if (Object.keys(errors).length > 0) return errors;
    const unknownPictures = await this.media.unknownReferences(mediaReferences(CONTENT_PAGES[page], fields as ContentFields));
    return Object.fromEntries(unknownPictures.map(({ path }) => [path, MESSAGES.mediaUnknown]));
  }

  /** Refuses (400, the fields named) what does not fit today's rules. */
  private async assertFitsRules(page: ContentKey, fields: unknown, message: string): Promise<void> {
    const errors = await this.ruleErrors(page, fields);
    if (Object.keys(errors).length > 0) throw DomainError.invalid(message, errors);
  }

  async version(key: string, id: string): Promise<ContentVersion> {
    const row = await this.versionOf(key, id);
    return { ...toVersionSummary(row), fields: row.fields };
  }

  /**
   * Saves the draft. With `basedOn` (the draft version the editor loaded), a save over someone else's newer one is
   * refused with a 409, so that nobody's changes are overwritten unseen.
   */
  async saveDraft(key: string, fields: unknown, author: ContentAuthor, basedOn?: string): Promise<ContentPageDetails> {
    const page = this.specOf(key);
    await this.assertFitsRules(page, fields, MESSAGES.contentInvalid);
    const state = await this.stateOf(page);
    const changed = changedSections(state.draft.fields, fields as ContentFields);
    const saved = await this.repository.appendVersion(
      page,
      'draft',
      fields as ContentFields,
      author,
      (tx) => this.audit.record('content.saved', { kind: 'content', id: page }, { sections: changed }, { tx }),
      basedOn,
    );
    if (!saved) throw DomainError.conflict(MESSAGES.contentChangedMeanwhile);
    return this.details(page);
  }

  /**
   * Publishes the draft, if it fits today's rules (a draft saved before an upgrade may not), and cancels the page's
   * open schedule.
   */
  async publishNow(key: string): Promise<{ page: ContentPageDetails; scheduleCancelled: boolean }> {
    const page = this.specOf(key);
    const state = await this.stateOf(page);
    await this.assertFitsRules(page, upgradedFields(page, state.draft.fields), MESSAGES.contentDraftFailsRules);
    let scheduleCancelled = false;
    const published = await this.repository.publishDraft(page, async (tx, versionId, cancelled) => {
      scheduleCancelled = cancelled;
      await this.audit.record('content.published', { kind: 'content', id: page }, { versionId, scheduleCancelled: cancelled }, { tx });
    });
    if (!published) throw DomainError.conflict(MESSAGES.contentNothingToPublish);
    this.publishedChanged();
    return { page: await this.details(page), scheduleCancelled };
  }

  async schedule(key: string, at: unknown, author: ContentAuthor, now = new Date()): Promise<ContentPageDetails> {
    const page = this.specOf(key);
    const runAt = typeof at === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(at) ? new Date(at) : undefined;
    if (!runAt || Number.isNaN(runAt.getTime()) || runAt <= now || runAt.getTime() - now.getTime() > SCHEDULE_MAX_AHEAD_MS) {
      throw DomainError.invalid(MESSAGES.contentScheduleTime, { at: MESSAGES.contentScheduleTime });
    }
    const state = await this.stateOf(page);
    if (state.draft.id === state.page.publishedVersionId) throw DomainError.conflict(MESSAGES.contentNothingToPublish);
    await this.assertFitsRules(page, upgradedFields(page, state.draft.fields), MESSAGES.contentDraftFailsRules);
    const scheduled = await this.repository.schedule(page, state.draft.id, runAt, author, (tx) =>
      this.audit.record('content.scheduled', { kind: 'content', id: page }, { versionId: state.draft.id, runAt: runAt.toISOString() }, { tx }),
    );
    if (!scheduled) throw DomainError.conflict(MESSAGES.contentScheduleBusy);
    return this.details(page);
  }

  async cancelSchedule(key: string): Promise<ContentPageDetails> {
    const page = this.specOf(key);
    const cancelled = await this.repository.cancelSchedule(page, (tx) =>
      this.audit.record('content.schedule_cancelled', { kind: 'content', id: page }, {}, { tx }),
    );
    if (!cancelled) {
      if (await this.repository.hasClaimedSchedule(page)) throw DomainError.conflict(MESSAGES.contentScheduleBusy);
      throw DomainError.conflict(MESSAGES.contentNoSchedule);
    }
    return this.details(page);
  }

  /** Makes an older version the draft, if it fits today's rules (400 naming the fields that do not). */
  async restore(key: string, id: string, author: ContentAuthor): Promise<ContentPageDetails> {
    const page = this.specOf(key);
    const version = await this.versionOf(page, id);
    const fields = upgradedFields(page, version.fields);
    await this.assertFitsRules(page, fields, MESSAGES.contentVersionFailsRules);
    await this.repository.appendVersion(page, 'restore', fields, author, (tx) =>
      this.audit.record('content.restored', { kind: 'content', id: page }, { fromVersionId: id }, { tx }),
    );
    return this.details(page);
  }

  /** A link that shows the page with its current draft to whoever has it, for CONTENT_PREVIEW_MINUTES. */
  async previewLink(key: string, now = new Date()): Promise<{ url: string; expiresAt: string }> {
    const page = this.specOf(key);
    const state = await this.stateOf(page);
    const expiresAt = new Date(now.getTime() + CONTENT_PREVIEW_MINUTES * MINUTE_MS);
    const token = signPreview(this.config.keys.contentPreview, { key: page, versionId: state.draft.id, expiresAt });
    await this.audit.record('content.previewed', { kind: 'content', id: page }, { versionId: state.draft.id });
    return { url: `${CONTENT_PREVIEW_BASE}${page}?token=${encodeURIComponent(token)}`, expiresAt: expiresAt.toISOString() };
  }

  /**
   * The content a preview link shows: the published content with the granted version in place of its page, or
   * undefined when the token is not one of ours, has expired, or names a version that no longer exists.
   */
  async previewContent(key: string, token: unknown): Promise<{ key: ContentKey; pages: Record<ContentKey, ContentFields> } | undefined> {
    const grant = verifyPreview(this.config.keys.contentPreview, token);
    if (!grant || grant.key !== key) return undefined;
    const version = await this.repository.version(grant.key, grant.versionId);
    if (!version) return undefined;
    const { pages } = await this.publishedContent();
    return { key: grant.key, pages: { ...pages, [grant.key]: upgradedFields(grant.key, version.fields) } };
  }

  /**
   * Runs the due schedules this instance could claim (ContentScheduler): answers how many published. A schedule whose
   * version no longer fits today's rules publishes nothing: it is marked failed, with an audit entry naming the
   * fields, and the page's editor shows it.
   */
  async runDueSchedules(leaseMs: number): Promise<number> {
    const claimed = await this.repository.claimDue(leaseMs);
    let published = 0;
    for (const schedule of claimed) {
      const page = schedule.pageKey as ContentKey;
      const version = await this.repository.version(page, schedule.versionId);
      const errors = version ? await this.ruleErrors(page, upgradedFields(page, version.fields)) : {};
      if (Object.keys(errors).length > 0) {
        await this.repository.failClaimed(schedule, (tx) =>
          this.audit.record(
            'content.schedule_failed',
            { kind: 'content', id: page },
            { versionId: schedule.versionId, scheduledFor: schedule.runAt.toISOString(), scheduledBy: schedule.createdByEmail, fields: Object.keys(errors) },
            { tx, admin: null },
          ),
        );
        continue;
      }
      const ran = await this.repository.runClaimed(schedule, (tx) =>
        this.audit.record(
          'content.published',
          { kind: 'content', id: schedule.pageKey },
          { versionId: schedule.versionId, scheduledFor: schedule.runAt.toISOString(), scheduledBy: schedule.createdByEmail },
          { tx, admin: null },
        ),
      );
      if (ran) published += 1;
    }
    if (published > 0) this.publishedChanged();
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

  private async stateOf(key: string): Promise<ContentPageState> {
    const state = await this.repository.state(this.specOf(key));
    if (!state) throw DomainError.notFound(MESSAGES.contentPageNotFound);
    return state;
  }

  private async versionOf(key: string, id: string): Promise<ContentVersionRow> {
    const page = this.specOf(key);
    const row = isId(id) ? await this.repository.version(page, id) : undefined;
    if (!row) throw DomainError.notFound(MESSAGES.contentVersionNotFound);
    return row;
  }
}

/** The sections whose values differ (the audit entry names them, not the texts). */
function changedSections(before: ContentFields, after: ContentFields): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => !isDeepStrictEqual(before[key], after[key]));
}

function toVersionSummary(row: Omit<ContentVersionRow, 'fields'>): ContentVersionSummary {
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
    draft: upgradedFields(key, state.draft.fields),
    published: upgradedFields(key, state.page.publishedFields),
    draftVersionId: state.draft.id,
    scheduledVersionId: state.schedule?.versionId ?? null,
    failedSchedule,
    versions: state.versions.map(toVersionSummary),
  };
}
