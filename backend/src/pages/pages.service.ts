import { randomUUID } from 'node:crypto';
import {
  BUILT_PAGE_MESSAGES,
  MESSAGES,
  NAV_PAGES_MAX,
  builtPagePath,
  newBuiltPage,
  type BuiltPageDetails,
  type BuiltPageDocument,
  type BuiltPageStatus,
  type BuiltPageSummary,
  type PageNav,
} from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import type { ContentAuthor } from '../content/content.repository';
import { BUILT_PAGE_PREVIEW_BASE } from '../content/content-preview';
import { ContentService } from '../content/content.service';
import { DocumentPublishing, publishingStateOf } from '../content/document-publishing';
import { builtPageKey } from '../content/document-keys';
import type { BuiltPageRow } from '../database/schema';
import { PagesRepository, type LivePageRow } from './pages.repository';

/**
 * Pages built from blocks (docs/features/built-pages.md). Their documents are content documents (`page:<id>`):
 * ContentService keeps their drafts, versions, schedules, previews and rules, exactly as for the site's pages; here is
 * what only a built page has: being created and deleted, its path, its place in the navigation.
 */
@Injectable()
export class PagesService {
  /** Saving, publishing now or at a time, preview, versions and restore of a page's document. */
  readonly documents: DocumentPublishing<BuiltPageDetails, BuiltPageDocument>;

  constructor(
    private readonly repository: PagesRepository,
    private readonly content: ContentService,
    private readonly audit: AuditLog,
  ) {
    this.documents = new DocumentPublishing(content, {
      keyOf: builtPageKey,
      previewBase: BUILT_PAGE_PREVIEW_BASE,
      assertLive: (id) => this.liveOf(id),
      details: (id) => this.details(id),
    });
  }

  async list(): Promise<BuiltPageSummary[]> {
    const rows = await this.repository.summaries();
    return rows.map((row) => ({
      _id: row.page.id,
      title: row.title,
      slug: row.slug,
      path: builtPagePath(row.slug),
      status: statusOf(row.publishedVersionId, row.scheduledAt),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      updatedAt: latest(row.savedAt, row.page.updatedAt).toISOString(),
      nav: navOf(row.page),
    }));
  }

  /** A new page: a draft with its title and slug, not public until published. */
  async create(title: string, slug: string, author: ContentAuthor): Promise<BuiltPageDetails> {
    const id = randomUUID();
    const document = newBuiltPage(title, slug);
    const errors = await this.content.newBuiltPageErrors(id, document);
    if (Object.keys(errors).length > 0) throw DomainError.invalid(MESSAGES.contentInvalid, errors);
    await this.repository.create(id, document, author, (tx) => this.audit.record('page.created', { kind: 'page', id }, { title, slug }, { tx }));
    return this.details(id);
  }

  async details(id: string): Promise<BuiltPageDetails> {
    const row = await this.liveOf(id);
    const { state, failedSchedule } = await this.content.documentState(builtPageKey(id));
    const draft = state.draft.fields as BuiltPageDocument;
    return {
      _id: id,
      title: draft.title,
      slug: draft.slug,
      path: builtPagePath(draft.slug),
      status: statusOf(row.publishedVersionId, state.schedule?.runAt ?? null),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      scheduledAt: state.schedule?.runAt.toISOString() ?? null,
      updatedAt: latest(state.draft.createdAt, row.page.updatedAt).toISOString(),
      nav: navOf(row.page),
      ...publishingStateOf<BuiltPageDocument>(state, failedSchedule),
      publishedPath: row.publishedVersionId ? row.page.path : null,
    };
  }

  /** The page leaves the site (and its navigation); its published path answers 410 from now on. */
  async delete(id: string): Promise<void> {
    if (!isId(id)) throw DomainError.notFound(BUILT_PAGE_MESSAGES.notFound);
    const deleted = await this.repository.delete(id, (tx, path) => this.audit.record('page.deleted', { kind: 'page', id }, { path }, { tx }));
    if (!deleted) throw DomainError.notFound(BUILT_PAGE_MESSAGES.notFound);
    this.content.publishedChanged();
  }

  /** Places a published page's link in the header or footer navigation (or takes it out: `none`). */
  async setNav(id: string, nav: PageNav): Promise<BuiltPageDetails> {
    const row = await this.liveOf(id);
    if (!row.publishedVersionId) throw DomainError.conflict(BUILT_PAGE_MESSAGES.navNotPublished);
    if (nav.placement !== 'none' && (await this.repository.navCount(nav.placement, id)) >= NAV_PAGES_MAX[nav.placement]) {
      const message = BUILT_PAGE_MESSAGES.navFull(nav.placement);
      throw DomainError.invalid(message, { placement: message });
    }
    await this.repository.setNav(id, nav, (tx) => this.audit.record('page.nav_changed', { kind: 'page', id }, { from: navOf(row.page), to: nav }, { tx }));
    this.content.publishedChanged();
    return this.details(id);
  }

  private async liveOf(id: string): Promise<LivePageRow> {
    const row = isId(id) ? await this.repository.find(id) : undefined;
    if (!row) throw DomainError.notFound(BUILT_PAGE_MESSAGES.notFound);
    return row;
  }
}

function statusOf(publishedVersionId: string | null, scheduledAt: Date | null): BuiltPageStatus {
  if (scheduledAt) return 'scheduled';
  return publishedVersionId ? 'published' : 'draft';
}

const navOf = (page: BuiltPageRow): PageNav => ({ placement: page.navPlacement, label: page.navLabel, order: page.navOrder });

const latest = (a: Date, b: Date): Date => (a > b ? a : b);
