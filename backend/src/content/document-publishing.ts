import type { ContentPageDetails, ContentVersionSummary } from '@brightwave/common';
import type { ContentAuthor, ContentPageState } from './content.repository';
import { toVersionSummary, type ContentService } from './content.service';
import type { DocumentKey } from './document-keys';

/** What every versioned document answers of its publishing, whoever owns it (a built page, a case study, a post). */
export interface PublishingState<Document> {
  draft: Document;
  published: Document | null;
  hasDraft: boolean;
  draftVersionId: string;
  scheduledVersionId: string | null;
  failedSchedule: ContentPageDetails['failedSchedule'];
  versions: ContentVersionSummary[];
}

/** The publishing fields of a document's details, from ContentService.documentState. */
export function publishingStateOf<Document>(state: ContentPageState, failedSchedule: ContentPageDetails['failedSchedule']): PublishingState<Document> {
  return {
    draft: state.draft.fields as Document,
    published: (state.page.publishedFields as Document | null) ?? null,
    hasDraft: state.draft.id !== state.page.publishedVersionId,
    draftVersionId: state.draft.id,
    scheduledVersionId: state.schedule?.versionId ?? null,
    failedSchedule,
    versions: state.versions.map(toVersionSummary),
  };
}

/** One kind of versioned document: where its documents are kept, and what its owner answers. */
export interface DocumentKind<Details> {
  keyOf(id: string): DocumentKey;
  /** The preview route's path before the owner's id (`/preview/pages/`). */
  previewBase: string;
  /** Throws the owner's 404 when there is no live owner of this id. */
  assertLive(id: string): Promise<unknown>;
  /** The owner's details, as its editor reads them after a step. */
  details(id: string): Promise<Details>;
}

/**
 * The publishing steps of one kind of versioned document (built pages, case studies, posts): each checks that the
 * owner exists, runs ContentService's step on the owner's document, and answers the owner's details as they now are.
 * The rules of each step (drafts over a newer one refused, schedules run once, previews signed) are ContentService's.
 */
export class DocumentPublishing<Details, Document> {
  constructor(
    private readonly content: ContentService,
    private readonly kind: DocumentKind<Details>,
  ) {}

  async save(id: string, draft: unknown, author: ContentAuthor, basedOn?: string): Promise<Details> {
    await this.kind.assertLive(id);
    await this.content.saveDocument(this.kind.keyOf(id), draft, author, basedOn);
    return this.kind.details(id);
  }

  /** Publishes the draft now (answers whether that cancelled a schedule), or schedules it for `at`. */
  async publish(id: string, at: string | undefined, author: ContentAuthor): Promise<{ details: Details; scheduleCancelled: boolean }> {
    await this.kind.assertLive(id);
    let scheduleCancelled = false;
    if (at !== undefined) await this.content.scheduleDocument(this.kind.keyOf(id), at, author);
    else scheduleCancelled = await this.content.publishDocumentNow(this.kind.keyOf(id), author);
    return { details: await this.kind.details(id), scheduleCancelled };
  }

  async cancelSchedule(id: string): Promise<Details> {
    await this.kind.assertLive(id);
    await this.content.cancelDocumentSchedule(this.kind.keyOf(id));
    return this.kind.details(id);
  }

  /** A link that shows the owner's page with the current draft, as the site renders it, for an hour. */
  async previewLink(id: string): Promise<{ url: string; expiresAt: string }> {
    await this.kind.assertLive(id);
    const { token, expiresAt } = await this.content.previewGrant(this.kind.keyOf(id));
    return { url: `${this.kind.previewBase}${id}?token=${encodeURIComponent(token)}`, expiresAt };
  }

  async version(id: string, versionId: string): Promise<ContentVersionSummary & { document: Document }> {
    await this.kind.assertLive(id);
    const row = await this.content.versionOf(this.kind.keyOf(id), versionId);
    return { ...toVersionSummary(row), document: row.fields as Document };
  }

  async restore(id: string, versionId: string, author: ContentAuthor): Promise<Details> {
    await this.kind.assertLive(id);
    await this.content.restoreDocument(this.kind.keyOf(id), versionId, author);
    return this.kind.details(id);
  }
}
