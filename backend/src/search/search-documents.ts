import {
  JOB_DEPARTMENT_LABELS,
  JOB_LOCATION_LABELS,
  JOB_TYPE_LABELS,
  PAGE_BLOCKS,
  caseStudyPath,
  contentPagePath,
  jobPath,
  richPlainText,
  type ContentField,
  type ContentValue,
  type Job,
  type PortfolioItem,
  type RichDocument,
  type SearchResultKind,
  type ServicesContent,
} from '@brightwave/common';
import type { PublishedContent } from '../content/content.service';

/**
 * One thing search can find, as the site shows it: its title (weighted highest), its summary (next), the rest of its
 * text, and where it is.
 */
export interface SearchDocument {
  kind: SearchResultKind;
  title: string;
  url: string;
  summary: string;
  body: string;
}

// The marks ts_headline puts around a match (search.repository.ts): characters no text keeps, so that a snippet can be
// escaped whole and the marks turned into <mark> after.
export const MATCH_START = '\u0001';
export const MATCH_END = '\u0002';
// eslint-disable-next-line no-control-regex -- the control characters are what is removed
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

const clean = (text: string) => text.replace(CONTROL_CHARACTERS, ' ');
const joined = (parts: readonly string[]) => clean(parts.filter(Boolean).join('\n'));

/**
 * The text a visitor reads in a record of content values, by its fields' kinds: text and prose, in lists too; never a
 * picture's address, a link's target or a number.
 */
function fieldsText(fields: Record<string, ContentField>, values: object): string[] {
  const valueOf = new Map<string, unknown>(Object.entries(values));
  return Object.entries(fields).flatMap(([key, field]) => valueText(field, valueOf.get(key) as ContentValue | undefined));
}

function valueText(field: ContentField, value: ContentValue | undefined): string[] {
  if (value === undefined) return [];
  if (field.kind === 'text' && typeof value === 'string') return [value];
  if (field.kind === 'rich' && typeof value === 'object' && !Array.isArray(value)) return [richPlainText(value as RichDocument)];
  if (field.kind !== 'list' || !Array.isArray(value)) return [];
  if (field.of) return value.flatMap((item) => valueText(field.of, item));
  return value.flatMap((item) => (typeof item === 'object' && item !== null && !Array.isArray(item) ? fieldsText(field.fields, item) : []));
}

/**
 * Everything search looks through, from what visitors see now: the published built pages, every portfolio item's
 * case study with its published story (never its draft), the published posts, the published Services page's cards
 * and the open jobs (the public list's, so the same rule).
 */
export function searchDocuments(content: PublishedContent, portfolio: readonly PortfolioItem[], jobs: readonly Job[]): SearchDocument[] {
  const pages = [...content.builtPages.values()].map(({ path, document }): SearchDocument => {
    const blocks = document.blocks.flatMap((block) => {
      const spec = PAGE_BLOCKS[block.type] as { fields: Record<string, ContentField> } | undefined;
      return spec ? fieldsText(spec.fields, block) : [];
    });
    return { kind: 'page', title: clean(document.title), url: path, summary: clean(document.seo.description), body: joined(blocks) };
  });
  const caseStudies = portfolio.map((item): SearchDocument => {
    const story = content.caseStudies.get(item._id)?.document;
    const storyText = story
      ? [story.client, story.industry, ...story.results.map((result) => `${result.value} ${result.label}`), richPlainText(story.body)]
      : [];
    return {
      kind: 'case-study',
      title: clean(item.projectTitle),
      url: caseStudyPath(item.slug),
      summary: joined([item.projectSubtitle, item.description]),
      body: joined([...item.techStack, ...storyText]),
    };
  });
  const posts = content.posts.map(({ path, document }): SearchDocument => ({
    kind: 'post',
    title: clean(document.title),
    url: path,
    summary: clean(document.summary),
    body: joined([richPlainText(document.body), ...document.tags, document.authorName]),
  }));
  const services = (content.pages.services as ServicesContent).offer.cards.map((card): SearchDocument => ({
    kind: 'service',
    title: clean(card.title),
    url: `${contentPagePath('services')}#${card.anchor}`,
    summary: clean(richPlainText(card.description)),
    body: joined(card.features),
  }));
  const openJobs = jobs.map((job): SearchDocument => ({
    kind: 'job',
    title: clean(job.title),
    url: jobPath(job),
    summary: [JOB_DEPARTMENT_LABELS[job.department], JOB_LOCATION_LABELS[job.location], JOB_TYPE_LABELS[job.type]].join(' · '),
    body: joined([job.description, ...job.requirements, job.experience]),
  }));
  return [...pages, ...caseStudies, ...posts, ...services, ...openJobs];
}
