import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  POST_MESSAGES,
  POST_PREVIEW_BASE,
  newPost,
  postPath,
  type PostDetails,
  type PostDocument,
  type PostStatus,
  type PostSummary,
  type PostsPage,
} from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import type { ContentAuthor } from '../content/content.repository';
import { ContentService } from '../content/content.service';
import { DocumentPublishing, publishingStateOf } from '../content/document-publishing';
import { postKey } from '../content/document-keys';
import { postsPage } from './post-pages';
import { PostsRepository, type LivePostRow } from './posts.repository';

/**
 * News posts (docs/features/news.md). Their documents are content documents (`post:<id>`): ContentService keeps their
 * drafts, versions, schedules, previews and rules, as for the site's pages; here is what only a post has: being
 * created and deleted, its author, the public list.
 */
@Injectable()
export class PostsService {
  /** Saving, publishing now or at a time, preview, versions and restore of a post's document. */
  readonly documents: DocumentPublishing<PostDetails, PostDocument>;

  constructor(
    private readonly repository: PostsRepository,
    private readonly content: ContentService,
    private readonly audit: AuditLog,
  ) {
    this.documents = new DocumentPublishing(content, {
      keyOf: postKey,
      previewBase: POST_PREVIEW_BASE,
      assertLive: (id) => this.liveOf(id),
      details: (id) => this.details(id),
    });
  }

  async list(): Promise<PostSummary[]> {
    const rows = await this.repository.summaries();
    return rows.map((row) => summaryOf(row, row.draft, row.scheduledAt, row.savedAt));
  }

  /** A new post: a draft with its title and address, its author the admin who creates it; not public until published. */
  async create(title: string, slug: string, author: ContentAuthor): Promise<PostDetails> {
    const id = randomUUID();
    const name = (author.id ? await this.repository.adminName(author.id) : undefined) ?? '';
    const document = newPost(title, slug, name);
    const errors = await this.content.newPostErrors(id, document);
    if (Object.keys(errors).length > 0) throw DomainError.invalid(MESSAGES.contentInvalid, errors);
    await this.repository.create(id, document, author, (tx) => this.audit.record('post.created', { kind: 'post', id }, { title, slug }, { tx }));
    return this.details(id);
  }

  async details(id: string): Promise<PostDetails> {
    const row = await this.liveOf(id);
    const { state, failedSchedule } = await this.content.documentState(postKey(id));
    const draft = state.draft.fields as PostDocument;
    return {
      ...summaryOf(row, draft, state.schedule?.runAt ?? null, state.draft.createdAt),
      ...publishingStateOf<PostDocument>(state, failedSchedule),
      publishedPath: row.post.slug ? postPath(row.post.slug) : null,
    };
  }

  /** The post leaves the site: its address answers 404 from now on (a redirect can be added by hand). */
  async delete(id: string): Promise<void> {
    if (!isId(id)) throw DomainError.notFound(POST_MESSAGES.notFound);
    const deleted = await this.repository.delete(id, (tx, slug) =>
      this.audit.record('post.deleted', { kind: 'post', id }, { path: slug ? postPath(slug) : null }, { tx }),
    );
    if (!deleted) throw DomainError.notFound(POST_MESSAGES.notFound);
    this.content.publishedChanged();
  }

  /** A page of the published posts, the newest first, of one tag or all (GET /api/posts). */
  async publicPage(tag: string | undefined, page: number | undefined): Promise<PostsPage> {
    return postsPage((await this.content.publishedContent()).posts, tag ?? null, page ?? 1);
  }

  private async liveOf(id: string): Promise<LivePostRow> {
    const row = isId(id) ? await this.repository.find(id) : undefined;
    if (!row) throw DomainError.notFound(POST_MESSAGES.notFound);
    return row;
  }
}

function statusOf(publishedVersionId: string | null, scheduledAt: Date | null): PostStatus {
  if (scheduledAt) return 'scheduled';
  return publishedVersionId ? 'published' : 'draft';
}

function summaryOf(row: LivePostRow, draft: PostDocument, scheduledAt: Date | null, savedAt: Date): PostSummary {
  return {
    _id: row.post.id,
    title: draft.title,
    slug: draft.slug,
    path: postPath(draft.slug),
    status: statusOf(row.publishedVersionId, scheduledAt),
    tags: draft.tags,
    authorId: row.post.authorId,
    publishedAt: row.post.publishedAt?.toISOString() ?? null,
    scheduledAt: scheduledAt?.toISOString() ?? null,
    updatedAt: savedAt.toISOString(),
  };
}
