import {
  CASE_STUDY_FIELDS,
  CASE_STUDY_MESSAGES,
  CASE_STUDY_PREVIEW_BASE,
  MESSAGES,
  caseStudyPath,
  emptyCaseStudy,
  isCaseStudySlug,
  type AnswerOf,
  type CaseStudyDetails,
  type CaseStudyDocument,
  type PortfolioItem,
} from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { changedFields, givenFields } from '../audit/changed-fields';
import { DomainError } from '../common/domain-error';
import { jsonBytes, ok, type JsonBytes } from '../common/answer';
import { PUBLIC_LIST_TTL_MS, TtlCache } from '../common/ttl-cache';
import { isId } from '../common/ids';
import type { ContentAuthor } from '../content/content.repository';
import { ContentService } from '../content/content.service';
import { DocumentPublishing, publishingStateOf } from '../content/document-publishing';
import { caseStudyKey } from '../content/document-keys';
import { RedirectsService } from '../redirects/redirects.service';
import type { PortfolioDto } from './dto/portfolio.dto';
import { toPortfolioItem } from './portfolio.mapper';
import { PortfolioRepository } from './portfolio.repository';

/** Technologies keep their first spelling; repeats ("React", "react") are dropped. */
function uniqueTechStack(techStack: string[]): string[] {
  const seen = new Set<string>();
  return techStack.filter((tech) => {
    const key = tech.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const NOBODY: ContentAuthor = { id: null, email: null };

/** The SPEC's fields of a body (what the row holds), apart from the slug and the case study's fields. */
function specValues(dto: PortfolioDto) {
  const { category, projectTitle, projectSubtitle, description, imgLink, linkToProject, techStack } = dto;
  return { category, projectTitle, projectSubtitle, description, imgLink, linkToProject, techStack: uniqueTechStack(techStack) };
}

/** The case study's fields a body gives (none for an old client that sends only the SPEC's fields). */
function givenStory(dto: PortfolioDto): Partial<CaseStudyDocument> {
  return Object.fromEntries(
    Object.keys(CASE_STUDY_FIELDS).flatMap((name) => (dto[name as keyof PortfolioDto] === undefined ? [] : [[name, dto[name as keyof PortfolioDto]]])),
  );
}

/**
 * The portfolio (SPEC §3) and each item's case study (docs/features/case-studies.md). The SPEC's fields and the slug
 * are the row's and change at once; the case study's story is a content document (`case:<id>`): ContentService keeps
 * its drafts, versions, schedules, previews and rules, as for the site's pages and the built pages.
 */
@Injectable()
export class PortfolioService {
  private readonly publicList = new TtlCache<JsonBytes<AnswerOf<'GET /api/portfolio'>>>(PUBLIC_LIST_TTL_MS);

  /** Publishing now or at a time, preview, versions and restore of an item's case study (its drafts are saved by update()). */
  readonly documents: DocumentPublishing<CaseStudyDetails, CaseStudyDocument>;

  constructor(
    private readonly portfolio: PortfolioRepository,
    private readonly content: ContentService,
    private readonly redirects: RedirectsService,
    private readonly audit: AuditLog,
  ) {
    this.documents = new DocumentPublishing(content, {
      keyOf: caseStudyKey,
      previewBase: CASE_STUDY_PREVIEW_BASE,
      assertLive: (id) => this.rowOf(id),
      details: (id) => this.caseStudy(id),
    });
  }

  /** The answer of GET /api/portfolio as JSON, cached briefly (every visit to /portfolio asks for it). */
  listJson(): Promise<JsonBytes<AnswerOf<'GET /api/portfolio'>>> {
    return this.publicList.get(async () => jsonBytes(ok({ portfolios: (await this.portfolio.listNewestFirst()).map(toPortfolioItem) })));
  }

  /** The public answer while its cache is fresh, else undefined (the route then loads it). */
  freshListJson(): JsonBytes<AnswerOf<'GET /api/portfolio'>> | undefined {
    return this.publicList.fresh();
  }

  async create(dto: PortfolioDto, author: ContentAuthor = NOBODY): Promise<PortfolioItem> {
    const story = { ...emptyCaseStudy(), ...givenStory(dto) };
    // (null is absent for the DTO's optional fields.)
    const slug = dto.slug ?? undefined;
    await this.assertValid(slug, undefined, story);
    const row = await this.portfolio.insert(specValues(dto), slug, story, author);
    if (!row) throw this.slugTaken(slug ?? '', await this.portfolio.slugOwner(slug ?? ''));
    this.changed();
    await this.audit.record('portfolio.created', { kind: 'portfolio', id: row.id }, { fields: givenFields(dto), title: row.projectTitle });
    return toPortfolioItem(row);
  }

  /**
   * Replaces the SPEC's fields; a new slug moves the case study (its old address answers 301); the case study's fields,
   * when given, are saved as its draft (over the draft it was edited from: 409 over a newer one). Everything is checked
   * before anything is stored.
   */
  async update(id: string, dto: PortfolioDto, author: ContentAuthor = NOBODY): Promise<PortfolioItem> {
    const current = isId(id) ? await this.portfolio.findById(id) : undefined;
    if (!current) throw DomainError.notFound(MESSAGES.portfolioNotFound);
    const story = givenStory(dto);
    const key = caseStudyKey(id);
    let draft: CaseStudyDocument | undefined;
    if (Object.keys(story).length > 0) {
      const { state } = await this.content.documentState(key);
      if (dto.baseVersionId != null && dto.baseVersionId !== state.draft.id) throw DomainError.conflict(MESSAGES.contentChangedMeanwhile);
      draft = { ...(state.draft.fields as CaseStudyDocument), ...story };
    }
    const slug = dto.slug ?? undefined;
    await this.assertValid(slug, id, draft);
    const values = specValues(dto);
    const updated = await this.portfolio.update(id, values, slug, author.email);
    if (updated === 'slug-taken') throw this.slugTaken(slug ?? '', await this.portfolio.slugOwner(slug ?? '', id));
    if (!updated) throw DomainError.notFound(MESSAGES.portfolioNotFound);
    if (draft) await this.content.saveDocument(key, draft, author, dto.baseVersionId ?? undefined);
    this.changed();
    if (updated.redirects) {
      this.redirects.changed();
      const created = updated.redirects.created;
      if (created) {
        await this.audit.record(
          'redirect.created',
          { kind: 'redirect', id: created.id },
          { from: created.fromPath, to: created.to, status: created.status, source: 'portfolio' },
        );
      }
    }
    const changed = changedFields(current, { ...values, ...(slug === undefined ? {} : { slug }) });
    await this.audit.record('portfolio.updated', { kind: 'portfolio', id }, { fields: [...changed, ...Object.keys(story)] });
    return toPortfolioItem(updated.row);
  }

  async delete(id: string): Promise<void> {
    const title = isId(id) ? await this.portfolio.delete(id) : undefined;
    if (title === undefined) throw DomainError.notFound(MESSAGES.portfolioNotFound);
    this.changed();
    // Its address answers 410 at once here (the published content's gone paths), elsewhere within its time to live.
    this.content.publishedChanged();
    await this.audit.record('portfolio.deleted', { kind: 'portfolio', id }, { title });
  }

  /** The item's case study as its editor sees it. */
  async caseStudy(id: string): Promise<CaseStudyDetails> {
    const row = await this.rowOf(id);
    const { state, failedSchedule } = await this.content.documentState(caseStudyKey(id));
    const scheduledAt = state.schedule?.runAt ?? null;
    return {
      item: toPortfolioItem(row),
      path: caseStudyPath(row.slug),
      status: scheduledAt ? 'scheduled' : state.page.publishedVersionId ? 'published' : 'draft',
      publishedAt: state.page.publishedAt?.toISOString() ?? null,
      scheduledAt: scheduledAt?.toISOString() ?? null,
      ...publishingStateOf<CaseStudyDocument>(state, failedSchedule),
    };
  }

  /** 400 naming each field: a slug that is not one, or taken; a case study that does not fit its rules. */
  private async assertValid(slug: string | undefined, id: string | undefined, story: CaseStudyDocument | undefined): Promise<void> {
    const errors: Record<string, string> = story ? await this.content.caseStudyRuleErrors(story) : {};
    if (slug !== undefined) {
      if (!isCaseStudySlug(slug)) errors.slug = CASE_STUDY_MESSAGES.slug;
      else {
        const owner = await this.portfolio.slugOwner(slug, id);
        if (owner !== undefined) errors.slug = CASE_STUDY_MESSAGES.slugTaken(owner);
      }
    }
    const [first] = Object.values(errors);
    if (first !== undefined) throw DomainError.invalid(first, errors);
  }

  private slugTaken(slug: string, owner: string | undefined): DomainError {
    const message = CASE_STUDY_MESSAGES.slugTaken(owner ?? slug);
    return DomainError.invalid(message, { slug: message });
  }

  /** The public list, the portfolio page and every case study show the change (at once here, elsewhere within 5 s). */
  private changed(): void {
    this.publicList.clear();
  }

  private async rowOf(id: string) {
    const row = isId(id) ? await this.portfolio.findById(id) : undefined;
    if (!row) throw DomainError.notFound(MESSAGES.portfolioNotFound);
    return row;
  }
}
